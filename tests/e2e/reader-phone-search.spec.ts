import { expect, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * Search on a phone (project "phone": 360×740, touch), where the panel is a sheet over the page:
 * choosing a result folds the sheet down to its form, so the page and its highlights show; the sheet
 * unfolds again on demand, and closing the search clears the highlights.
 */
test('choosing a search result on a phone shows its page with the highlights above the folded sheet @phone', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await publisher(page, { name: 'phone searcher' });
  const book = await publish(page.request, token, 'Phone search');
  await page.goto(book.url.viewer);
  await shown(page, 1);
  await page.getByRole('toolbar').getByRole('button', { name: 'Search', exact: true }).click();
  const panel = page.locator('.qr-panel-search');
  const input = panel.getByRole('searchbox');
  await input.fill('embed');
  await input.press('Enter');
  const hit = panel.locator('.qr-hits button').first();
  await hit.click();
  await expect(page).toHaveURL(/#page=4$/);
  await shown(page, 4);
  await expect(panel.locator('.qr-hits')).toBeHidden();

  // The highlights are on screen and nothing covers them (the sheet is folded below the page).
  const marks = page.locator('.qr-stage .qr-page[data-page="4"] .qr-hl');
  await expect(marks).toHaveCount(2);
  for (const mark of await marks.all()) {
    const covered = await mark.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !top?.closest('.qr-page[data-page="4"]');
    });
    expect(covered).toBe(false);
  }

  // The results come back on demand; closing the search clears the highlights.
  await panel.locator('.qr-search-unfold').click();
  await expect(panel.locator('.qr-hits')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(marks).toHaveCount(0);
});
