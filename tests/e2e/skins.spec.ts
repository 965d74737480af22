import { expect, test } from '@playwright/test';
import type { PresetLists } from '../../src/contracts/presets';
import { publish, publisher, shown } from './support/publishing';

/**
 * Presets in the reader (issue 6): a book's skin sets `data-skin` and changes the chrome, preset
 * backgrounds and logos are served by Quire itself and load, a remote skin is never loaded (2021),
 * and the default page-turn sound is the catalogue's first one.
 */
test.describe('skins and presets in the reader', () => {
  test('shows the chosen skin, background and logo, and follows a settings update', async ({ page }) => {
    const token = await publisher(page, { name: 'skin publisher' });
    const headers = { authorization: `Bearer ${token}` };
    const presets: PresetLists = (await (await page.request.get('/api/account/book/preset/?v=2', { headers })).json()).content;
    const bg = presets.backgrounds[2];
    const logo = presets.logos[0];
    if (!bg || !logo) throw new Error('the catalogue has no background or logo');
    const book = await publish(page.request, token, 'Skinned', {
      'skin.url': 'night',
      'bg.url': bg.location,
      'logo.url': logo.location,
      'logo.link': 'https://example.com/',
    });

    await page.goto(book.url.viewer);
    await shown(page, 1);
    const root = page.locator('.qr');
    await expect(root).toHaveAttribute('data-skin', 'night');
    // Night: floating pill-shaped bars on a midnight room.
    await expect(page.locator('.qr-top')).toHaveCSS('border-top-left-radius', '999px');
    await expect(page.locator('.qr-top')).toHaveCSS('margin-top', '8px');
    const bgImage = await root.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(bgImage).toContain(`/resources/${bg.id}.svg`);
    const served = await page.request.get(new URL(bg['url.preview'], page.url()).href);
    expect(served.headers()['content-type']).toContain('image/svg+xml');
    const img = page.locator('a.qr-logo img');
    await expect(img).toHaveAttribute('src', logo['url.preview']);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

    const updated = await page.request.post('/api/account/book/update?v=2', { headers, data: { id: book.id, 'skin.url': 'classic' } });
    expect((await updated.json()).status).toBe('ok');
    await page.reload();
    await shown(page, 1);
    await expect(root).toHaveAttribute('data-skin', 'classic');
    await expect(page.locator('.qr-top')).toHaveCSS('background-color', 'rgb(250, 246, 238)');
    await expect(page.locator('.qr-top')).toHaveCSS('border-bottom-style', 'double');

    // A remote skin is never loaded as code: the reader shows 2021.
    await page.request.post('/api/account/book/update?v=2', { headers, data: { id: book.id, 'skin.url': 'https://skins.example/x.css' } });
    await page.reload();
    await shown(page, 1);
    await expect(root).toHaveAttribute('data-skin', '2021');
    await expect(page.locator('.qr-top')).toHaveCSS('border-top-left-radius', '0px');
  });

  test('plays the catalogue’s first page-turn sound by default', async ({ page }) => {
    const token = await publisher(page, { name: 'sound publisher' });
    const headers = { authorization: `Bearer ${token}` };
    const presets: PresetLists = (await (await page.request.get('/api/account/book/preset/?v=2', { headers })).json()).content;
    const book = await publish(page.request, token, 'Turning');
    await page.goto(book.url.viewer);
    await shown(page, 1);
    const sound = page.waitForRequest((r) => r.url().includes(`/resources/${presets.sfx[0]?.id}.wav`));
    // The first key press unlocks audio; the turn plays the sound.
    await page.keyboard.press('ArrowRight');
    await sound;
  });
});
