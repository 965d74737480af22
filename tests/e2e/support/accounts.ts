import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox';
import { DATA_DIR, DIST } from './paths';

const root = new URL('../../..', import.meta.url).pathname;
export const PASSWORD = 'correct horse battery';
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;

/** The admin command on the e2e server's database (`npm run quire -- …`). */
export function quire(...args: string[]): void {
  execFileSync(`${root}node_modules/.bin/node`, [`${DIST}/server/cli.js`, ...args], {
    env: { ...process.env, QUIRE_DATA_DIR: DATA_DIR, QUIRE_LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

/**
 * Registers through the API (dev mode: no captcha) and activates with the admin command; `mode` sets
 * the tier. The guided tours count as seen unless `tour` (a modal tour would stand in other tests' way).
 */
export async function activeAccount(
  page: Page,
  name: string,
  { mode, tour = false }: { mode?: 'FREE' | 'PREMIUM' | 'PLATINUM'; tour?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(name);
  const res = await page.request.post('/api/account/?v=2', { data: { name, email, password: PASSWORD, tos: 1, language: 'en' } });
  expect((await res.json()).status).toBe('ok');
  quire('account', 'set', '--email', email, '--activate', ...(mode ? ['--mode', mode] : []), ...(tour ? [] : ['--tours-seen']));
  return email;
}

/** Signs in through the open sign-up modal; the first time with the mailed code, trusting the device. */
export async function signIn(page: Page, email: string, { code = true, menu = true } = {}): Promise<void> {
  const since = Date.now();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  if (code) {
    const mail = await waitForMail(email, /\b(\d{6})\b/, since);
    await dialog.getByLabel('Verification code').fill(mail.match[1]!);
    await dialog.getByText('Trust this device').click();
    await dialog.getByRole('button', { name: 'Verify and log in' }).click();
  }
  // (Without `menu`, the caller checks where the sign-in leads: a stored redirect leaves the app.)
  if (menu) await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
}
