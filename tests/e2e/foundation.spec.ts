import { expect, type Page, test } from '@playwright/test';
import { SITE_PATHS } from '../../src/contracts/pages';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('app shell and languages', () => {
  test('home page loads in English by default', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page)).toHaveText('Turn your documents into flipbooks people love to read');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Publish', exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('server-version')).toBeVisible();
  });

  test('home page loads in German from the lang cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(heading(page)).not.toHaveText('Turn your documents into flipbooks people love to read');
    await expect(page.getByRole('link', { name: 'Veröffentlichen', exact: true }).first()).toBeVisible();
  });

  test('a language subdomain selects its language (ita maps to it)', async ({ page }) => {
    await page.goto(`http://ita.localhost:${process.env.QUIRE_E2E_PORT ?? 4390}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('the language modal switches without a reload and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.getByRole('button', { name: 'Change language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your language' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Publier', exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
  });
});

test.describe('alerts for failing calls', () => {
  test('a server error shows its translated message with the request id', async ({ page }) => {
    await page.route('**/api/public/status**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', content: { type: 'SERVER', code: 503 }, id: 'req-e2e-42' }),
      }),
    );
    await page.goto('/');
    const alert = page.locator('.alert');
    await expect(alert).toContainText('The service is temporarily unavailable');
    await expect(alert).toContainText('req-e2e-42');
    await expect(alert).toHaveClass(/alert--warning/);
    // error severity: shown as warning, gone after 3 s (+ animation)
    await expect(alert).toHaveCount(0, { timeout: 6_000 });
  });

  test('a dropped connection shows commons.requestError', async ({ page }) => {
    await page.route('**/api/public/status**', (route) => route.abort('connectionreset'));
    await page.goto('/');
    await expect(page.locator('.alert')).toContainText('The request failed');
  });

  test('an unreadable answer shows commons.parseError', async ({ page }) => {
    await page.route('**/api/public/status**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{not json' }),
    );
    await page.goto('/');
    await expect(page.locator('.alert')).toContainText('could not read');
  });
});

test.describe('routing', () => {
  test('an unknown page shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(heading(page)).toHaveText('This page is not in the book');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('header search goes to /search#search-{term}/books and ignores empty text', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search publications' });
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await box.fill('annual report');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search#search-annual%20report\/books$/);
    await expect(page.getByTestId('search-term')).toContainText('annual report');
    await box.fill('budget');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search#search-budget\/books$/);
    await expect(page.getByTestId('search-term')).toContainText('budget');
  });

  test('a page that requires login shows a non-closeable sign-up modal whose dismissal goes home', async ({ page }) => {
    await page.goto('/account/dashboard');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign up' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText('Turn your documents into flipbooks people love to read');
  });

  test('a page module that fails to load shows a translated error and retries', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    let block = true;
    await page.route('**/assets/chunks/Search-*.js', (route) => (block ? route.abort('failed') : route.continue()));
    await page.getByRole('searchbox', { name: 'Search publications' }).fill('x');
    await page.getByRole('searchbox', { name: 'Search publications' }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'This page did not load' })).toBeVisible();
    block = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    // A failed import is cached by the browser for its URL, so the retry reloads the document.
    await expect(heading(page)).toHaveText('Search');
    await expect(page.getByTestId('search-term')).toContainText('x');
  });
});

test.describe('phone layout', () => {
  test('@phone the drawer menu lists the mobile links and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/is-mobile/);
    await expect(page.locator('html')).toHaveClass(/is-touch/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // SPEC §2's links, in order, each shown once its page exists (no dead ends) — and then it answers 200.
    for (const href of [
      '/personalization',
      '/integrations',
      '/studio',
      '/conversion',
      '/multi-account',
      '/share',
      '/analyse',
      '/subscribers',
      '/features',
      '/upgrade',
      '/explorer',
      '/guided-tour',
      '/mag',
      '/case-studies',
      '/terms',
    ]) {
      const served = SITE_PATHS.includes(href);
      await expect(drawer.locator(`a[href="${href}"]`), href).toHaveCount(served ? 1 : 0);
      if (served) expect((await page.request.get(href)).status(), href).toBe(200);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
