import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../server/fixtures/pdf';
import { publisher, shown } from './support/publishing';

/**
 * Memory of the thumbnail grid and the spread mark, in Chromium at 1280×800 (book layout) on a
 * 60-page PDF: only thumbnails near the grid's visible area hold an image (the far ones are released
 * as the grid scrolls), and "current" marks both pages of the shown spread.
 */
test.use({ viewport: { width: 1280, height: 800 } });
const PAGES = 60;

let viewer = '';
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const token = await publisher(page, { name: 'memory publisher' });
  const headers = { authorization: `Bearer ${token}` };
  const buffer = makePdf({ pages: PAGES, lines: 4 });
  const res = await page.request.post('/api/pinwheel/document/create?v=2', {
    headers,
    multipart: { name: 'Sixty pages', file: { name: 'sixty.pdf', mimeType: 'application/pdf', buffer } },
  });
  const id: string = (await res.json()).content.id;
  await expect
    .poll(async () => (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers })).json()).content.document.status, {
      timeout: 90_000,
    })
    .toBe('DONE');
  viewer = (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers })).json()).content.url.viewer;
  await context.close();
});

const tool = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
/** Pages (1-based) whose thumbnail holds an image now. */
const loaded = (page: Page) =>
  page.locator('.qr-thumbs img').evaluateAll((imgs) => imgs.flatMap((img, i) => (img.getAttribute('src') ? [i + 1] : [])));

test('the thumbnail grid holds images only near its visible area and marks both pages of the spread', async ({ page }) => {
  await page.goto(`${viewer}#page=2`);
  await shown(page, 2);
  await shown(page, 3);
  await tool(page, 'Pages').click();
  const grid = page.locator('.qr-thumbs');
  await expect(grid.locator('img')).toHaveCount(PAGES);
  // The spread 2 | 3 is current, both pages.
  await expect(grid.locator('[aria-current="page"]')).toHaveCount(2);
  await expect(grid.locator('[aria-current="page"] span')).toHaveText(['Page 2', 'Page 3']);

  await expect.poll(async () => (await loaded(page)).includes(1)).toBe(true);
  const first = await loaded(page);
  expect(first).not.toContain(PAGES);
  expect(first.length).toBeLessThan(PAGES * 0.6);

  // Scrolled to the end: the last pages get their image, the first ones lose it.
  await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(async () => (await loaded(page)).includes(PAGES)).toBe(true);
  await expect.poll(async () => (await loaded(page)).includes(1)).toBe(false);
  expect((await loaded(page)).length).toBeLessThan(PAGES * 0.6);

  // Turning moves the mark with the spread (the panel follows).
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#page=4$/);
  await expect(grid.locator('[aria-current="page"] span')).toHaveText(['Page 4', 'Page 5']);
});
