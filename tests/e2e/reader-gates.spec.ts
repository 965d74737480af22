import { type Browser, expect, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * The reader's gates in Chromium, seen by a visitor in a browser context of their own (the publisher's
 * page is signed in, and the owner passes the gates): explicit content asks first, a scheduled book is
 * not there yet, and download (and print) are offered and answered as the book's modes say.
 */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe('reader gates', () => {
  test('an explicit book asks first and opens after continuing', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'explicit publisher' });
    const book = await publish(page.request, token, 'Explicit book', { is_adult: '1' });
    const { context, page: reader } = await visitor(browser);
    await reader.goto(book.url.viewer);
    const gate = reader.getByRole('alertdialog', { name: 'This publication is for adults' });
    await expect(gate).toBeVisible();
    // Nothing of the book is shown behind the question.
    await expect(reader.locator('.qr-page img')).toHaveCount(0);
    await gate.getByRole('button', { name: 'Continue' }).click();
    await expect(gate).toBeHidden();
    await shown(reader, 1);
    await context.close();
  });

  test('a scheduled book is not found by a visitor before its date, while its owner reads it', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'scheduling publisher', mode: 'PREMIUM' });
    const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
    const book = await publish(page.request, token, 'Scheduled book', { publish_date: String(tomorrow) });
    const { context, page: reader } = await visitor(browser);
    await reader.goto(book.url.viewer);
    await expect(reader.getByText('Publication not found')).toBeVisible();
    await expect(reader.locator('.qr-page img')).toHaveCount(0);
    await context.close();
    // The book exists and is converted: its owner (signed in on `page`) opens it.
    await page.goto(book.url.viewer);
    await shown(page, 1);
  });

  test('download and print are offered when allowed, and the link answers the PDF', async ({ page, browser }) => {
    // A premium account's books have download_mode and print_mode 1 by default.
    const token = await publisher(page, { name: 'download publisher', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Downloadable book');
    const { context, page: reader } = await visitor(browser);
    await reader.goto(book.url.viewer);
    await shown(reader, 1);
    const download = reader.getByRole('link', { name: 'Download' });
    await expect(download).toBeVisible();
    const res = await context.request.get(await download.evaluate((a: HTMLAnchorElement) => a.href));
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="Downloadable book\.pdf"/);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const print = reader.getByRole('link', { name: 'Print' });
    await expect(print).toHaveAttribute('target', '_blank');
    const printed = await context.request.get(await print.evaluate((a: HTMLAnchorElement) => a.href));
    expect(printed.status()).toBe(200);
    expect(printed.headers()['content-disposition']).toMatch(/^inline; /);
    await context.close();
  });

  test('download and print are not offered when refused, and a direct request answers the error', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'no download publisher', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Kept book', { download_mode: '0', print_mode: '0' });
    const { context, page: reader } = await visitor(browser);
    await reader.goto(book.url.viewer);
    await shown(reader, 1);
    // The toolbar is there (its other tools are), without download or print.
    await expect(reader.getByRole('toolbar')).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Download' })).toHaveCount(0);
    await expect(reader.getByRole('link', { name: 'Print' })).toHaveCount(0);
    for (const disposition of ['', '&disposition=inline']) {
      const res = await context.request.get(new URL(`/api/public/book/download?v=2&id=${book.id}${disposition}`, reader.url()).href);
      expect(res.status()).toBe(403);
      expect(await res.json()).toMatchObject({ status: 'error', content: { type: 'BOOK', code: 406 } });
    }
    await context.close();
  });
});
