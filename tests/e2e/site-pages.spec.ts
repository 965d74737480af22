import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The site's own pages (pricing, terms, explorer, privacy) in Chromium, at 1280 px (desktop project),
 * 360 px (phone project), and in German and Russian at 320 px: each renders with its one heading, the
 * page never scrolls sideways, axe finds no WCAG 2.1 AA violation, and the screenshots land in the
 * results folder (SITE_SCREENSHOTS=<dir> puts them elsewhere) to look at.
 */
const PAGES = [
  { path: '/upgrade', name: 'pricing', heading: 'Plans for every publisher' },
  { path: '/terms', name: 'terms', heading: 'Terms of use' },
  { path: '/explorer', name: 'explorer', heading: 'Explore publications' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy policy' },
];

async function check(page: Page, { path, name, heading }: (typeof PAGES)[number], width: number) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(client).toBe(width);
  expect(scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(client);
  // WCAG 2.1 A and AA, as tests/e2e/a11y.spec.ts checks the app.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const dir = process.env.SITE_SCREENSHOTS ?? test.info().outputDir;
  await page.screenshot({ path: `${dir}/site-${name}-${width}.png`, fullPage: true });
}

test.describe('site pages', () => {
  for (const entry of PAGES) {
    test(`${entry.path} at 1280 px`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await check(page, entry, 1280);
    });
    test(`${entry.path} at 360 px @phone`, async ({ page }) => {
      await check(page, entry, 360);
    });
  }

  test('pricing compares the plans in a table a screen reader can read', async ({ page }) => {
    await page.goto('/upgrade');
    const table = page.getByRole('table', { name: 'What each plan includes' });
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Free', 'Premium', 'Platinum']);
    await expect(table.getByRole('rowheader').first()).toContainText('Files per upload');
  });

  test('the explorer lists the demo publication and its tabs are links', async ({ page }) => {
    await page.goto('/explorer');
    const tabs = page.getByRole('navigation', { name: 'Lists' });
    await expect(tabs.getByRole('link', { name: 'Latest' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Featured' }).click();
    await expect(page).toHaveURL(/\/explorer\?tab=featured$/);
    await expect(tabs.getByRole('link', { name: 'Featured' })).toHaveAttribute('aria-current', 'page');
  });
});

for (const lang of ['de', 'ru']) {
  test.describe(`site pages in ${lang}`, () => {
    test.use({ locale: lang, viewport: { width: 320, height: 640 } });
    test(`every page in ${lang} at 320 px keeps to the screen @phone`, async ({ page }) => {
      for (const { path } of PAGES) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const dir = process.env.SITE_SCREENSHOTS ?? test.info().outputDir;
        await page.screenshot({ path: `${dir}/site-${lang}${path.replace('/', '-')}-360.png`, fullPage: true });
        // The widest elements, to name what overflows.
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest('.compare > *'))
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
          return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
        });
        expect(overflow.by, `${path} in ${lang} scrolls sideways: ${overflow.wide.join(' ')}`).toBeLessThanOrEqual(0);
      }
    });
  });
}
