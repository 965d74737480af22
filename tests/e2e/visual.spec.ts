import { expect, type Page, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';
import { look } from './support/visual';

/**
 * The visual pass (issue 22): the main screens at 1,280 × 720 and 360 × 740, in English, German and
 * Russian, fail on a console error, sideways scrolling, text cut by its container, a control out of
 * reach, or an image that failed to load (tests/e2e/support/visual.ts). Screenshots are kept in
 * `.tmp/e2e-results/visual/` (the run's artefacts). Selectors are roles and classes, never texts,
 * so they hold in every language.
 */
const LANGS = ['en', 'de', 'ru'] as const;

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

async function inLanguage(page: Page, lang: string): Promise<void> {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: 'lang', value: lang, domain: url.hostname, path: '/' }]);
}

const dialog = (page: Page) => page.getByRole('dialog').last();

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The screens of a signed-in publisher with one converted publication, in one language; answers what is wrong. */
async function walk(page: Page, lang: string, size: 'desktop' | 'phone'): Promise<string[]> {
  const found: string[] = [];
  const name = (screen: string) => `${size}-${lang}-${screen}`;
  // The embed dialog fits a 1,280 × 720 window without scrolling (issue 22's bar); the settings keep one
  // height, their title and their actions in view while a long tab scrolls inside.
  const fit = { dialogsFit: size === 'desktop' };

  await page.goto('/');
  await inLanguage(page, lang);
  await page.context().clearCookies({ name: 'quire_token' });
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...(await look(page, name('home'))));
  await page.goto('/register');
  await expect(dialog(page)).toBeVisible();
  found.push(...(await look(page, name('register'))));
  await closeDialog(page);

  // Signed in (in English, where the sign-in helpers read labels), then the same screens in the language.
  await inLanguage(page, 'en');
  const token = await publisher(page, { name: `Visual ${lang} Press`, mode: 'PREMIUM' });
  await publish(page.request, token, `A publication with a long enough title ${lang}`);
  await inLanguage(page, lang);

  await page.goto('/account/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  found.push(...(await look(page, name('dashboard'))));

  await page.goto('/account/book');
  const item = page.locator('.book-item').first();
  await expect(item.locator('.book-item__actions button').first()).toBeVisible();
  found.push(...(await look(page, name('books'))));

  // The settings modal, tab by tab.
  await item.locator('.book-item__actions button').nth(0).click();
  const settings = dialog(page);
  const tabs = settings.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    found.push(...(await look(page, name(`settings-${i + 1}`))));
  }
  await closeDialog(page);

  // Share, then the single book's embed, then the library's embed.
  await item.locator('.book-item__actions button').nth(1).click();
  await expect(dialog(page)).toBeVisible();
  found.push(...(await look(page, name('share'))));
  await closeDialog(page);
  await item.locator('.book-item__actions button').nth(2).click();
  await expect(dialog(page).locator('iframe')).toBeVisible();
  found.push(...(await look(page, name('embed-book'), fit)));
  await closeDialog(page);
  // The library's embed has more options: they may scroll, its code and copy button stay in view.
  await page.locator('[data-action="embed-library"]').click();
  await expect(dialog(page).locator('iframe')).toBeVisible();
  found.push(...(await look(page, name('embed-library'))));
  await closeDialog(page);

  await page.goto('/publish');
  await expect(dialog(page)).toBeVisible();
  found.push(...(await look(page, name('publish'))));
  await closeDialog(page);

  // The reader.
  const reader = await page.context().newPage();
  const readerErrors = consoleErrors(reader);
  await page.goto('/account/book');
  const href = await page.locator('.book-item__link').first().getAttribute('href');
  const overview = await page.request.get(href ?? '/');
  expect(overview.status()).toBe(200);
  const readerUrl = /href="([^"]*\/read\/[^"]+)"/.exec(await overview.text())?.[1]?.replace(/&amp;/g, '&');
  await reader.goto(readerUrl ?? '/');
  await shown(reader, 1);
  found.push(...(await look(reader, name('reader'))));
  await reader.close();
  found.push(...readerErrors.map((e) => `${name('reader')}: ${e}`));
  return found;
}

test.describe('visual pass', () => {
  test.setTimeout(300_000);
  for (const lang of LANGS) {
    test(`main screens at 1280 × 720 in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const errors = consoleErrors(page);
      const found = await walk(page, lang, 'desktop');
      expect([...found, ...errors]).toEqual([]);
    });
    test(`main screens at 360 × 740 in ${lang} @phone`, async ({ page }) => {
      const errors = consoleErrors(page);
      const found = await walk(page, lang, 'phone');
      expect([...found, ...errors]).toEqual([]);
    });
  }
});
