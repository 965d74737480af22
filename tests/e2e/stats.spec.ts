import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, devices, expect, type Locator, type Page, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';
import { countedAsReader } from './support/stats';

/**
 * Statistics (issue 17), the quality bar: a publication read in fresh contexts on a phone, on a desktop
 * and from an embed on another site (a plain page on a port of its own), then the owner's dashboard
 * /account/stats shows one view each, the device split, the pages read and the embedding site's host on
 * the 30-day view; the publication view keeps its address across a reload; a table's CSV export has the
 * numbers of the screen.
 */

/** A plain HTML page with `body` on a port of its own (another origin than Quire). */
async function hostPage(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title></head><body><h1>My blog</h1>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// Real browsers' user agents and languages (a headless or automated one is left out of the counts as a bot).
const PHONE: BrowserContextOptions = { ...devices['Pixel 7'], locale: 'en-US' };
const DESKTOP: BrowserContextOptions = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, locale: 'en-US' };

/** Reads the first pages in a fresh context, stays long enough to count as a read, then leaves (the beacon's last batch). */
async function read(browser: Browser, options: BrowserContextOptions, open: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  await countedAsReader(context);
  try {
    const page = await context.newPage();
    await open(page);
    await page.waitForTimeout(1_500);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(4_500);
    // The person switches to another tab: the reader sends the pages on screen with their time.
    for (const frame of page.frames())
      await frame.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        Object.defineProperty(document, 'hidden', { value: true, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    await page.waitForTimeout(500);
    await page.goto('about:blank');
  } finally {
    await context.close();
  }
}

/** axe-core's WCAG 2.1 A/AA violations on the page (as the accessibility spec checks). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page does not scroll sideways (the tables scroll inside their cards). */
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The dashboard has drawn its totals (or its empty state) and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('stats-overview').or(page.getByTestId('stats-empty'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('stats').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** The number in a table cell or a total (digits of the UI language's format). */
const num = async (l: Locator) => Number((await l.innerText()).replace(/[^\d]/g, ''));

/** A CSV export saved by the browser: header → rows as records. */
async function downloadCsv(page: Page, button: Locator): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^quire-stats-[\w-]+\.csv$/);
  const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const [head, ...lines] = text.trim().split(/\r?\n/);
  const columns = (head ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v.replace(/^"|"$/g, '')])));
}

