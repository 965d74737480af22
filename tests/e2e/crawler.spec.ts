import { expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';

/**
 * No link leads nowhere (issue "The public site"): starting at `/`, signed out and signed in as a free
 * and a platinum account, the crawler gathers every link of the header, the drawer, the footer, the
 * account menu, the publish modal and the sign-up modal, then visits every page of this site it can
 * reach from there (the server-rendered site pages lead on to publications and publishers). Each page
 * must answer HTTP 200 and show a heading; each file-like link must answer 200.
 */

type Who = 'visitor' | 'FREE' | 'PLATINUM';

/** At most this many pages of one shape (ids replaced): /publication/<a> and /publication/<b> are one. */
const PER_SHAPE = 2;
/** A bound on one crawl, far above what the site has today. */
const MAX_PAGES = 120;

const shapeOf = (path: string) =>
  path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{12,}$/.test(segment) && /\d/.test(segment) ? ':id' : segment))
    .join('/');

/** Where a link leads on this site: the path with its query, or null (another site, mail, a fragment alone). */
function internal(href: string, origin: string): string | null {
  if (!href || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) return null;
  const url = new URL(href, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}`;
}

async function linksIn(page: Page, scope = 'body'): Promise<string[]> {
  return page
    .locator(scope)
    .first()
    .evaluate((el) => [...el.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''));
}

/** The links of the app's menus and modals, which a plain page load does not show. */
async function menuLinks(page: Page, who: Who): Promise<string[]> {
  const found: string[] = [];
  await page.goto('/');
  await expect(page.getByRole('heading').first()).toBeVisible();
  found.push(...(await linksIn(page)));
  // The drawer (phones).
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  found.push(...(await linksIn(page, 'dialog[open]')));
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  if (size) await page.setViewportSize(size);
  if (who === 'visitor') {
    // The sign-up modal (its tabs' links: terms, forgotten password…).
    await page.goto('/register');
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await linksIn(page, 'dialog[open]')));
    return found;
  }
  // The account menu.
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  found.push(...(await linksIn(page, '[role="menu"]')));
  await page.keyboard.press('Escape');
  // The publish modal.
  await page.goto('/publish');
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await linksIn(page, 'dialog[open]')));
  return found;
}

async function crawl(page: Page, who: Who): Promise<void> {
  const origin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  const start = await menuLinks(page, who);
  const base = new URL(page.url()).origin || origin;
  const queue: string[] = ['/', ...start.map((h) => internal(h, base)).filter((p): p is string => p !== null)];
  const seen = new Set<string>();
  const shapes = new Map<string, number>();
  const problems: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_PAGES) {
    const target = queue.shift() as string;
    const path = target.split('?')[0] ?? target;
    if (seen.has(target)) continue;
    seen.add(target);
    const shape = shapeOf(path);
    if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    // Files (images, downloads, feeds) and the API: their answer, not a page.
    if (path.startsWith('/api/') || /\.[a-z0-9]{2,5}$/i.test(path)) {
      const res = await page.request.get(target);
      if (res.status() !== 200) problems.push(`${target}: HTTP ${res.status()}`);
      continue;
    }
    visited++;
    const response = await page.goto(target);
    const status = response?.status() ?? 0;
    if (status !== 200) {
      problems.push(`${target}: HTTP ${status}`);
      continue;
    }
    const heading = page.getByRole('heading').first();
    if (!(await heading.isVisible({ timeout: 10_000 }).catch(() => false))) {
      // A heading may appear once the page's module has loaded.
      await heading.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => problems.push(`${target}: no heading`));
    }
    for (const href of await linksIn(page)) {
      const next = internal(href, base);
      if (next !== null && !seen.has(next)) queue.push(next);
    }
  }
  expect(problems, `broken links as ${who}`).toEqual([]);
  expect(visited, 'pages visited').toBeGreaterThan(1);
}

test.describe('every link leads to a page', () => {
  test('signed out', async ({ page }) => {
    test.setTimeout(240_000);
    await crawl(page, 'visitor');
  });

  for (const mode of ['FREE', 'PLATINUM'] as const) {
    test(`signed in, ${mode.toLowerCase()}`, async ({ page }) => {
      test.setTimeout(240_000);
      const email = await activeAccount(page, `Crawler ${mode}`, { mode });
      await page.goto('/login');
      await signIn(page, email);
      await crawl(page, mode);
    });
  }
});
