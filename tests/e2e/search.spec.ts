import { expect, test } from '@playwright/test';
import { makePdf } from '../server/fixtures/pdf';
import { publisher, shown } from './support/publishing';

/**
 * The site search (issue 15): a PDF whose word appears only on page 12 is published through the API
 * and converted by the real pipeline; a visitor searches it from the header, sees the hit with its
 * marked word and "page 12", and opens the reader there with the word highlighted.
 */
test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
// One publisher and one book for both tests (beforeAll runs once per worker).
test.describe.configure({ mode: 'serial' });

const WORD = 'Quetzalcoatlus';
const TITLE = 'Pterosaur field notes';
let bookId = '';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const token = await publisher(page, { name: 'search e2e publisher' });
  const headers = { authorization: `Bearer ${token}` };
  const buffer = makePdf({ pages: 14, lines: 4, pageWords: { 12: WORD } });
  const res = await page.request.post('/api/pinwheel/document/create?v=2', {
    headers,
    multipart: { name: TITLE, file: { name: 'pterosaurs.pdf', mimeType: 'application/pdf', buffer } },
  });
  bookId = (await res.json()).content.id;
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/account/book/get?v=2&id=${bookId}`, { headers })).json()).content.document.status,
      {
        timeout: 90_000,
      },
    )
    .toBe('DONE');
  await context.close();
});

test('finds a word of page 12 from the header and opens the reader at page 12 with it highlighted', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search publications' }).first();
  // Empty text is ignored.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await box.fill(WORD.toLowerCase());
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search#search-${WORD.toLowerCase()}/books$`));
  await expect(page.getByTestId('search-term')).toContainText(WORD.toLowerCase());

  const hit = page.locator('.search-hit').filter({ hasText: TITLE });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText([WORD]);
  await expect(page.getByRole('status').filter({ hasText: /1 result/ })).toBeVisible();
  const link = hit.getByRole('link', { name: 'page 12' });
  await expect(link).toHaveAttribute('href', new RegExp(`/read/${bookId}#page=12&q=${WORD.toLowerCase()}$`));

  // Another word on /search updates the parameter; nothing matches it.
  const again = page.getByRole('searchbox', { name: 'Search publications' }).first();
  await again.fill('nothingmatchesthisword');
  await again.press('Enter');
  await expect(page).toHaveURL(/#search-nothingmatchesthisword\/books$/);
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await page.goBack();
  await expect(page.locator('.search-hit').filter({ hasText: TITLE })).toHaveCount(1);

  await page.locator('.search-hit').filter({ hasText: TITLE }).getByRole('link', { name: 'page 12' }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${bookId}#page=12`));
  await shown(page, 12);
  const panel = page.locator('.qr-panel-search');
  await expect(panel.getByRole('searchbox')).toHaveValue(WORD.toLowerCase());
  await expect(page.locator('.qr-page[data-page="12"] .qr-hl').first()).toBeVisible();
});

test('the publishers tab finds the publisher by name', async ({ page }) => {
  await page.goto('/search#search-e2e/publishers');
  await expect(page.getByRole('tab', { name: 'Publishers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.search-hit--publisher').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Publications' }).click();
  await expect(page).toHaveURL(/#search-e2e\/books$/);
});
