import { expect, type Page, test } from '@playwright/test';
import { type Published, publish, publisher, shown } from './support/publishing';

/**
 * The reader's tools in Chromium at 1280×800 (book layout: the cover alone, then spreads 2|3, 4|5),
 * on the demo PDF (src/server/publish/demo-pdf.ts): five pages titled "Welcome to Quire", "Upload",
 * "Read anywhere", "Share and embed", "Publish your own", one outline entry per page, and on the
 * cover an internal link ("Start reading >") to page 2. "embed" is written on page 4 only.
 */
test.use({ viewport: { width: 1280, height: 800 } });

// One converted book per worker: every test only reads it, and publishing is the slow part.
let book: Published;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const token = await publisher(page, { name: 'tools publisher' });
  book = await publish(page.request, token, 'Reader tools');
  await context.close();
});

/** The reader on `page` (1 unless given), its images loaded, in book layout. */
async function open(page: Page, at?: number): Promise<void> {
  await page.goto(at ? `${book.url.viewer}#page=${at}` : book.url.viewer);
  await shown(page, at ?? 1);
  await expect(page.locator('.qr')).toHaveAttribute('data-layout', 'book');
}

const tool = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });

test.describe('reader tools', () => {
  test('a click on the right edge of the stage turns forward, on the left edge back', async ({ page }) => {
    await open(page);
    const stage = page.locator('.qr-stage');
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    // Outside the pages too: the edge quarters of the stage turn, wherever the pages stand.
    await stage.click({ position: { x: box.width - 10, y: box.height / 2 } });
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 2);
    await shown(page, 3);
    await stage.click({ position: { x: box.width - 10, y: box.height / 2 } });
    await expect(page).toHaveURL(/#page=4$/);
    await shown(page, 5);
    await stage.click({ position: { x: 10, y: box.height / 2 } });
    await expect(page).toHaveURL(/#page=2$/);
    // The middle of the stage (the pages) does not turn.
    await stage.click({ position: { x: box.width / 2 + 40, y: box.height / 2 } });
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/#page=2$/);
  });

  test('search finds a word of page 4 with its excerpt and lands on its spread', async ({ page }) => {
    await open(page);
    await tool(page, 'Search').click();
    const panel = page.locator('.qr-panel-search');
    const input = panel.getByRole('searchbox', { name: 'Search in this publication' });
    await expect(input).toBeFocused();
    await input.fill('embed');
    await input.press('Enter');
    const hits = panel.locator('.qr-hits button');
    await expect(hits).toHaveCount(1);
    await expect(hits.first().locator('strong')).toHaveText('Page 4');
    await expect(hits.first().locator('mark').first()).toHaveText(/^embed$/i);
    await expect(hits.first()).toContainText(/share and embed|embed code/i);
    await expect(panel.getByRole('status')).toHaveText(/\d+ results?/);
    await hits.first().click();
    // Page 4 opens the spread 4 | 5.
    await expect(page).toHaveURL(/#page=4$/);
    await shown(page, 4);
  });

  test('an outline entry lands on its page', async ({ page }) => {
    await open(page);
    await tool(page, 'Contents').click();
    const entries = page.locator('.qr-panel-outline .qr-outline button');
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(4)).toContainText('Publish your own');
    await entries.filter({ hasText: 'Publish your own' }).click();
    // Page 5 belongs to the spread 4 | 5, which the address names by its first page.
    await expect(page).toHaveURL(/#page=4$/);
    await shown(page, 5);
  });

  test("the cover's link area goes to the page it points at", async ({ page }) => {
    await open(page);
    const link = page.locator('.qr-page[data-page="1"] .qr-link');
    await expect(link).toHaveCount(1);
    // The demo link is internal (to page 2): it stays in the reader, no new tab.
    await expect(link).toHaveAttribute('href', '#page=2');
    await expect(link).toHaveAttribute('aria-label', 'Go to page 2');
    let popups = 0;
    page.on('popup', () => {
      popups++;
    });
    await link.click();
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 2);
    expect(popups).toBe(0);
  });

  test('zoom loads the 2480 px image of the page and toggling back restores the spread', async ({ page }) => {
    await open(page, 4);
    await tool(page, 'Zoom in').click();
    const zoomed = page.locator('.qr-zoom-img');
    await expect(zoomed).toHaveAttribute('src', /\/2480\//);
    await expect.poll(() => zoomed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2480);
    await expect(zoomed).toHaveAttribute('alt', 'Page 4');
    await expect(tool(page, 'Zoom out')).toHaveAttribute('aria-pressed', 'true');
    await tool(page, 'Zoom out').click();
    await expect(page.locator('.qr-zoom')).toHaveCount(0);
    await expect(tool(page, 'Zoom in')).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/#page=4$/);
    await shown(page, 4);
    await expect(page.locator('.qr-stage .qr-page[data-page="4"]')).toBeVisible();

    // A double click on a page zooms that page; a double click on the zoomed page leaves.
    await page.locator('.qr-stage .qr-page[data-page="5"]').dblclick();
    await expect(zoomed).toHaveAttribute('alt', 'Page 5');
    await expect(zoomed).toHaveAttribute('src', /\/2480\//);
    await zoomed.dblclick();
    await expect(page.locator('.qr-zoom')).toHaveCount(0);
    await expect(page).toHaveURL(/#page=4$/);
  });

  test('the thumbnail grid lands on the chosen page', async ({ page }) => {
    await open(page);
    await tool(page, 'Pages').click();
    const thumbs = page.locator('.qr-panel-thumbnails .qr-thumb');
    await expect(thumbs).toHaveCount(5);
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'page');
    await thumbs.filter({ hasText: /^Page 3$/ }).click();
    // Page 3 belongs to the spread 2 | 3.
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 3);
    await expect(page.locator('.qr-stage .qr-page[data-page="3"]')).toBeVisible();
  });
});
