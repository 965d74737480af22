import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Published, publish, publisher, shown } from './support/publishing';

/**
 * Accessibility (issue 23): axe-core at WCAG 2.1 A and AA over the main state of every journey, with
 * no violation. The states are this one table: a new page or modal is one more line.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { width: 360, height: 740 };
const BOOK = 'Accessible atlas';

interface Ctx {
  page: Page;
  book: Published;
}
interface State {
  name: string;
  /** Signed in as the publisher of BOOK (else a visitor). */
  signedIn?: boolean;
  viewport?: { width: number; height: number };
  /** Goes to the state and waits until it is shown. */
  open: (ctx: Ctx) => Promise<void>;
}

const dialog = (page: Page) => page.getByRole('dialog');
async function bookList(page: Page) {
  await page.goto('/account/book');
  await expect(page.getByRole('heading', { name: /Publications/ })).toBeVisible();
  await expect(page.getByRole('button', { name: `Settings of “${BOOK}”` })).toBeVisible();
}
async function home(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toBeVisible();
}
async function reader({ page, book }: Ctx) {
  await page.goto(book.url.viewer);
  await shown(page, 1);
}

const STATES: State[] = [
  { name: 'home, signed out', open: ({ page }) => home(page) },
  { name: 'home, signed out, phone', viewport: PHONE, open: ({ page }) => home(page) },
  {
    name: 'sign-up modal, register tab',
    open: async ({ page }) => {
      await page.goto('/register');
      await expect(dialog(page).getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'contact modal, with errors',
    open: async ({ page }) => {
      await page.goto('/contact');
      await dialog(page).getByRole('button', { name: 'Send' }).click();
      await expect(dialog(page).getByText('Message is required')).toBeVisible();
    },
  },
  {
    name: 'resources submenu',
    open: async ({ page }) => {
      await home(page);
      await page.getByRole('button', { name: 'Resources' }).click();
      await expect(page.getByRole('menuitem', { name: 'All blog posts' })).toBeVisible();
    },
  },
  {
    name: 'blog post',
    open: async ({ page }) => {
      await page.goto('/blog/publish-your-first-flipbook');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'sign-up modal, login tab',
    open: async ({ page }) => {
      await page.goto('/login');
      await expect(dialog(page).getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'dashboard',
    signedIn: true,
    open: async ({ page }) => {
      await page.goto('/account/dashboard');
      await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    },
  },
  { name: 'publication list', signedIn: true, open: ({ page }) => bookList(page) },
  {
    name: 'settings modal',
    signedIn: true,
    open: async ({ page }) => {
      await bookList(page);
      await page.getByRole('button', { name: `Settings of “${BOOK}”` }).click();
      await expect(dialog(page).getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    name: 'share modal',
    signedIn: true,
    open: async ({ page }) => {
      await bookList(page);
      await page.locator('.book-item__share').first().click();
      await expect(dialog(page).locator('#share-link')).not.toHaveValue('');
    },
  },
  { name: 'reader', open: reader },
  { name: 'reader, phone', viewport: PHONE, open: reader },
  {
    name: 'reader, phone, More menu open',
    viewport: PHONE,
    open: async (ctx) => {
      await reader(ctx);
      await ctx.page.getByRole('button', { name: 'More' }).click();
      await expect(ctx.page.getByRole('menu', { name: 'More' })).toBeVisible();
    },
  },
  {
    name: 'public publication page',
    open: async ({ page, book }) => {
      await page.goto(`/publication/${book.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOOK);
    },
  },
  {
    name: 'favourites, removed with Undo',
    signedIn: true,
    open: async ({ page, book }) => {
      await page.goto('/account/dashboard');
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);
      await page.request.post('/api/public/book/favorite/create?v=2', {
        headers: { authorization: `Bearer ${token}` },
        data: { id: book.id },
      });
      await page.goto('/account/favorite');
      await page.getByRole('button', { name: `Remove “${BOOK}” from your favourites` }).click();
      await expect(page.getByTestId('favorites-note').getByRole('button', { name: 'Undo' })).toBeVisible();
    },
  },
  {
    name: 'reader, favourite heart signed out',
    open: async ({ page, book }) => {
      await reader({ page, book });
      await page.getByRole('button', { name: 'Add to favourites', exact: true }).click();
      await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    },
  },
  {
    name: 'statistics',
    signedIn: true,
    open: async ({ page }) => {
      await page.goto('/account/stats');
      // Nothing read yet: the empty state (a publication, no reader).
      await expect(page.getByTestId('stats-empty')).toBeVisible();
    },
  },
  {
    name: 'privacy, confirming a deletion',
    signedIn: true,
    open: async ({ page }) => {
      await page.goto('/account/privacy');
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await expect(page.getByLabel('Your password')).toBeFocused();
    },
  },
];

/** One publisher and one converted publication for the whole file (per worker). */
let storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
let book: Published;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await publisher(page, { name: 'A11y Press' });
  book = await publish(page.request, token, BOOK, { description: 'Charts of the coast, for every reader.' });
  storageState = await context.storageState();
  await context.close();
});

test.describe('accessibility: WCAG 2.1 AA, no violation', () => {
  for (const state of STATES) {
    test(state.name, async ({ browser }) => {
      const context = await browser.newContext({
        ...(state.signedIn ? { storageState } : {}),
        viewport: state.viewport ?? { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      try {
        await state.open({ page, book });
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
        const found = violations.map((v) => ({
          rule: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
        }));
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
