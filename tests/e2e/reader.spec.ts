import { expect, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * The reader at /read/<id> in Chromium, on books published through the API by a signed-in user and
 * converted by the real pipeline (the demo PDF: five pages, an outline and a link on the cover).
 */
test.describe('reader', () => {
  test('opens a public book at once and turns its pages with the keyboard, keeping the page in the address', async ({ page }) => {
    const token = await publisher(page);
    const book = await publish(page.request, token, 'Reader tour');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(book.url.viewer);
    await shown(page, 1);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 2);
    // The last spread of five pages in book mode is 4 | 5 (the cover stands alone).
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/#page=4$/);
    await shown(page, 5);
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(/#page=1$/);
    // A deep link opens on its page.
    await page.goto(`${book.url.viewer}#page=3`);
    await shown(page, 3);
  });

  test('shows page 1 at its displayed width before the script and sharpens it once the reader runs', async ({ browser, page, baseURL }) => {
    const token = await publisher(page);
    const book = await publish(page.request, token, 'Page one first');
    // Without the script and the stylesheet: page 1 from the server's HTML alone, laid out by its own
    // attributes, at the small width on a desktop window at 1 device pixel per CSS pixel (page 1 is
    // ~475 px wide here) — the first request answers the normal JPEG while the small WebP is made.
    const bare = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, javaScriptEnabled: false });
    try {
      const view = await bare.newPage();
      await view.route(/\.css$/, (r) => r.abort());
      await view.goto(new URL(book.url.viewer, baseURL).href);
      const img = view.locator('.qr-boot img');
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\/620\/1\.webp/);
      const box = await img.boundingBox();
      expect(box?.height).toBeCloseTo(800 - 2 * 52 - 24, -1);
      expect(box?.width).toBeGreaterThan(400);
      expect(box?.width).toBeLessThan(620);
      // Once the small WebP is made, the next openings carry it in the HTML (no request before page 1).
      await expect
        .poll(async () => {
          await view.reload();
          return img.evaluate((i: HTMLImageElement) => (i.complete && i.naturalWidth > 0 ? i.currentSrc.slice(0, 23) : ''));
        })
        .toBe('data:image/webp;base64,');
      expect((await img.boundingBox())?.height).toBeCloseTo(800 - 2 * 52 - 24, -1);
    } finally {
      await bare.close();
    }
    // With the script: the reader adopts that element (page 1 from the HTML) and sharpens it to the normal width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(book.url.viewer);
    await shown(page, 1);
    const first = page.locator('.qr-page[data-page="1"] img');
    await expect.poll(() => first.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\/1240\/1\.webp/);
    const attributes = (i: HTMLImageElement) => ['srcset', 'style', 'data-inline'].filter((a) => i.hasAttribute(a));
    expect(await first.evaluate(attributes)).toEqual([]);
    await expect(page.locator('.qr-boot')).toHaveCount(0);
  });

  test('a right-to-left book turns the other way', async ({ page }) => {
    const token = await publisher(page);
    const book = await publish(page.request, token, 'Right to left', { read_mode: '1' });
    await page.goto(book.url.viewer);
    await shown(page, 1);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/#page=2$/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#page=1$/);
  });

  test('a private book is refused to others and opens with its private link', async ({ page, browser }) => {
    const token = await publisher(page);
    const book = await publish(page.request, token, 'Private memo', { publishing_mode: '2', private_url: '1' });
    expect(book.url.private).toContain('token=');
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(book.url.viewer);
    await expect(other.getByText('This publication is private')).toBeVisible();
    await other.goto(book.url.private as string);
    await shown(other, 1);
    await stranger.close();
  });

  test('an unknown publication answers a clear page', async ({ page }) => {
    await page.goto('/read/nosuchbook0000');
    await expect(page.getByText('Publication not found')).toBeVisible();
  });
});
