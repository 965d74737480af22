import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { decodeQR } from 'qr/decode.js';
import sharp from 'sharp';
import { activeAccount, PASSWORD } from './support/accounts';
import { waitForMail } from './support/mailbox';

/**
 * /account/security (issue 16) as a person uses it in Chromium: change the password (another signed-in
 * browser is signed out, the new password signs in); set up an authenticator app by scanning the QR
 * code (decoded from a screenshot of what the page draws) and sign in with its code; use a recovery
 * code once (the second use fails).
 */

const NEW_PASSWORD = 'another horse battery';

/** A fresh browser (no cookies, no trusted device) on the sign-in tab. */
async function freshLogin(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto('/login');
  return page;
}

/** Password step of the sign-up modal. */
async function passwordStep(page: Page, email: string, password = PASSWORD) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Password, then the e-mailed code (without trusting the browser). */
async function signInWithMail(page: Page, email: string, password = PASSWORD) {
  const since = Date.now();
  await passwordStep(page, email, password);
  const mail = await waitForMail(email, /\b(\d{6})\b/, since);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Verification code').fill(mail.match[1] as string);
  await dialog.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
}

async function openSecurity(page: Page) {
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
}

/** The otpauth:// URI the QR code on the page encodes, read from a screenshot of it. */
async function scanQr(page: Page): Promise<string> {
  const png = await page.getByTestId('totp-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data: new Uint8Array(data) });
}

const totpOf = (uri: string) => {
  const secret = new URL(uri).searchParams.get('secret') as string;
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
};

/** Waits for the next 30-second step (a code is accepted once in its window). */
async function nextStep(page: Page) {
  const left = 30_000 - (Date.now() % 30_000);
  await page.waitForTimeout(left + 1000);
}

test.describe('account security', () => {
  test('change the password: the other browser is signed out, the new password signs in', async ({ browser }) => {
    const seed = await freshLogin(browser);
    const email = await activeAccount(seed, 'Pat Security');
    await signInWithMail(seed, email);
    const other = await freshLogin(browser);
    await signInWithMail(other, email);
    await openSecurity(other);
    await expect(other.getByTestId('security-session')).toHaveCount(2);

    await openSecurity(seed);
    const form = seed.getByTestId('password-form');
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(seed.getByTestId('password-changed')).toContainText('Sessions signed out elsewhere: 1.');
    await expect(seed.getByTestId('security-session')).toHaveCount(1);

    // The other browser's session has ended: its next call meets the sign-in modal.
    await other.reload();
    await expect(other.getByRole('dialog').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();

    // The old password no longer signs in; the new one does.
    const third = await freshLogin(browser);
    await passwordStep(third, email);
    await expect(third.getByRole('dialog').getByText('The e-mail address or the password is not correct.')).toBeVisible();
    await signInWithMail(third, email, NEW_PASSWORD);
    await openSecurity(third);
  });

  test('set up an authenticator app from its QR code, sign in with its code, use a recovery code once', async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await freshLogin(browser);
    const email = await activeAccount(page, 'Quinn Security');
    await signInWithMail(page, email);
    await openSecurity(page);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const uri = await scanQr(page);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Quire:/);
    expect(new URL(uri).searchParams.get('secret')).toBe((await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, ''));
    const totp = totpOf(uri);
    await page.getByLabel('Code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    const codes = (await page.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('totp-manage')).toContainText('Recovery codes left: 10.');

    // Sign in elsewhere: the app's code (of a later window than the one that turned it on), no mail.
    await nextStep(page);
    const second = await freshLogin(browser);
    await passwordStep(second, email);
    const dialog = second.getByRole('dialog');
    await dialog.getByLabel('Verification code').fill(totp.generate());
    await dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(second.getByRole('button', { name: /^Account menu of/ })).toBeVisible();

    // A recovery code instead: accepted once…
    const third = await freshLogin(browser);
    await passwordStep(third, email);
    const thirdDialog = third.getByRole('dialog');
    await thirdDialog.getByRole('button', { name: /Use a recovery code/ }).click();
    await thirdDialog.getByLabel('Recovery code').fill(codes[0] as string);
    await thirdDialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(third.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
    await openSecurity(third);
    await expect(third.getByTestId('totp-manage')).toContainText('Recovery codes left: 9.');

    // …and refused the second time.
    const fourth = await freshLogin(browser);
    await passwordStep(fourth, email);
    const fourthDialog = fourth.getByRole('dialog');
    await fourthDialog.getByRole('button', { name: /Use a recovery code/ }).click();
    await fourthDialog.getByLabel('Recovery code').fill(codes[0] as string);
    await fourthDialog.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(fourthDialog.getByRole('alert')).toHaveText('This code is not correct.');
    await expect(fourth.getByRole('button', { name: /^Account menu of/ })).toBeHidden();
  });
});