test.describe('statistics dashboard', () => {
  test('a phone, a desktop and an embed on another site show on the dashboard, and the CSV matches the screen', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const token = await publisher(page, { name: 'Stats Press', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Stats Atlas');
    const viewer = new URL(book.url.viewer, page.url()).href;

    // Nothing read yet: the empty state says what will appear and leads to the publications.
    await page.goto('/account/stats');
    await expect(page.getByTestId('stats-empty')).toContainText('When people read your publications');
    await expect(page.getByTestId('stats-empty').getByRole('link', { name: 'Go to my publications' })).toHaveAttribute(
      'href',
      '/account/book',
    );

    await read(browser, PHONE, async (p) => {
      await p.goto(viewer);
      await shown(p, 1);
    });
    await read(browser, DESKTOP, async (p) => {
      await p.goto(viewer);
      await shown(p, 1);
    });
    const site = await hostPage(`<iframe src="${viewer}" width="900" height="600" title="Stats Atlas"></iframe>`);
    try {
      await read(browser, DESKTOP, async (p) => {
        await p.goto(site.url);
        const frame = p.frameLocator('iframe');
        await expect(frame.locator('.qr-page').first()).toBeVisible({ timeout: 30_000 });
        await p.locator('iframe').click({ position: { x: 450, y: 300 } });
      });
    } finally {
      await site.close();
    }

    // Within a minute, the 30-day view shows the three views.
    const views = page.getByTestId('stats-views');
    await expect
      .poll(
        async () => {
          await page.goto('/account/stats');
          await settled(page);
          return (await views.count()) ? num(views) : 0;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(3);
    await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await num(page.getByTestId('stats-readers'))).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('stats-chart').locator('canvas')).toBeVisible();

    // The device split: one phone, two desktops.
    const split = page.getByTestId('stats-device-split');
    await expect(split.getByTestId('stats-device-phone')).toContainText('Phone 33%');
    await expect(split.getByTestId('stats-device-desktop')).toContainText('Desktop 67%');

    // The embedding site's host among the sources.
    const sources = page.getByTestId('stats-panel-sources');
    const embedRow = sources.getByRole('row').filter({ hasText: 'Embedded on a site' });
    await expect(embedRow).toContainText('127.0.0.1');
    expect(await num(embedRow.getByRole('cell').nth(1))).toBe(1);

    // Accessible, and whole on a 360 px phone (screenshots kept with the run's results).
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('stats-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => noSideScroll(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('stats-360.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The devices table exported as CSV: the same rows and numbers as on the screen.
    const devicesCard = page.getByTestId('stats-panel-devices');
    const csv = await downloadCsv(page, devicesCard.getByRole('button', { name: 'Export CSV' }));
    expect(csv.reduce((a, r) => a + Number(r.views), 0)).toBe(3);
    const bodyRows = devicesCard.locator('tbody tr');
    await expect(bodyRows).toHaveCount(csv.length);
    for (const r of csv) {
      const device = { desktop: 'Desktop', phone: 'Phone', tablet: 'Tablet' }[r.device as 'desktop'];
      const row = bodyRows
        .filter({ has: page.getByRole('rowheader', { name: device, exact: true }) })
        .filter({ hasText: new RegExp(r.browser as string, 'i') });
      await expect(row).toHaveCount(1);
      expect(await num(row.getByRole('cell').nth(1))).toBe(Number(r.views));
      expect(await num(row.getByRole('cell').nth(2))).toBe(Number(r.readers));
    }

    // The publication view from the top table: its pages, in the address (a reload shows it again).
    await page.getByTestId('stats-panel-books').getByRole('button', { name: 'Stats Atlas' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/stats\\?range=30d&book=${book.id}$`));
    await expect(page.getByTestId('stats-book-name')).toHaveText('Stats Atlas');
    const pagesCard = page.getByTestId('stats-panel-pages');
    await expect(pagesCard.locator('tbody tr').first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('stats-book-name')).toHaveText('Stats Atlas');
    await expect(page.getByLabel('Publication', { exact: true })).toHaveValue(book.id);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('stats-book-1280.png'), fullPage: true });
    const firstPage = pagesCard.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1', exact: true }) });
    expect(await num(firstPage.getByRole('cell').first())).toBe(3);
    // Readers went on past the cover: a later page was read too.
    const pagesCsv = await downloadCsv(page, pagesCard.getByRole('button', { name: 'Export CSV' }));
    expect(pagesCsv.find((r) => r.page === '1')?.views).toBe('3');
    expect(pagesCsv.filter((r) => Number(r.page) > 1).some((r) => Number(r.views) > 0)).toBe(true);
    for (const r of pagesCsv.filter((x) => Number(x.views) > 0)) {
      const row = pagesCard.getByRole('row').filter({ has: page.getByRole('rowheader', { name: r.page as string, exact: true }) });
      expect(await num(row.getByRole('cell').first())).toBe(Number(r.views));
      expect(await num(row.getByRole('cell').nth(2))).toBe(Number(r.exits));
    }

    // Another range: the address follows, the days change.
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?range=7d&book=${book.id}$`));
    await expect(page.getByTestId('stats-views')).toHaveText('3');
  });

  test('a free account sees the 30-day limit and the export locked, with the way to upgrade', async ({ page }) => {
    test.setTimeout(120_000);
    await publisher(page, { name: 'Free Stats Press', mode: 'FREE' });
    await page.goto('/account/stats?range=90d');
    await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    const limited = page.getByTestId('stats-limited');
    await expect(limited).toContainText('Free accounts see the last 30 days');
    await expect(limited.getByRole('link', { name: 'upgrade for the whole history' })).toHaveAttribute('href', '/upgrade');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);

    // A custom range: the calendar (weeks from Monday) opens, Escape closes it; two days make the range.
    const custom = page.getByRole('button', { name: 'Custom…' });
    await custom.click();
    const calendar = page.locator('#stats-custom-range');
    await expect(calendar).toBeVisible();
    await expect(custom).toHaveAttribute('aria-expanded', 'true');
    await expect(calendar.locator('.rdp-weekday').first()).toHaveAttribute('aria-label', 'Monday');
    const apply = calendar.getByRole('button', { name: 'Show these days' });
    await expect(apply).toBeDisabled(); // no day chosen yet
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await custom.click();
    // The first two days of last month (always before today).
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    const days = calendar.locator('.rdp-day:not(.rdp-outside) .rdp-day_button');
    await days.nth(0).click();
    await expect(apply).toBeEnabled(); // one day is a range
    await days.nth(1).click();
    await apply.click();
    await expect(page).toHaveURL(/\/account\/stats\?range=custom&from=(\d{4}-\d{2})-01&to=\1-02$/);
    await expect(custom).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Custom…' })).toHaveAttribute('aria-pressed', 'true');
  });
});
