import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { ImageItem, SkinItem } from '../../src/contracts/library';
import { RESULTS_DIR } from './support/paths';
import { publish, publisher, shown } from './support/publishing';

/**
 * The account libraries (issue 16): a platinum publisher uploads a background (refusals first), uses
 * it in a book's settings and sees it in the reader; deleting it asks first, says how many
 * publications use it, and the reader falls back to no background. A skin defined in the editor (with
 * its contrast warning) is applied by the reader. Each page is photographed at 1280 and 360 px and
 * must not scroll sideways, and axe finds no WCAG 2.1 AA violation on the pages, the editor and the
 * confirmation.
 */

const api = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real image: a teal gradient with a light band (so the reader's background is visibly this one). */
async function image(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d6f6a"/><stop offset="1" stop-color="#2a9d8f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect y="40%" width="100%" height="12%" fill="#e9f5f3"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

/** No sideways scrolling at this width. */
async function fits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe-core at WCAG 2.1 A and AA (as tests/e2e/a11y.spec.ts): no violation. */
async function accessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Photographs the page at 1280 and 360 px (kept with the run's results) and checks that it fits. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await fits(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${RESULTS_DIR}/library-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('account libraries', () => {
  test('uploads a background, uses it in a book’s settings, sees it in the reader, and deletes it', async ({ page }) => {
    test.setTimeout(180_000);
    const token = await publisher(page, { name: 'library publisher', mode: 'PLATINUM' });
    const book = publish(page.request, token, 'Branded book');

    await page.goto('/account/background');
    const section = page.locator('section[aria-labelledby="library-title"]');
    await expect(section.getByRole('heading', { name: 'Backgrounds' })).toBeVisible();
    await expect(section.getByTestId('library-empty')).toHaveText('You have no backgrounds of your own yet.');
    const file = section.getByTestId('library-file');

    // Refused at once in the browser: not an image type.
    await file.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(section.getByTestId('library-upload-error')).toHaveText('Use a PNG, JPEG or WebP image.');
    await expect(section.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);

    // Refused by the server: too small.
    await file.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await image(400, 300) });
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByTestId('library-upload-error')).toHaveText('This image is too small.');

    // Accepted: named, uploaded with progress, listed.
    await file.setInputFiles({ name: 'Teal_waves.jpg', mimeType: 'image/jpeg', buffer: await image(1600, 1000, 'jpeg') });
    await expect(section.getByTestId('library-upload-error')).toHaveCount(0);
    const name = section.getByLabel('Name');
    await expect(name).toHaveValue('Teal waves');
    await name.fill('Teal waves at noon');
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    const item = section.getByTestId('library-item').filter({ hasText: 'Teal waves at noon' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('1600 × 1000');
    await expect(item.getByTestId('library-item-usage')).toHaveText('Not used by any publication');
    await expect(section.getByTestId('library-count')).toHaveText('1 of 30');
    await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await photograph(page, 'background');

    // The book's settings list it beside the presets; choosing it and saving puts it in the reader.
    const { id } = await book;
    await page.goto('/account/book');
    await page.getByRole('button', { name: 'Settings of “Branded book”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of “Branded book”' });
    await dialog.getByRole('tab', { name: 'Design' }).click();
    const selector = dialog.locator('[data-field="bg.url"]');
    const own = selector.getByTestId('settings-own');
    await expect(own).toContainText('Your library');
    await own.getByRole('radio', { name: 'Teal waves at noon', exact: true }).check();
    await selector.screenshot({ path: `${RESULTS_DIR}/library-settings-selector.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes are saved.')).toBeVisible();
    const items: ImageItem[] = (await (await page.request.get('/api/account/background/?v=2', { headers: api(token) })).json()).content
      .items;
    const uploaded = items[0] as ImageItem;
    const saved = (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers: api(token) })).json()).content;
    expect(saved['bg.url']).toBe(uploaded.location);

    // The reader loads it (the URL names the book; no session needed for a public one).
    const loaded = page.waitForResponse((r) => r.url().includes(`/brand/${uploaded.id}/image.webp?b=${id}`) && r.status() === 200);
    await page.goto(saved.url.viewer);
    await shown(page, 1);
    await loaded;
    const root = page.locator('.qr');
    await expect
      .poll(() => root.evaluate((el) => getComputedStyle(el).backgroundImage))
      .toContain(`/brand/${uploaded.id}/image.webp?b=${id}`);
    await page.screenshot({ path: `${RESULTS_DIR}/library-reader-background.png` });
    const anonymous = await page.request.get(`/brand/${uploaded.id}/image.webp?b=${id}`, { headers: { cookie: '' } });
    expect(anonymous.headers()['content-type']).toBe('image/webp');

    // Deleting asks first and says how many publications use it; Escape keeps it.
    await page.goto('/account/background');
    await expect(item.getByTestId('library-item-usage')).toHaveText('Used by 1 publication');
    await item.getByRole('button', { name: 'Delete Teal waves at noon' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Teal waves at noon”?' });
    await expect(confirm.getByTestId('library-delete-usage')).toContainText('Used by 1 publication');
    await expect(confirm).toContainText('They go back to no background.');
    await accessible(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Delete Teal waves at noon' }).click();
    await confirm.getByTestId('library-delete-confirm').click();
    await expect(section.getByTestId('library-empty')).toBeVisible();

    // The book falls back to no background.
    const after = (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers: api(token) })).json()).content;
    expect(after['bg.url'] ?? '').toBe('');
    await page.goto(saved.url.viewer);
    await shown(page, 1);
    expect(await root.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');
    expect((await page.request.get(`/brand/${uploaded.id}/image.webp?b=${id}`)).status()).toBe(404);
  });

  test('defines a skin with the contrast warning, and the reader applies it', async ({ page }) => {
    test.setTimeout(180_000);
    const token = await publisher(page, { name: 'skin library publisher', mode: 'PLATINUM' });
    const book = publish(page.request, token, 'Skinned book');

    await page.goto('/account/theme');
    const section = page.locator('section[aria-labelledby="library-title"]');
    await expect(section.getByTestId('library-empty')).toBeVisible();
    await section.getByTestId('skin-new').click();
    const editor = section.getByTestId('skin-editor');
    await expect(editor.getByLabel('Skin name')).toBeFocused();
    // Saving without a name says why.
    await editor.getByTestId('skin-save').click();
    await expect(editor.getByText('Skin name is required')).toBeVisible();
    await editor.getByLabel('Skin name').fill('Lagoon');
    const labels: Record<string, string> = {
      toolbar: 'Toolbar',
      text: 'Text and icons',
      accent: 'Accent',
      background: 'Background around the pages',
    };
    const colour = (field: string) => editor.getByRole('textbox', { name: labels[field], exact: true });
    await colour('toolbar').fill('#0b3954');
    await colour('text').fill('#1d4e6e');
    await expect(editor.getByTestId('skin-warnings')).toContainText('The text and icons are hard to read on the toolbar');
    await colour('text').fill('#ffffff');
    await expect(editor.getByTestId('skin-warnings')).toBeEmpty();
    await colour('accent').fill('#ff5a5f');
    await colour('background').fill('#d8e2dc');
    await colour('background').fill('not a colour');
    await expect(editor.locator('[data-field="background"]').getByRole('alert')).toHaveText('Background around the pages is invalid');
    await colour('background').fill('#d8e2dc');
    await accessible(page);
    await photograph(page, 'skin-editor');
    await editor.getByTestId('skin-save').click();
    const item = section.getByTestId('library-item').filter({ hasText: 'Lagoon' });
    await expect(item).toContainText('Solid toolbar');
    await photograph(page, 'skins');

    // Used by a book: the reader wears it.
    const skins: SkinItem[] = (await (await page.request.get('/api/account/theme/?v=2', { headers: api(token) })).json()).content.items;
    const skin = skins[0] as SkinItem;
    const { id } = await book;
    const updated = await page.request.post('/api/account/book/update?v=2', {
      headers: api(token),
      data: { id, 'skin.url': skin.location },
    });
    expect((await updated.json()).status).toBe('ok');
    const viewer = (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers: api(token) })).json()).content.url
      .viewer;
    await page.goto(viewer);
    await shown(page, 1);
    const root = page.locator('.qr');
    await expect(root).toHaveAttribute('data-skin', 'custom');
    await expect(root).toHaveAttribute('data-bars', 'solid');
    await expect(page.locator('.qr-top')).toHaveCSS('background-color', 'rgb(11, 57, 84)');
    await expect(page.locator('.qr-title')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(root).toHaveCSS('background-color', 'rgb(216, 226, 220)');
    await page.screenshot({ path: `${RESULTS_DIR}/library-reader-skin.png` });

    // Edited to a translucent toolbar: the reader follows.
    await page.goto('/account/theme');
    await item.getByRole('button', { name: 'Edit Lagoon' }).click();
    await editor.getByLabel('Translucent toolbar').check();
    await editor.getByTestId('skin-save').click();
    await expect(item).toContainText('Translucent toolbar');
    await expect(item.getByTestId('library-item-usage')).toHaveText('Used by 1 publication');
    await page.goto(viewer);
    await shown(page, 1);
    await expect(root).toHaveAttribute('data-bars', 'translucent');
    await expect(page.locator('.qr-top')).not.toHaveCSS('background-color', 'rgb(11, 57, 84)');
  });

  test('shows the logos page and its uploader at 1280 and 360 px', async ({ page }) => {
    await publisher(page, { name: 'logo publisher', mode: 'PLATINUM' });
    await page.goto('/account/logo');
    const section = page.locator('section[aria-labelledby="library-title"]');
    await section.getByTestId('library-file').setInputFiles({ name: 'mark.png', mimeType: 'image/png', buffer: await image(300, 120) });
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByTestId('library-item').filter({ hasText: 'mark' })).toContainText('300 × 120');
    // With a file picked (its name field and buttons), and with the list.
    await section.getByTestId('library-file').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: await image(200, 80) });
    await expect(section.getByLabel('Name')).toHaveValue('second');
    await accessible(page);
    await photograph(page, 'logos');
  });
});
