import { expect, type Page, test } from '@playwright/test';
import { type Published, publish, publisher, shown } from './support/publishing';

/**
 * Search highlights in Chromium at 1280×800 on the demo PDF ("embed" is written on page 4 only, in
 * its title "3. Share and embed" and in "…with the embed code."): the boxes stand over the word on the
 * page image, follow zoom, and go when the search closes.
 */
// Without the page-turn animation: the boxes are measured against the page, which must not be
// mid-turn (a search hit on another spread turns to it).
test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

let book: Published;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const token = await publisher(page, { name: 'search publisher' });
  book = await publish(page.request, token, 'Reader search');
  await context.close();
});

const tool = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });

/**
 * Share of the page image's pixels under a box that stand out from the box's mean brightness: glyphs
 * (light on the demo's coloured title band, dark on its paper) score high, blank paper or a flat
 * band zero.
 */
async function inkUnder(page: Page, n: number, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  return page.locator(`.qr-page[data-page="${n}"] img`).evaluate((img: HTMLImageElement, b) => {
    const r = img.getBoundingClientRect();
    const sx = img.naturalWidth / r.width;
    const sy = img.naturalHeight / r.height;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(b.width * sx));
    canvas.height = Math.max(1, Math.round(b.height * sy));
    const g = canvas.getContext('2d');
    if (!g) return -1;
    g.drawImage(img, (b.x - r.left) * sx, (b.y - r.top) * sy, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
    const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
    const lum: number[] = [];
    for (let i = 0; i < data.length; i += 4) lum.push(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
    const mean = lum.reduce((a, x) => a + x, 0) / lum.length;
    return lum.filter((x) => Math.abs(x - mean) > 40).length / lum.length;
  }, box);
}

test('search highlights the word on its page, follows zoom and clears when the search closes', async ({ page }) => {
  await page.goto(book.url.viewer);
  await shown(page, 1);
  await tool(page, 'Search').click();
  const panel = page.locator('.qr-panel-search');
  const input = panel.getByRole('searchbox', { name: 'Search in this publication' });
  await input.fill('EMBED');
  await input.press('Enter');
  await panel.locator('.qr-hits button').first().click();
  await expect(page).toHaveURL(/#page=4$/);
  await shown(page, 4);

  const marks = page.locator('.qr-stage .qr-page[data-page="4"] .qr-hl');
  await expect(marks).toHaveCount(2);
  await expect(page.locator('.qr-stage .qr-page[data-page="5"] .qr-hl')).toHaveCount(0);
  // The result in view is announced (its id stands in until the catalogs carry the new message).
  await expect(page.locator('.qr > .qr-sr[role="status"]')).toHaveText(/^(Result 1 of 1, on page 4, highlighted|reader\.search\.at)$/);
  const pageBox = await page.locator('.qr-stage .qr-page[data-page="4"]').boundingBox();
  for (const mark of await marks.all()) {
    await expect(mark).toBeVisible();
    const box = await mark.boundingBox();
    if (!box || !pageBox) throw new Error('no box');
    // Inside the page, word-sized, and over printed text (not over the blank paper).
    expect(box.x).toBeGreaterThanOrEqual(pageBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(pageBox.x + pageBox.width);
    expect(box.width).toBeLessThan(pageBox.width / 3);
    expect(box.height).toBeLessThan(pageBox.height / 10);
    expect(await inkUnder(page, 4, box)).toBeGreaterThan(0.05);
  }
  // The title's "embed" (36 pt, near the top) is taller than the paragraph's (16 pt, lower down).
  const [title, body] = await Promise.all((await marks.all()).map((m) => m.boundingBox()));
  if (!title || !body) throw new Error('no box');
  expect(title.y).toBeLessThan(body.y);
  expect(title.height).toBeGreaterThan(body.height * 1.5);
  // A blank area of the same size holds no ink: the check above can fail.
  expect(await inkUnder(page, 4, { ...body, y: (pageBox?.y ?? 0) + (pageBox?.height ?? 0) - body.height - 4 })).toBeLessThan(0.05);

  // Zoomed, the boxes scale with the page.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(marks).toHaveCount(0);
  await tool(page, 'Search').click();
  await page.locator('.qr-panel-search').getByRole('searchbox').fill('embed');
  await page.locator('.qr-panel-search').getByRole('searchbox').press('Enter');
  await expect(marks).toHaveCount(2);
  const small = await marks.first().boundingBox();
  await tool(page, 'Zoom in').click();
  const zoomMarks = page.locator('.qr-zoom .qr-hl');
  await expect(zoomMarks).toHaveCount(2);
  const big = await zoomMarks.first().boundingBox();
  expect(big?.width ?? 0).toBeGreaterThan((small?.width ?? 0) * 1.5);
});
