import { expect, type Page, test } from '@playwright/test';
import type { PresetLists } from '../../src/contracts/presets';
import { publish, publisher, shown } from './support/publishing';

/**
 * The book settings modal (issue 6): opened from the book list, every tab's choices saved and seen in the
 * reader; a free account's scheduling disabled (and refused by the server); a bulk edit of two books.
 */

/**
 * A text by its English source or, until the lead extracts the catalogs, by its message id (a built app
 * shows the id of a message missing from the catalog).
 */
const m = (id: string, english: string) => new RegExp(`^(?:${escapeRe(english)}|${escapeRe(id)})$`);
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const api = (token: string) => ({ authorization: `Bearer ${token}` });

async function bookOf(page: Page, token: string, id: string) {
  return (await (await page.request.get(`/api/account/book/get?v=2&id=${id}`, { headers: api(token) })).json()).content;
}

async function openList(page: Page) {
  await page.goto('/account/book');
  await expect(page.getByRole('heading', { name: /Publications/ })).toBeVisible();
}

test.describe('book settings', () => {
  test('changes settings on each tab and the reader shows them', async ({ page }) => {
    const token = await publisher(page, { name: 'settings publisher', mode: 'PREMIUM' });
    const presets: PresetLists = (await (await page.request.get('/api/account/book/preset/?v=2', { headers: api(token) })).json()).content;
    const night = presets.skins.find((s) => s.location === 'night');
    const bg = presets.backgrounds[1];
    const music = presets.musics[0];
    if (!night || !bg || !music) throw new Error('the catalogue lacks a night skin, a second background or music');
    const book = await publish(page.request, token, 'Settings demo');

    await openList(page);
    await page.getByRole('button', { name: 'Settings of “Settings demo”' }).click();
    const dialog = page.getByRole('dialog', { name: m('book.settings.title', 'Settings of “Settings demo”') });
    await expect(dialog.getByRole('tab', { name: m('book.settings.tab.general', 'General') })).toHaveAttribute('aria-selected', 'true');

    // General: view mode; private options appear for private only.
    await dialog.getByLabel(m('book.settings.view', 'View mode')).selectOption('scroll');
    await expect(dialog.getByTestId('private-options')).toHaveCount(0);
    await dialog.getByLabel(m('book.settings.private', 'Private')).check();
    await expect(dialog.getByTestId('private-options')).toBeVisible();
    await dialog.getByLabel(m('book.settings.public', 'Public')).check();

    // Sharing: download off.
    await dialog.getByRole('tab', { name: m('book.settings.tab.sharing', 'Sharing') }).click();
    await dialog.getByLabel(m('book.settings.download', 'Allow download')).uncheck();

    // Branding: the logo link as a custom URL, checked inline.
    await dialog.getByRole('tab', { name: m('book.settings.tab.branding', 'Branding') }).click();
    const link = dialog.locator('[data-field="logo.link"]');
    await link.getByRole('switch', { name: m('book.settings.customUrl', 'Custom URL') }).click();
    const linkInput = link.getByRole('textbox');
    await linkInput.fill('not a url');
    await expect(link.getByRole('alert')).toContainText(/must be a valid url/);
    await linkInput.fill('https://example.com/brand');
    await expect(link.getByRole('alert')).toHaveCount(0);

    // Design: a skin and a background preset.
    await dialog.getByRole('tab', { name: m('book.settings.tab.design', 'Design') }).click();
    await dialog.locator('[data-field="skin.url"]').getByRole('radio', { name: night.name, exact: true }).check();
    await dialog.locator('[data-field="bg.url"]').getByRole('radio', { name: bg.name, exact: true }).check();

    // Sound: music with its preview.
    await dialog.getByRole('tab', { name: m('book.settings.tab.sound', 'Sound') }).click();
    const musicBox = dialog.locator('[data-field="music.url"]');
    await expect(musicBox.locator('audio').first()).toHaveAttribute('src', music['url.preview']);
    await musicBox.getByRole('radio', { name: music.name, exact: true }).check();

    await dialog.getByRole('button', { name: m('book.settings.save', 'Save') }).click();
    await expect(page.getByText('Your changes are saved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const saved = await bookOf(page, token, book.id);
    expect(saved).toMatchObject({
      'document.view': 'scroll',
      download_mode: 0,
      'logo.link': 'https://example.com/brand',
      'skin.url': 'night',
      'bg.url': bg.location,
      'music.url': music.location,
      publishing_mode: 1,
    });

    await page.goto(book.url.viewer);
    const root = page.locator('.qr');
    await expect(root).toHaveAttribute('data-skin', 'night');
    await expect(root).toHaveAttribute('data-layout', 'scroll');
    await shown(page, 1);
    expect(await root.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(`/resources/${bg.id}.svg`);
    await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
  });

  test('renewing the private link makes the old one stop working', async ({ page, playwright }) => {
    const token = await publisher(page, { name: 'private publisher', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Private minutes', { publishing_mode: '2', private_url: '1' });
    const tokenOf = (url: string | undefined) => new URL(url ?? '', 'http://x').searchParams.get('token') ?? '';
    const old = tokenOf(book.url.private);
    expect(old).not.toBe('');
    const anonymous = await playwright.request.newContext({ baseURL: page.url() });
    const opens = async (link: string) =>
      (await (await anonymous.get(`/api/public/book/get?v=2&id=${book.id}&token=${link}`)).json()).status === 'ok';
    expect(await opens(old)).toBe(true);

    await openList(page);
    await page.getByRole('button', { name: 'Settings of “Private minutes”' }).click();
    const dialog = page.getByRole('dialog', { name: m('book.settings.title', 'Settings of “Private minutes”') });
    const linkInput = dialog.getByLabel(m('book.settings.privateLink', 'Link for your readers'));
    await expect(linkInput).toHaveValue(new RegExp(`token=${old}$`));
    await dialog.getByRole('button', { name: m('book.settings.renew.button', 'Renew private link') }).click();
    // Nothing is sent before the confirmation; keeping the link goes back.
    await dialog.getByRole('button', { name: m('book.settings.renew.cancel', 'Keep the current link') }).click();
    expect(await opens(old)).toBe(true);
    await dialog.getByRole('button', { name: m('book.settings.renew.button', 'Renew private link') }).click();
    await dialog.getByRole('button', { name: m('book.settings.renew.confirm', 'Renew the link') }).click();
    await expect(dialog.getByText(/New link made|book\.settings\.renew\.done/)).toBeVisible();
    await expect(linkInput).not.toHaveValue(new RegExp(`token=${old}$`));
    const fresh = tokenOf(await linkInput.inputValue());
    expect(fresh).toBe(tokenOf((await bookOf(page, token, book.id)).url.private));
    expect(await opens(old)).toBe(false);
    expect(await opens(fresh)).toBe(true);
    await anonymous.dispose();
  });

  test('a free account cannot schedule, and the server refuses it', async ({ page }) => {
    const token = await publisher(page, { name: 'free publisher', mode: 'FREE' });
    const book = await publish(page.request, token, 'Free book');
    await openList(page);
    await page.getByRole('button', { name: 'Settings of “Free book”' }).click();
    const dialog = page.getByRole('dialog', { name: m('book.settings.title', 'Settings of “Free book”') });
    await expect(dialog.getByTestId('schedule-button')).toBeDisabled();
    await expect(
      dialog.getByRole('link', { name: m('book.settings.schedule.upgrade', 'Upgrade to schedule publications') }),
    ).toHaveAttribute('href', '/upgrade');
    // Escape closes the modal without saving.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const later = Math.floor(Date.now() / 1000) + 86_400;
    const refused = await (
      await page.request.post('/api/account/book/update?v=2', { headers: api(token), data: { id: book.id, publish_date: later } })
    ).json();
    expect(refused.content).toMatchObject({ type: 'VALIDATION', fields: ['publish_date'] });
    expect((await bookOf(page, token, book.id)).is_scheduled).toBe(false);
  });

  test('a premium account schedules with the picker; cancelling resets to now', async ({ page }) => {
    const token = await publisher(page, { name: 'premium scheduler', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Later book');
    await openList(page);
    await page.getByRole('button', { name: 'Settings of “Later book”' }).click();
    const dialog = page.getByRole('dialog', { name: m('book.settings.title', 'Settings of “Later book”') });
    const schedule = dialog.getByTestId('schedule-button');
    await expect(schedule).toHaveText(m('book.settings.schedule.choose', 'Schedule…'));

    await schedule.click();
    await dialog
      .locator('.settings-picker')
      .getByRole('button', { name: m('commons.cancel', 'Cancel') })
      .click();
    await expect(schedule).toHaveText(m('book.settings.schedule.choose', 'Schedule…'));

    await schedule.click();
    await dialog.getByRole('button', { name: /next month/i }).click();
    await dialog.locator('.rdp-day:not(.rdp-disabled) button', { hasText: /^15$/ }).click();
    await dialog.getByLabel(m('book.settings.schedule.hour', 'Hour')).selectOption('10');
    await dialog.getByLabel(m('book.settings.schedule.minute', 'Minute')).selectOption('35');
    await dialog.getByRole('button', { name: m('book.settings.schedule.apply', 'Apply') }).click();
    await expect(schedule).toHaveText(/^(Scheduled: .*15.*10:35.*|book\.settings\.schedule\.on)$/);
    await dialog.getByRole('button', { name: m('book.settings.save', 'Save') }).click();
    await expect(dialog).toHaveCount(0);

    const saved = await bookOf(page, token, book.id);
    expect(saved.is_scheduled).toBe(true);
    const at = new Date(saved.publish_date * 1000);
    expect([at.getDate(), at.getMinutes() % 5]).toEqual([15, 0]);
  });

  test('bulk edit of two books', async ({ page }) => {
    const token = await publisher(page, { name: 'bulk publisher', mode: 'PREMIUM' });
    const one = await publish(page.request, token, 'Bulk one');
    const two = await publish(page.request, token, 'Bulk two');
    await openList(page);
    await page.getByLabel('Select “Bulk one”').check();
    await page.getByLabel('Select “Bulk two”').check();
    await page
      .getByRole('region', { name: 'Selected publications' })
      .getByRole('button', { name: m('book.bulk.settings', 'Settings') })
      .click();
    const dialog = page.getByRole('dialog', { name: m('book.settings.titleMany', 'Settings of 2 publications') });
    await expect(dialog.getByText(/^(Only the settings you change are applied|book\.settings\.bulkNote)/)).toBeVisible();
    await dialog.getByRole('tab', { name: m('book.settings.tab.sharing', 'Sharing') }).click();
    await dialog.getByLabel(m('book.settings.download', 'Allow download')).uncheck();
    await dialog.getByLabel(m('book.settings.comments', 'Comments')).selectOption('1');
    await dialog.getByRole('button', { name: m('book.settings.save', 'Save') }).click();
    await expect(dialog).toHaveCount(0);
    for (const id of [one.id, two.id]) {
      const book = await bookOf(page, token, id);
      expect([book.name, book.download_mode, book.comment_mode]).toEqual([id === one.id ? 'Bulk one' : 'Bulk two', 0, 1]);
    }
  });
});
