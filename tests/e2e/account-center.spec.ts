import { expect, type Page, test } from '@playwright/test';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { activeAccount, quire, signIn, uniqueEmail } from './support/accounts';
import { RESULTS_DIR } from './support/paths';

/**
 * Issue 20 in Chromium: a manager's account centre (/account/account-center). The manager creates two
 * managed accounts, publishes into one of them (the account id header), opens the centre from the
 * account navigation and sees each account's figures and the totals; it switches to a child from there
 * (the header's switch: stored, reloaded, the banner), and back to its own account. A child detached in
 * another tab while the manager acts for it: the next page's calls are refused (MANAGER 1101), the client
 * clears the association by itself and says why, once. An account that is no manager finds no centre.
 */
test.describe('account centre', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  const tokenOf = (page: Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);

  /** Creates a managed account through /account/manager's dialog. */
  async function createChild(page: Page, name: string) {
    const section = page.locator('section[aria-labelledby="managers-title"]');
    await section.getByTestId('manager-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create a managed account' });
    await dialog.getByTestId('manager-child-name').fill(name);
    await dialog.getByTestId('manager-child-email').fill(uniqueEmail(name));
    await dialog.getByTestId('manager-dialog-submit').click();
    await page.getByTestId('manager-sent-close').click();
    await expect(section.getByTestId('manager-child').filter({ hasText: name })).toHaveCount(1);
  }

  test('a manager sees its accounts and their totals, switches to one from there and back; a detached one is cleared by itself', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    const email = await activeAccount(page, 'Cleo Center', { mode: 'PLATINUM' });
    quire('account', 'set', '--email', email, '--management', 'manager');
    await page.goto('/login');
    await signIn(page, email);
    await page.goto('/account/manager');
    await createChild(page, 'Local Choir');
    await createChild(page, 'Garden Friends');

    // One publication in the choir's account, published by the manager acting for it.
    const token = await tokenOf(page);
    const auth = { authorization: `Bearer ${token}` };
    const listed = await (await page.request.get('/api/account/manager/center?v=2', { headers: auth })).json();
    const ids = Object.fromEntries(listed.content.list.map((c: { name: string; child: { id: string } }) => [c.name, c.child.id]));
    const upload = await page.request.post('/api/pinwheel/document/create?v=2', {
      headers: { ...auth, 'X-Quire-Account': ids['Local Choir'] },
      multipart: { name: 'Choir programme', file: { name: 'programme.pdf', mimeType: 'application/pdf', buffer: demoPdf() } },
    });
    expect((await upload.json()).status).toBe('ok');

    // The centre, from the account navigation (a manager's only).
    await page.goto('/account/dashboard');
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Account centre' }).click();
    await expect(page).toHaveURL(/\/account\/account-center$/);
    const totals = page.getByTestId('center-totals');
    await expect(totals).toContainText('All your managed accounts (2)');
    await expect(totals.getByTestId('center-publications')).toHaveText('1');
    const cards = page.getByTestId('center-child');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Local Choir' }).getByTestId('center-publications')).toHaveText('1');
    await expect(cards.filter({ hasText: 'Garden Friends' }).getByTestId('center-publications')).toHaveText('0');
    await expect(page.getByTestId('center-back')).toHaveCount(0);
    await page.screenshot({ path: `${RESULTS_DIR}/account-center-1280.png`, fullPage: true });

    // Switch to the choir from its card: the header's switch stores it and reloads; the banner names it.
    const choir = cards.filter({ hasText: 'Local Choir' });
    await expect(choir.getByTestId('center-switch')).toBeEnabled();
    await Promise.all([page.waitForEvent('load'), choir.getByTestId('center-switch').click()]);
    await expect(page.getByTestId('association-banner')).toHaveText('You are acting for Local Choir. Everything you do is logged.');
    await expect(page).toHaveURL(/\/account\/account-center$/);
    await expect(cards.filter({ hasText: 'Local Choir' }).getByTestId('center-current')).toBeVisible();
    await expect(page.getByTestId('association-switch')).toHaveValue(ids['Local Choir']);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${RESULTS_DIR}/account-center-acting-360.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back to its own account: cleared, no banner.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('center-back').click()]);
    await expect(page.getByTestId('association-banner')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('quire.association'))).toBeNull();
    await expect(page.getByTestId('center-totals')).toContainText('All your managed accounts (2)');

    // Acting for the garden club, which is detached in another tab (the manager's own, no association there).
    await Promise.all([page.waitForEvent('load'), cards.filter({ hasText: 'Garden Friends' }).getByTestId('center-switch').click()]);
    await expect(page.getByTestId('association-banner')).toContainText('Garden Friends');
    const other = await page.context().newPage();
    await other.goto('/account/manager');
    const garden = other
      .locator('section[aria-labelledby="managers-title"]')
      .getByTestId('manager-child')
      .filter({ hasText: 'Garden Friends' });
    await garden.getByTestId('manager-detach').click();
    await other.getByTestId('manager-detach-confirm').click();
    await expect(garden).toHaveCount(0);
    await other.close();

    // The acting tab's next page: refused, cleared by the client, reloaded once onto its own account, told why.
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/account/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'no longer one of your managed accounts' });
    await expect(alert).toBeVisible();
    await expect(page.getByTestId('association-banner')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('quire.association'))).toBeNull();
    await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
    await page.screenshot({ path: `${RESULTS_DIR}/account-center-dropped-1280.png` });
    // No loop: the visit and the one reload, then nothing more.
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
  });

  test('an account that is no manager finds no account centre', async ({ page }) => {
    await page.goto('/');
    const email = await activeAccount(page, 'Pia Platinum', { mode: 'PLATINUM' });
    await page.goto('/login');
    await signIn(page, email);
    await page.goto('/account/account-center');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not in the book');
    await expect(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Account centre' })).toHaveCount(0);
    const token = await tokenOf(page);
    const refused = await (
      await page.request.get('/api/account/manager/center?v=2', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(refused.content).toMatchObject({ type: 'MANAGER', code: 1102 });
  });
});
