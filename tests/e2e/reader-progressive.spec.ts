import { expect, test } from '@playwright/test';
import { makePdf } from '../server/fixtures/pdf';
import { publisher, shown } from './support/publishing';

/**
 * Progressive reading (issue 14, "Speed"): the owner opens the reader right after the upload of a
 * 400-page PDF (converted by the real pipeline, several seconds here), reads page 1 before the book is
 * DONE, sees the pages not converted yet as placeholders, and the book completes in place.
 */
test.describe('reader: progressive reading', () => {
  test('the owner reads page 1 while the book converts, and the book completes in place', async ({ page }) => {
    test.setTimeout(180_000);
    const token = await publisher(page);
    const headers = { authorization: `Bearer ${token}` };
    const res = await page.request.post('/api/pinwheel/document/create?v=2', {
      headers,
      multipart: {
        name: 'Long report',
        file: { name: 'long.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 400, lines: 40 }) },
      },
    });
    const created = await res.json();
    expect(created.status).toBe('ok');
    const id: string = created.content.id;
    const status = async () =>
      (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers })).json()).content.document as {
        status: string;
        pages_done: number;
      };

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/read/${id}`);
    await shown(page, 1);
    // Page 1 is on screen before the conversion is over: the progress line says how far it is.
    const progress = page.locator('.qr-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(/Converting: \d+ of 400 pages ready/);
    expect((await status()).status).toBe('CONVERTING');
    // Thumbnails and search wait for the whole book.
    const tools = page.locator('.qr-top button[aria-label="Search"], .qr-top button[aria-label="Pages"]');
    await expect(tools).toHaveCount(0);
    // The last page is not converted yet: a placeholder, no broken image.
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/#page=400$/);
    const last = page.locator('.qr-page[data-page="400"]');
    await expect(last).toHaveClass(/qr-pending/);
    await expect(last).toContainText('Still being converted…');
    await expect(last.locator('img')).toHaveCount(0);

    // The reader follows the conversion and takes the finished book in place, on the same page.
    await expect(progress).toBeHidden({ timeout: 120_000 });
    expect((await status()).status).toBe('DONE');
    await shown(page, 400);
    await expect(page).toHaveURL(/#page=400$/);
    await expect(page.locator('.qr-pending')).toHaveCount(0);
    await expect(tools).toHaveCount(2);
    await page.keyboard.press('Home');
    await shown(page, 1);
  });
});
