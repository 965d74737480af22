import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { API_PUBLIC_KEY_PATTERN, API_SECRET_PATTERN } from '../../src/contracts/api-keys';
import { RESULTS_DIR } from './support/paths';
import { publisher } from './support/publishing';

/**
 * Issue 18, /account/apikey in Chromium: a premium account creates a key with the read right, sees its
 * secret once and copies it, closes the dialog only after saying it stored the secret, finds the key
 * listed as never used, and revokes it; the secret is nowhere after that. A free account has no API
 * keys page (SPEC §6 "user and free": a user-gated page is removed, not shown locked) and the server
 * refuses its calls. Screenshots at 1280 and 360 px.
 */

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);

async function noSidewaysOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

/** Creates a key named `name` with only the read right, through the dialog; answers its secret as the page showed it. */
async function createReadKey(page: Page, name: string, width: number): Promise<{ secret: string; publicKey: string }> {
  const section = page.locator('section[aria-labelledby="apikeys-title"]');
  await section.getByTestId('apikey-create').click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(dialog).toBeVisible();
  // Validation before anything is sent: no name, no right.
  await dialog.getByTestId('apikey-right-read').uncheck();
  await dialog.getByTestId('apikey-create-submit').click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one right.')).toBeVisible();
  // The first field that says why takes the focus.
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.screenshot({ path: `${RESULTS_DIR}/apikeys-create-invalid-${width}.png` });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  // Each right says what it allows.
  await expect(dialog.getByText('See the account, folders, publications, their comments and contents.')).toBeVisible();
  await dialog.getByTestId('apikey-right-read').check();
  await expect(dialog.getByText('Choose at least one right.')).toBeHidden();
  await dialog.getByTestId('apikey-create-submit').click();

  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('Copy the secret now: it will not be shown again.');
  const secret = await created.getByTestId('apikey-created-secret').inputValue();
  const publicKey = await created.getByTestId('apikey-created-public').inputValue();
  expect(secret).toMatch(API_SECRET_PATTERN);
  expect(publicKey).toMatch(API_PUBLIC_KEY_PATTERN);
  return { secret, publicKey };
}

test.describe('API keys', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a premium account creates a read key, sees the secret once, copies it and revokes the key', async ({ page }) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await publisher(page, { name: 'Kim Keys', mode: 'PREMIUM' });
    // The page is in the navigation (Developers) for a premium account.
    await page.goto('/account/dashboard');
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/account\/apikey$/);
    const section = page.locator('section[aria-labelledby="apikeys-title"]');
    await expect(section.getByTestId('apikeys-empty')).toHaveText('You have no API keys yet.');
    // The how-to panel: a curl example on the configured API host and the reference.
    await expect(section.getByTestId('apikey-curl')).toContainText(`${new URL(page.url()).origin}/api/v1/publications`);
    await expect(section.getByTestId('apikey-docs')).toHaveAttribute('href', `${new URL(page.url()).origin}/api/v1/docs`);
    expect((await new AxeBuilder({ page }).include('section[aria-labelledby="apikeys-title"]').analyze()).violations).toEqual([]);

    const { secret, publicKey } = await createReadKey(page, 'Build server', 1280);
    const created = page.getByRole('dialog', { name: 'Your new API key' });
    await created.getByRole('button', { name: 'Copy Secret' }).click();
    await expect(created.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect((await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations).toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/apikeys-created-1280.png` });

    // Done waits for "I have stored the secret"; Escape does not close it before either.
    const done = created.getByTestId('apikey-created-close');
    await expect(done).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(created).toBeVisible();
    await created.getByLabel('I have stored the secret').check();
    await done.click();
    await expect(created).toBeHidden();

    // Listed: never used, active, read only; the secret appears nowhere.
    const item = section.getByTestId('apikey').filter({ hasText: 'Build server' });
    await expect(item.getByTestId('apikey-public')).toHaveValue(publicKey);
    await expect(item.getByTestId('apikey-last-used')).toHaveText('Never');
    await expect(item.getByTestId('apikey-status')).toHaveText('Active');
    await expect(item.getByRole('list', { name: 'Rights' }).getByRole('listitem')).toHaveText(['Read']);
    expect(await page.content()).not.toContain(secret);
    await page.screenshot({ path: `${RESULTS_DIR}/apikeys-list-1280.png`, fullPage: true });
    await noSidewaysOverflow(page);
    // A reload shows the same list, still without the secret.
    await page.reload();
    await expect(item.getByTestId('apikey-last-used')).toHaveText('Never');
    expect(await page.content()).not.toContain(secret);

    // Revoke, after a confirmation (Keep it leaves it alone).
    await item.getByTestId('apikey-revoke').click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the key “Build server”?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(item.getByTestId('apikey-status')).toHaveText('Active');
    await item.getByTestId('apikey-revoke').click();
    await confirm.getByTestId('apikey-revoke-confirm').click();
    await expect(confirm).toBeHidden();
    await expect(item.getByTestId('apikey-status')).toHaveText('Revoked');
    await expect(item.getByTestId('apikey-revoke')).toHaveCount(0);
    const list = await (
      await page.request.get('/api/account/apikey/?v=2', { headers: { authorization: `Bearer ${await token(page)}` } })
    ).json();
    expect(list.content.items).toHaveLength(1);
    expect(list.content.items[0]).toMatchObject({ name: 'Build server', public_key: publicKey, rights: ['read'], last_used_at: null });
    expect(list.content.items[0].revoked_at).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  test('a free account has no API keys page, and the server refuses its calls', async ({ page }) => {
    await publisher(page, { name: 'Fay Free', mode: 'FREE' });
    await page.goto('/account/dashboard');
    const nav = page.getByRole('navigation', { name: 'Account sections' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'API keys' })).toHaveCount(0);
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('menu').getByText('API keys')).toHaveCount(0);
    await page.keyboard.press('Escape');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/account/apikey')) calls.push(r.url());
    });
    await page.goto('/account/apikey');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not in the book');
    expect(calls).toEqual([]);
    const headers = { authorization: `Bearer ${await token(page)}` };
    const refused = await (
      await page.request.post('/api/account/apikey/create?v=2', { headers, data: { name: 'x', rights: ['read'] } })
    ).json();
    expect(refused.content).toMatchObject({ type: 'ACCOUNT', code: 402 });
    // The pricing page names API keys among what Premium adds.
    await page.goto('/upgrade');
    await expect(page.getByText('API keys').first()).toBeVisible();
  });
});

test('@phone the API keys page and the secret dialog fit 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  await publisher(page, { name: 'Pia Phone', mode: 'PREMIUM' });
  await page.goto('/account/apikey');
  const section = page.locator('section[aria-labelledby="apikeys-title"]');
  await expect(section.getByTestId('apikeys-empty')).toBeVisible();
  await noSidewaysOverflow(page);
  await createReadKey(page, 'Phone script', 360);
  await noSidewaysOverflow(page);
  await page.screenshot({ path: `${RESULTS_DIR}/apikeys-created-360.png` });
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await created.getByLabel('I have stored the secret').check();
  await created.getByTestId('apikey-created-close').click();
  await expect(section.getByTestId('apikey')).toHaveCount(1);
  await noSidewaysOverflow(page);
  await page.screenshot({ path: `${RESULTS_DIR}/apikeys-list-360.png`, fullPage: true });
});
