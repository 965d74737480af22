import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { publisher } from './support/publishing';

/**
 * Issue 16, the account's own pages in Chromium: /account/notification (the consents switches saved
 * from the page), /account/info_account (account details and the usage context; the header follows
 * the new name) and /account/profile (an avatar chosen, cropped with the keyboard and saved — the header
 * and the publisher page show it —, the description, website and social links shown on the publisher
 * page, the avatar removed).
 */

const accountButton = (page: Page) => page.getByRole('button', { name: /^Account menu of/ });
const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);

/** A 600×300 picture: the left half red, the right half blue. */
async function picture(): Promise<Buffer> {
  const width = 600;
  const height = 300;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test.describe('the account’s own pages', () => {
  test('notification: the consents switches are saved from the page and stay there', async ({ page }) => {
    await publisher(page, { name: 'Nora Notified' });
    await page.goto('/account/notification');
    const section = page.locator('section[aria-labelledby="notification-title"]');
    await expect(section.getByRole('heading', { name: 'E-mails and notifications' })).toBeVisible();
    const newsletter = section.getByRole('switch', { name: /Newsletter/ });
    const comments = section.getByRole('switch', { name: /^Comments/ });
    // The weekly statistics digest (issue 17) is opt-in.
    const digest = section.getByRole('switch', { name: /^Weekly statistics digest/ });
    await expect(newsletter).toHaveAttribute('aria-checked', 'false');
    await expect(comments).toHaveAttribute('aria-checked', 'true');
    await expect(digest).toHaveAttribute('aria-checked', 'false');
    await digest.click();
    // Keyboard: the switches are buttons.
    await newsletter.focus();
    await page.keyboard.press('Space');
    await comments.click();
    await section.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail preferences are saved.' })).toBeVisible();
    // Still the page, ready for another change.
    await expect(newsletter).toBeEnabled();
    const prefs = await page.request.get('/api/profile/subscription/get?v=2', {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(JSON.parse((await prefs.json()).content.values)).toMatchObject({ newsletter: true, comments: false, statistics_digest: true });
    await page.reload();
    await expect(newsletter).toHaveAttribute('aria-checked', 'true');
    await expect(comments).toHaveAttribute('aria-checked', 'false');
    await expect(digest).toHaveAttribute('aria-checked', 'true');
  });

  test('info_account: details are checked, saved and shown in the header; the usage context is answered on the page', async ({ page }) => {
    await publisher(page, { name: 'Ida Details' });
    await page.goto('/account/info_account');
    const details = page.locator('form[aria-labelledby="info-title"]');
    await expect(details.getByTestId('info-plan')).toHaveText('Free');
    const save = details.getByRole('button', { name: 'Save' });
    await expect(details.getByLabel('Account name')).toHaveValue('Ida Details');
    await expect(save).toBeDisabled();

    await details.getByLabel('Account name').fill('');
    await details.getByLabel('Website').fill('ida.example');
    await save.click();
    await expect(details.getByText('Account name is required')).toBeVisible();
    await expect(details.getByText('Website must be a valid url')).toBeVisible();
    // The problems follow the typing.
    await details.getByLabel('Account name').fill('Ida Press');
    await expect(details.getByText('Account name is required')).toBeHidden();
    await details.getByLabel('Website').fill('https://ida.example/');
    await details.getByLabel('City').fill('Lyon');
    await details.getByLabel('Country').selectOption({ label: 'France' });
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account details are saved.' })).toBeVisible();
    await expect(accountButton(page)).toHaveAccessibleName(/Account menu of Ida Press/);
    await expect(save).toBeDisabled();

    // Cancel changes goes back to what is saved.
    await details.getByLabel('City').fill('Paris');
    await details.getByRole('button', { name: 'Cancel changes' }).click();
    await expect(details.getByLabel('City')).toHaveValue('Lyon');

    const usage = page.locator('form[aria-labelledby="context-title"]');
    await usage.getByRole('radio', { name: 'Professional' }).check();
    await usage.getByRole('button', { name: 'Save my answer' }).click();
    await expect(usage.getByText('Choose a value in every list to continue.')).toBeVisible();
    await usage.getByLabel('Sector of activity').selectOption({ label: 'Arts and culture' });
    await usage.getByLabel('Job title').selectOption({ label: 'Editor or journalist' });
    await usage.getByLabel('Company size').selectOption({ label: '2–10 people' });
    await usage.getByRole('button', { name: 'Save my answer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your answer is saved.' })).toBeVisible();

    await page.reload();
    await expect(details.getByLabel('Account name')).toHaveValue('Ida Press');
    await expect(details.getByLabel('Country')).toHaveValue('FR');
    await expect(details.getByLabel('Website')).toHaveValue('https://ida.example/');
    await expect(usage.getByRole('radio', { name: 'Professional' })).toBeChecked();
    await expect(usage.getByLabel('Company size')).toHaveValue('2-10');
  });

  test('profile: an avatar cropped with the keyboard, the texts and links, all on the publisher page; then the avatar removed', async ({
    page,
  }) => {
    await publisher(page, { name: 'Pia Profile', mode: 'PREMIUM' });
    await page.goto('/account/profile');
    const avatar = page.locator('section[aria-labelledby="avatar-title"]');
    await expect(avatar.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0);

    // A file that is not a picture is refused at once.
    await avatar.getByLabel('Choose a picture').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(avatar.getByText('This file is not a picture Quire can use.', { exact: false })).toBeVisible();

    await avatar.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture() });
    const square = avatar.getByTestId('avatar-crop');
    await expect(square).toBeVisible();
    // Centred and as large as possible (300 of 600 wide): move it right to the end with the keyboard.
    await square.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect(square).toHaveAttribute('style', /left: 50%/);
    await avatar.getByRole('button', { name: 'Save avatar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your avatar is updated.' })).toBeVisible();
    const current = avatar.getByRole('img', { name: 'Your avatar' });
    await expect(current).toHaveAttribute('src', /\/avatars\/[\w-]+\/[\w-]+-large\.webp$/);
    // The header's avatar is the new one's small size, blue (the right half was kept).
    const headerAvatar = accountButton(page).locator('img.avatar');
    await expect(headerAvatar).toHaveAttribute('src', /-small\.webp$/);
    const small = await page.request.get((await headerAvatar.getAttribute('src')) ?? '');
    const { channels } = await sharp(await small.body()).stats();
    expect([Math.round(channels[0]?.mean ?? 0) < 40, Math.round(channels[2]?.mean ?? 0) > 200]).toEqual([true, true]);

    const texts = page.locator('form[aria-labelledby="profile-title"]');
    await texts.getByLabel('About you').fill('Zines <b>and</b> prints.\nSince 2010.');
    await texts.getByLabel('Website').fill('https://pia.example');
    await texts.getByLabel('Instagram').fill('https://www.instagram.com/pia/status');
    await texts.getByRole('button', { name: 'Save' }).click();
    await expect(texts.getByText('This is not the address of a profile on Instagram.')).toBeVisible();
    await texts.getByLabel('Instagram').fill('https://www.instagram.com/pia.prints');
    await texts.getByLabel('GitHub').fill('https://github.com/pia');
    await texts.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your public profile is saved.' })).toBeVisible();

    // The publisher page shows them, escaped, with rel="me noopener" links.
    await texts.getByRole('link', { name: 'See your public page' }).click();
    await expect(page).toHaveURL(/\/publisher\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pia Profile' })).toBeVisible();
    await expect(page.locator('img.ov-profile__avatar')).toHaveAttribute('src', /-large\.webp$/);
    await expect(page.locator('.ov-profile__description')).toHaveText('Zines <b>and</b> prints.\nSince 2010.');
    const links = page.getByRole('navigation', { name: 'Elsewhere on the web' }).getByRole('link');
    await expect(links).toHaveText(['Website', 'Instagram', 'GitHub']);
    for (const link of await links.all()) await expect(link).toHaveAttribute('rel', 'me noopener');
    await expect(links.nth(1)).toHaveAttribute('href', 'https://www.instagram.com/pia.prints');

    await page.goto('/account/profile');
    await avatar.getByRole('button', { name: 'Remove avatar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your avatar is updated.' })).toBeVisible();
    await expect(accountButton(page).locator('img.avatar')).toHaveCount(0);
    await expect(avatar.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0);
  });

  test('profile: a picture is dragged into place with the pointer and resized with the slider', async ({ page }) => {
    await publisher(page, { name: 'Dora Drag', mode: 'PREMIUM' });
    await page.goto('/account/profile');
    const avatar = page.locator('section[aria-labelledby="avatar-title"]');
    await avatar.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture() });
    const square = avatar.getByTestId('avatar-crop');
    await avatar.getByLabel('Size').fill('150');
    await expect(square).toHaveAttribute('style', /width: 25%/);
    const box = await square.boundingBox();
    if (!box) throw new Error('no crop square');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 400, box.y + box.height / 2 - 400, { steps: 5 });
    await page.mouse.up();
    // Dragged past the corner: it stops at the picture's edge.
    await expect(square).toHaveAttribute('style', /left: 0%; top: 0%/);
    await avatar.getByRole('button', { name: 'Cancel' }).click();
    await expect(square).toHaveCount(0);
  });

  test('axe finds no WCAG 2.1 AA violation on the three pages, nor while cropping', async ({ page }) => {
    await publisher(page, { name: 'Axel Access', mode: 'PREMIUM' });
    const check = async (what: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    };
    await page.goto('/account/notification');
    await expect(page.getByRole('button', { name: 'Save my preferences' })).toBeVisible();
    await check('notification');
    await page.goto('/account/info_account');
    await expect(page.getByLabel('Account name')).toBeVisible();
    await page.getByLabel('Website').fill('nope');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Website must be a valid url')).toBeVisible();
    await check('info_account with a refused field');
    await page.goto('/account/profile');
    await expect(page.getByLabel('About you')).toBeVisible();
    await check('profile');
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture() });
    await expect(page.getByTestId('avatar-crop')).toBeVisible();
    await check('profile while cropping');
  });

  test('the sections fit a 320 px screen @phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await publisher(page, { name: 'Phil Phone', mode: 'PREMIUM' });
    for (const path of ['/account/profile', '/account/info_account', '/account/notification']) {
      await page.goto(path);
      await expect(page.locator('.profile-card').first()).toBeVisible();
      await expect(page.locator('.profile-card [aria-busy="true"], .profile-card[aria-busy="true"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
