import { expect, test } from '@playwright/test';
import type { Folder } from '../../src/contracts/presets';
import { publish, publisher } from './support/publishing';

/**
 * Folder manager (issue 6): /account/folders creates, renames and deletes folders; a refused name
 * brings the list back with an alert; a book put in a folder counts there, and deleting the folder
 * only un-assigns the book.
 */
test.describe('folder manager', () => {
  test('creates, renames, counts books and deletes a folder without deleting its book', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'folder publisher' });
    const headers = { authorization: `Bearer ${token}` };
    const book = publish(page.request, token, 'Foldered');

    await page.goto('/account/folders');
    const section = page.locator('section[aria-labelledby="folders-title"]');
    await expect(section.getByTestId('folders-empty')).toBeVisible();
    const rows = section.getByTestId('folder');
    for (const name of ['Zines', 'Catalogues']) {
      await section.getByLabel('New folder').fill(name);
      await section.getByRole('button', { name: 'Create' }).click();
      await expect(section.getByTestId('folder-name').filter({ hasText: name })).toBeVisible();
      await expect(section.getByLabel('New folder')).toHaveValue('');
    }
    await expect(rows).toHaveCount(2);
    // Sorted by name ignoring case, as the server lists them.
    await expect(section.getByTestId('folder-name')).toHaveText(['Catalogues', 'Zines']);

    // A name the account already has (ignoring case) is refused: alert, and the list comes back as it was.
    await section.getByLabel('New folder').fill('catalogues');
    await section.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('You already have a folder with this name.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(section.getByLabel('New folder')).toHaveValue('catalogues');

    // Rename inline (Enter submits), validation first.
    await section.getByRole('button', { name: 'Rename Zines' }).click();
    const nameField = section.getByLabel('Folder name');
    await expect(nameField).toBeFocused();
    await nameField.fill('');
    await nameField.press('Enter');
    await expect(section.getByText('Folder name is required')).toBeVisible();
    await nameField.fill('Magazines');
    await nameField.press('Enter');
    await expect(section.getByTestId('folder-name')).toHaveText(['Catalogues', 'Magazines']);

    const folders: Folder[] = (await (await page.request.get('/api/account/subscription/?v=2', { headers })).json()).content;
    const magazines = folders.find((f) => f.name === 'Magazines');
    if (!magazines) throw new Error('the renamed folder is not listed');
    const { id } = await book;
    const assigned = await page.request.post('/api/account/book/update?v=2', { headers, data: { id, 'subscription.id': magazines.id } });
    expect((await assigned.json()).status).toBe('ok');

    await page.reload();
    const row = rows.filter({ hasText: 'Magazines' });
    await expect(row.getByTestId('folder-books')).toHaveText('1 book');
    await expect(rows.filter({ hasText: 'Catalogues' }).getByTestId('folder-books')).toHaveText('No books');

    // Delete: the confirmation says the book stays; Escape keeps the folder.
    await section.getByRole('button', { name: 'Delete Magazines' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Its 1 book is not deleted: it only leaves the folder.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);
    await section.getByRole('button', { name: 'Delete Magazines' }).click();
    await page.getByTestId('folder-delete-confirm').click();
    await expect(section.getByTestId('folder-name')).toHaveText(['Catalogues']);

    const after = (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers })).json()).content;
    expect(after.id).toBe(id);
    expect(after['subscription.id'] ?? null).toBeNull();
    await page.reload();
    await expect(section.getByTestId('folder-name')).toHaveText(['Catalogues']);
  });

  test('fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await publisher(page, { name: 'narrow folders' });
    await page.goto('/account/folders');
    await expect(page.getByLabel('New folder')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
