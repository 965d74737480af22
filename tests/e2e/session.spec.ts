import { expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);

test('a request made with an expired session is replayed after signing in again', async ({ page }) => {
  await page.goto('/');
  const email = await activeAccount(page, 'replay');
  await page.goto('/login');
  await signIn(page, email);
  await page.goto('/account/info_profile');
  await page.getByLabel('First name').fill('Katherine');

  // The session is revoked elsewhere (another device logged out): the next call answers 149.
  const token = await storedToken(page);
  const del = await page.request.delete('/api/profile/session?v=2', { headers: { authorization: `Bearer ${token}` } });
  expect((await del.json()).status).toBe('ok');

  const saves: number[] = [];
  page.on('response', (r) => r.url().includes('/api/profile/update') && saves.push(r.status()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.locator('.alert')).toContainText('Your session has expired');
  // Non-closeable: no close button (Escape would cancel: logout and back to the root, SPEC §4).
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await signIn(page, email, { code: false });
  // The queued save was replayed after the new sign-in: refused once (149), then saved.
  await expect.poll(() => saves).toEqual([401, 200]);
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Katherine');
});

// @timing: measured alone (its own Playwright project, after the others) so parallel load cannot skew it.
test('two tabs refresh the session only once @timing', async ({ context }) => {
  const one = await context.newPage();
  await one.clock.install();
  await one.goto('/');
  const email = await activeAccount(one, 'tabs');
  await one.goto('/login');
  await signIn(one, email);
  const two = await context.newPage();
  await two.clock.install();
  await two.goto('/account/dashboard');
  await expect(two.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
  await one.goto('/account/dashboard');
  await expect(one.getByRole('button', { name: /^Account menu of/ })).toBeVisible();

  const refreshes: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/api/profile/session')) {
      refreshes.push(r.url());
    }
  });
  const before = await storedToken(one);
  // Half the token lifetime (3600 s) plus the jitter passes in both tabs at once: the fake clock is the
  // browser context's (page.clock is context.clock), so it is advanced once for both tabs.
  await context.clock.fastForward('30:02');
  await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await one.waitForTimeout(1500);
  expect(refreshes).toHaveLength(1);
  // Both tabs now use the new token.
  const after = await storedToken(one);
  expect(after).not.toBe(before);
  expect(await storedToken(two)).toBe(after);
});
