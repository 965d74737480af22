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
