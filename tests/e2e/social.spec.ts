import { expect, type Page, test } from '@playwright/test';
import { waitForMail } from './support/mailbox';
import { E2E_OAUTH_URL, type MockProviderName, mockSdkToken, queueMockUser } from './support/oauth-provider';

/**
 * Social sign-in in Chromium against the mock provider (SPEC §4): the sign-up modal's provider button
 * opens a pop-up through `{api}/oauth2/{provider}/start`, the mock approves at once as the queued
 * user, and the pop-up lands on `/oauth`, which hands the outcome to the modal and closes.
 */
let counter = 0;
const unique = (provider: string) => `${provider}-${Date.now().toString(36)}-${++counter}`;
const NAMES: Record<MockProviderName, string> = { facebook: 'Facebook', google: 'Google', linkedin: 'LinkedIn' };

/** Opens the sign-up modal on /login and clicks the provider's button; resolves when the pop-up closed. */
async function continueWith(page: Page, provider: MockProviderName) {
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${NAMES[provider]}` }).click();
  const window = await popup;
  // On a busy machine the pop-up can finish and close before this line runs: a close event already
  // gone would never come again.
  if (!window.isClosed()) await window.waitForEvent('close');
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: `Account menu of ${name}` });

test.describe('social sign-in', () => {
  // One provider mock with a shared "next user" queue: these tests run one after another.
  test.describe.configure({ mode: 'serial' });
  test('facebook: a new user lands on register success and gets the activation mail', async ({ page }) => {
    const email = `${unique('fb')}@example.org`;
    await queueMockUser(E2E_OAUTH_URL, 'facebook', { subject: unique('facebook'), email, name: 'Fiona Book', location: 'Lyon, France' });
    await continueWith(page, 'facebook');
    const dialog = page.getByRole('dialog', { name: 'Check your inbox' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.account-email')).toHaveText(email);
    const mail = await waitForMail(email, /\/activate#hash-[\w-]+/);
    expect(mail.subject).toBe('Activate your Quire account');
  });

  test('google: a new user with a verified address chooses a usage context and is signed in', async ({ page }) => {
    const email = `${unique('google')}@example.org`;
    await queueMockUser(E2E_OAUTH_URL, 'google', {
      subject: unique('google'),
      email,
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    await continueWith(page, 'google');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Individual' }).check();
    await dialog.getByRole('button', { name: 'Activate my account' }).click();
    const ready = page.getByRole('dialog', { name: 'Your account is ready' });
    await expect(ready).toContainText('You are signed in.');
    await ready.getByRole('button', { name: 'Go to my dashboard' }).click();
    await expect(accountMenu(page, 'Grace Hopper')).toBeAttached();
  });

  test('linkedin: a known active profile signs in straight away', async ({ page, request }) => {
    // The profile exists and is linked already (created with a LinkedIn SDK token, then activated).
    const email = `${unique('linkedin')}@example.org`;
    const user = { subject: unique('linkedin'), email, emailVerified: true, name: 'Lin Kedin' };
    const token = await mockSdkToken(E2E_OAUTH_URL, 'linkedin', user);
    const created = await request.post('/api/oauth2/linkedin?v=2', { data: { oauth_token: token, service: 'linkedin', language: 'en' } });
    const outcome = (await created.json()) as { status: string; content: { kind: string; hash: string } };
    expect(outcome).toMatchObject({ status: 'ok', content: { kind: 'activation' } });
    const activated = await request.post('/api/profile/activate?v=2', { data: { hash: outcome.content.hash, context: 'ind' } });
    expect((await activated.json()).status).toBe('ok');

    await queueMockUser(E2E_OAUTH_URL, 'linkedin', user);
    await continueWith(page, 'linkedin');
    await expect(accountMenu(page, 'Lin Kedin')).toBeAttached();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeHidden();
  });

  test('pop-ups blocked: the whole page signs in at the provider and, back on the page, the sign-in goes on', async ({ page, request }) => {
    // A known active profile (created with a LinkedIn SDK token, then activated).
    const email = `${unique('redirect')}@example.org`;
    const user = { subject: unique('linkedin'), email, emailVerified: true, name: 'Red Irect' };
    const token = await mockSdkToken(E2E_OAUTH_URL, 'linkedin', user);
    const created = await request.post('/api/oauth2/linkedin?v=2', { data: { oauth_token: token, service: 'linkedin', language: 'en' } });
    const outcome = (await created.json()) as { content: { hash: string } };
    const activated = await request.post('/api/profile/activate?v=2', { data: { hash: outcome.content.hash, context: 'ind' } });
    expect((await activated.json()).status).toBe('ok');
    await queueMockUser(E2E_OAUTH_URL, 'linkedin', user);
    // The browser blocks every pop-up: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    // The page went to the provider, to /oauth, and back to /login, where the modal takes the kept outcome.
    await expect(accountMenu(page, 'Red Irect')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('quire_oauth_result'))).toBeNull();
  });

  test('closing the pop-up at the provider leaves the modal as it was, without an error', async ({ page, context }) => {
    // The user sits at the provider's page (redirects cannot be intercepted: answer the start call).
    await context.route('**/api/oauth2/google/start?**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Provider</title><p>Sign in to the provider</p>' }),
    );
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(dialog).toBeVisible();
    const popupEvent = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupEvent;
    await expect(popup.getByText('Sign in to the provider')).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Waiting for the provider…');
    await popup.close();
    await expect(dialog.getByRole('status')).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.locator('.alert')).toHaveCount(0);
  });

  test('a provider that does not vouch for a known address is refused with a clear message', async ({ page, request }) => {
    const email = `${unique('known')}@example.org`;
    const owner = { subject: unique('google'), email, emailVerified: true, name: 'Owner' };
    const created = await request.post('/api/oauth2/google?v=2', {
      data: { oauth_token: await mockSdkToken(E2E_OAUTH_URL, 'google', owner) },
    });
    expect((await created.json()).status).toBe('ok');

    await queueMockUser(E2E_OAUTH_URL, 'facebook', { subject: unique('facebook'), email, name: 'Someone Else' });
    await continueWith(page, 'facebook');
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(dialog).toContainText('the provider has not confirmed that the address is yours');
    await expect(accountMenu(page, 'Someone Else')).toHaveCount(0);
  });
});
