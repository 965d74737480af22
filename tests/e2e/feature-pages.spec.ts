import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { RESULTS_DIR } from './support/paths';

/**
 * The feature pages (src/server/site/features) in Chromium: each renders its heading, its screenshots
 * decoded, without horizontal scrolling at 1280 px and on a 360 px phone; the live demo flipbook on
 * /features shows the demo publication in the real reader (the e2e server seeds the demo).
 */

// (The page table itself, site/features/catalog.ts, holds Lingui macros Playwright does not compile.)
const PATHS = [
  '/features',
  '/conversion',
  '/personalization',
  '/studio',
  '/integrations',
  '/share',
  '/analyse',
  '/subscribers',
  '/multi-account',
  '/mag',
  '/case-studies',
  '/guided-tour',
];

async function checkPage(page: Page, path: string, shot: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // Every screenshot decoded (the page's own, lazy ones included once scrolled to).
  const images = page.locator('main img');
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: path }).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${RESULTS_DIR}/feature-pages/${shot}${path.replace(/\//g, '_')}.png`, fullPage: true });
}

test.describe('feature pages at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every feature page renders without horizontal scroll', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of PATHS) await checkPage(page, path, 'desktop');
  });

  test('every feature page passes axe (WCAG 2.1 A and AA)', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of PATHS) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        path,
      ).toEqual([]);
    }
  });

  test('the overview shows the demo publication live in the reader', async ({ page }) => {
    await page.goto('/features');
    const frame = page.locator('.fp-demo iframe');
    await expect(frame).toHaveCount(1, { timeout: 30_000 });
    await frame.scrollIntoViewIfNeeded();
    const reader = page.frameLocator('.fp-demo iframe');
    await expect(reader.getByRole('heading', { name: 'Welcome to Quire' })).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() =>
        reader
          .locator('.qr-page[data-page="1"] img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    // The reader works inside the frame: the next page turns.
    await reader.getByRole('button', { name: 'Next page' }).click();
    await expect(reader.getByRole('textbox', { name: 'Page number' })).not.toHaveValue('1');
  });
});

test('every feature page fits a 360 px phone @phone', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PATHS) await checkPage(page, path, 'phone');
  // The header's main links give way to the menu, which lists every feature page.
  await expect(page.locator('.site-nav')).toBeHidden();
  await page.locator('.site-menu > summary').click();
  for (const path of PATHS) await expect(page.locator(`.site-menu__panel a[href="${path}"]`)).toBeVisible();
});

test('the longest languages fit a 360 px phone too @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  for (const lang of ['de', 'ru']) {
    // The language the app's own switch keeps (the `lang` cookie).
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? '' }]);
    for (const path of PATHS) await checkPage(page, path, `phone-${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
});
