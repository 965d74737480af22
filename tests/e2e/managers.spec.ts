import { expect, test } from '@playwright/test';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { activeAccount, quire, signIn } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { RESULTS_DIR } from './support/paths';

/**
 * Issue 20 in Chromium: a manager (platinum, management type manager) invites an existing account by
 * e-mail; its owner accepts through the mailed link. The manager chooses the child in the header's
 * selector (the association session is stored and the page reloads), sees the banner, publishes a
 * document through the publish modal into the child's account (the app sends the account id header),
 * switches back to its own account (the book is not its own), and the child's owner reads the action in
 * its audit log on /account/manager. Screenshots at 1280 and 360 px.
 */
test.describe('managers', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a manager acts for a child account through the header, publishes into it, and the owner sees it in the log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    // The child's owner: an existing free account, signed in in its own browser.
    const childContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const child = await childContext.newPage();
    await child.goto('/');
    const childEmail = await activeAccount(child, 'Chris Child');
    await child.goto('/login');
    await signIn(child, childEmail);

    // The manager.
    await page.goto('/');
    const managerEmail = await activeAccount(page, 'Maya Manager', { mode: 'PLATINUM' });
    quire('account', 'set', '--email', managerEmail, '--management', 'manager');
    await page.goto('/login');
    await signIn(page, managerEmail);
    await page.goto('/account/manager');
    const section = page.locator('section[aria-labelledby="managers-title"]');
    await expect(section.getByTestId('managers-empty')).toBeVisible();

    // Invite the child's account by e-mail (validated before it is sent).
    const since = Date.now();
    await section.getByTestId('manager-invite').click();
    const dialog = page.getByRole('dialog', { name: 'Invite an account' });
    await dialog.getByTestId('manager-child-email').fill('not an address');
    await dialog.getByTestId('manager-dialog-submit').click();
    await expect(dialog.getByTestId('manager-child-email')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('manager-child-email').fill(childEmail);
    await dialog.getByTestId('manager-dialog-submit').click();
    await expect(page.getByTestId('manager-sent')).toContainText(childEmail);
    await page.getByTestId('manager-sent-close').click();

    // The owner accepts through the mailed link.
    const mail = await waitForMail(childEmail, /(\/account\/manager#invitation-[\w-]+)/, since);
    await child.goto(mail.match[1] as string);
    const invitation = child.getByTestId('manager-invitation');
    await expect(invitation).toContainText('Maya Manager invites you');
    await invitation.getByTestId('manager-invitation-accept').click();
    await expect(child.getByTestId('manager-invitation-accepted')).toBeVisible();

    // The manager lists it, then chooses it in the header: stored, reloaded, the banner (not a link).
    await page.reload();
    await expect(section.getByTestId('manager-child')).toHaveCount(1);
    await expect(section.getByTestId('manager-child')).toContainText('Chris Child');
    await page.screenshot({ path: `${RESULTS_DIR}/managers-list-1280.png`, fullPage: true });
    const switcher = page.getByTestId('association-switch');
    await expect(switcher.locator('option', { hasText: 'Chris Child' })).toHaveCount(1);
    await Promise.all([page.waitForEvent('load'), switcher.selectOption({ label: 'Chris Child' })]);
    const banner = page.getByTestId('association-banner');
    await expect(banner).toHaveText('You are acting for Chris Child. Everything you do is logged.');
    await expect(banner.locator('a')).toHaveCount(0);
    expect(await banner.evaluate((el) => el.tagName)).toBe('P');
    // The manager's own page is not for an association session (SPEC §6 user-only: removed).
    await expect(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Managed accounts' })).toHaveCount(0);

    // Publish through the publish modal: into the child's account.
    await page.getByRole('banner').getByRole('link', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish a document' });
    await publish
      .locator('input[type=file]')
      .setInputFiles({ name: 'Club newsletter.pdf', mimeType: 'application/pdf', buffer: demoPdf() });
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/book/, { timeout: 150_000 });
    await expect(page.locator('.book-item').filter({ hasText: 'Club newsletter' })).toHaveCount(1);
    await expect(page.getByTestId('association-banner')).toBeVisible();
    await page.screenshot({ path: `${RESULTS_DIR}/managers-acting-1280.png` });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${RESULTS_DIR}/managers-acting-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back to its own account: the association cleared, no banner, the book is the child's, not its own.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('association-switch').selectOption({ label: 'My own account' })]);
    await expect(page.getByTestId('association-banner')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('quire.association'))).toBeNull();
    await page.goto('/account/book');
    await expect(page.locator('.book-item').filter({ hasText: 'Club newsletter' })).toHaveCount(0);

    // The child's owner finds the book in its list and the action in its log.
    await child.goto('/account/book');
    await expect(child.locator('.book-item').filter({ hasText: 'Club newsletter' })).toHaveCount(1);
    await child.goto('/account/manager');
    const entry = child.getByTestId('manager-audit-entry').filter({ hasText: '/api/pinwheel/document/create' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Maya Manager for Chris Child');
    await child.screenshot({ path: `${RESULTS_DIR}/managers-owner-log-1280.png`, fullPage: true });
    await child.setViewportSize({ width: 360, height: 800 });
    await child.screenshot({ path: `${RESULTS_DIR}/managers-owner-log-360.png`, fullPage: true });
    await childContext.close();
  });
});
