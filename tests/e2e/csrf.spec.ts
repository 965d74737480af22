import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';
import { E2E_PORT } from './support/paths';

/** The app as the browser knows it (the session cookie belongs to this host). */
const APP = `http://localhost:${E2E_PORT}`;

/**
 * The outside probe's page: served from the same site on another port (localhost, so SameSite=Lax
 * still sends the session cookie), it posts a form to the profile update as soon as it loads.
 */
async function probeSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html>
<html lang="en"><head><title>You won a prize</title></head>
<body>
  <form method="post" action="${APP}/api/profile/update?v=2">
    <input name="firstname" value="Mallory">
  </form>
  <script>document.forms[0].submit();</script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first name the server has (read with the browser's own cookie). */
const storedFirstName = async (page: Page) =>
  (await (await page.request.get('/api/profile/session?v=2')).json()).content.profile.firstname as string | null;

test('a form posted from another origin with the session cookie changes nothing; the app’s own save still works', async ({ page }) => {
  await page.goto('/');
  const email = await activeAccount(page, 'csrf');
  await page.goto('/login');
  await signIn(page, email);
  await page.goto('/account/info_profile');
  await page.getByLabel('First name').fill('Katherine');
  const saved = page.waitForResponse((r) => r.url().includes('/api/profile/update') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  expect(await storedFirstName(page)).toBe('Katherine');

  // The probe, in the same browser (same cookie jar): its form post carries the cookie and is refused.
  const probe = await probeSite();
  try {
    const attack = await page.context().newPage();
    const answer = attack.waitForResponse((r) => r.url().startsWith(`${APP}/api/profile/update`));
    await attack.goto(probe.url);
    const refused = await answer;
    const sent = await refused.request().allHeaders();
    expect(sent.cookie).toContain('quire_token=');
    expect(sent.origin).toBe(new URL(probe.url).origin);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 'error', content: { type: 'API', code: 403 } });
    await attack.close();
  } finally {
    await probe.close();
  }
  expect(await storedFirstName(page)).toBe('Katherine');

  // The app's own pages still change the profile: its save, and a call with only the cookie.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Katherine');
  await page.getByLabel('First name').fill('Kate');
  const again = page.waitForResponse((r) => r.url().includes('/api/profile/update') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await again).status()).toBe(200);
  const cookieOnly = await page.evaluate(async () => {
    const res = await fetch('/api/profile/update?v=2', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'lastname=Johnson',
    });
    return res.status;
  });
  expect(cookieOnly).toBe(200);
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Kate');
  await expect(page.getByLabel('Last name')).toHaveValue('Johnson');
});
