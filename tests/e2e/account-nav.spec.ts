import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, quire, signIn, uniqueEmail } from './support/accounts';
import { RESULTS_DIR } from './support/paths';
import { publish } from './support/publishing';

/**
 * The account area's frame (issue 16): the avatar menu and the side navigation come from the one
 * gating table and agree for every plan; a locked page shows the upgrade panel (and its calls are never
 * made), a removed one the not-found page; the side navigation is a drawer on phones; nothing overflows
 * sideways at 1280 or 360 px; personal details show the job title by its label and the names given at
 * sign-up.
 */

/** Registers with this name (dev mode: no captcha), activates with the admin command, signs in. */
async function signedIn(page: Page, name: string, mode: 'FREE' | 'PREMIUM' | 'PLATINUM'): Promise<string> {
  await page.goto('/');
  const email = uniqueEmail(name);
  const res = await page.request.post('/api/account/?v=2', { data: { name, email, password: PASSWORD, tos: 1, language: 'en' } });
  expect((await res.json()).status).toBe('ok');
  quire('account', 'set', '--email', email, '--activate', '--mode', mode, '--type', mode, '--tours-seen');
  await page.goto('/login');
  await signIn(page, email);
  return page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.session?.access_token as string);
}

/** Each entry's page key and access, as an element list shows them (`data-page`, `data-access`, where it leads). */
async function entriesOf(links: ReturnType<Page['locator']>) {
  return links.evaluateAll((els) =>
    els.map((el) => ({
      page: el.getAttribute('data-page'),
      access: el.getAttribute('data-access'),
      href: el.getAttribute('href'),
      lock: el.querySelector('svg.icon--lock') !== null,
    })),
  );
}

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Account sections' });

async function menuAndNav(page: Page) {
  await page.goto('/account/dashboard');
  await expect(sideNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  const nav = await entriesOf(sideNav(page).locator('a[data-page]'));
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  const menu = await entriesOf(page.getByRole('menu').locator('a[data-page]'));
  await page.keyboard.press('Escape');
  return { nav, menu };
}

async function noSidewaysOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

test.describe('account navigation and gating', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a free and a platinum account see the same gating in the avatar menu and the side navigation', async ({ browser }) => {
    test.setTimeout(90_000);
    const seen: Record<string, Awaited<ReturnType<typeof menuAndNav>>> = {};
    for (const mode of ['FREE', 'PLATINUM'] as const) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await signedIn(page, `Nav ${mode.toLowerCase()}`, mode);
      seen[mode] = await menuAndNav(page);
      const { nav, menu } = seen[mode];
      // The navigation groups the menu's entries: the same pages with the same access, Upgrade (a site page) included.
      const byPage = (list: typeof nav) => [...list].sort((a, b) => String(a.page).localeCompare(String(b.page)));
      expect(byPage(nav)).toEqual(byPage(menu));
      // A locked entry leads to /upgrade with the lock; an enabled one to its page.
      for (const entry of nav) {
        expect(entry.lock).toBe(entry.access === 'locked');
        if (entry.access === 'locked') expect(entry.href).toBe('/upgrade');
        else if (entry.page !== 'upgrade') expect(entry.href).toBe(`/account/${entry.page}`);
      }
      if (mode === 'PLATINUM') {
        await sideNav(page).getByRole('link', { name: 'Integrations' }).click();
        await expect(page).toHaveURL(/\/account\/integration$/);
        await expect(sideNav(page).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
        await page.screenshot({ path: `${RESULTS_DIR}/account-nav-platinum-1280.png` });
        await noSidewaysOverflow(page);
      } else {
        await page.screenshot({ path: `${RESULTS_DIR}/account-nav-free-1280.png` });
        await noSidewaysOverflow(page);
      }
      await context.close();
    }
    const access = (mode: 'FREE' | 'PLATINUM', key: string) => seen[mode]?.nav.find((e) => e.page === key)?.access;
    // SPEC §6: free has Subscribers locked and no Integrations or Triggers; platinum has them all.
    expect([access('FREE', 'subscriber'), access('FREE', 'integration'), access('FREE', 'trigger')]).toEqual([
      'locked',
      undefined,
      undefined,
    ]);
    expect([access('PLATINUM', 'subscriber'), access('PLATINUM', 'integration'), access('PLATINUM', 'trigger')]).toEqual([
      'enabled',
      'enabled',
      'enabled',
    ]);
    // The account centre (issue 20) is a manager's only: in neither for these accounts.
    for (const mode of ['FREE', 'PLATINUM'] as const) for (const key of ['account_center']) expect(access(mode, key)).toBeUndefined();
    // Managed accounts (issue 20; SPEC §6 "user only"): every account acting as itself (a manager's children, or
    // anyone's invitation and log of what managers did on its behalf).
    expect([access('FREE', 'manager'), access('PLATINUM', 'manager')]).toEqual(['enabled', 'enabled']);
    // Orders and invoices (issue 21): there for every user, since the e2e server sells plans (billing.spec.ts).
    for (const mode of ['FREE', 'PLATINUM'] as const) for (const key of ['order', 'invoice']) expect(access(mode, key)).toBe('enabled');
    // API keys (issue 18; SPEC §6 "user and free"): removed for free (a user-gated page is not shown locked), there for platinum.
    expect([access('FREE', 'apikey'), access('PLATINUM', 'apikey')]).toEqual([undefined, 'enabled']);
  });

  test('a locked page shows the upgrade panel without calling the server; a removed one is not found', async ({ page }) => {
    const token = await signedIn(page, 'Locked visitor', 'FREE');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/account/subscriber') || r.url().includes('/api/account/integration')) calls.push(r.url());
    });
    await page.goto('/account/subscriber');
    const panel = page.getByTestId('upgrade-panel');
    await expect(panel.getByRole('heading', { name: 'Subscribers' })).toBeVisible();
    await expect(panel).toContainText('“Subscribers” is part of the Premium plan.');
    await expect(panel).toContainText('Your plan: Free');
    await expect(panel.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/upgrade');
    await page.screenshot({ path: `${RESULTS_DIR}/account-locked-1280.png` });
    await noSidewaysOverflow(page);

    await page.goto('/account/integration');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not in the book');
    expect(calls).toEqual([]);
    // The server refuses the page's calls as the menu does.
    const refused = await (
      await page.request.get('/api/account/subscriber/?v=2', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(refused.content).toMatchObject({ type: 'ACCOUNT', code: 402 });
  });

  test("a premium account's settings show the triggers as part of Platinum", async ({ page }) => {
    const token = await signedIn(page, 'Premium triggers', 'PREMIUM');
    const book = await publish(page.request, token, 'Premium book');
    await page.goto('/account/book');
    await page.getByRole('button', { name: 'Settings of “Premium book”' }).click();
    await page.getByRole('tab', { name: 'Triggers' }).click();
    const panel = page.getByRole('dialog').getByTestId('upgrade-panel');
    await expect(panel).toContainText('is part of the Platinum plan.');
    await expect(panel.getByRole('link', { name: 'Upgrade to Platinum' })).toHaveAttribute('href', '/upgrade');
    const refused = await (
      await page.request.get(`/api/account/book/trigger/?v=2&book=${book.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(refused.content).toMatchObject({ type: 'ACCOUNT', code: 402 });
  });

  test('personal details: the names given at sign-up and the job title by its label', async ({ page }) => {
    const token = await signedIn(page, 'Ada King Lovelace', 'FREE');
    await page.request.post('/api/profile/update?v=2', {
      headers: { authorization: `Bearer ${token}` },
      data: { job_title: 'administration' },
    });
    await page.goto('/account/info_profile');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Last name')).toHaveValue('King Lovelace');
    const job = page.getByLabel('Job title');
    await expect(job).toHaveValue('administration');
    await expect(job.locator('option:checked')).toHaveText('Administration and office');
    await job.selectOption({ label: 'Teacher or trainer' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/profile/session?v=2', { headers: { authorization: `Bearer ${token}` } })).json()).content
            .profile.job_title,
      )
      .toBe('teacher_trainer');
    await page.screenshot({ path: `${RESULTS_DIR}/account-details-1280.png`, fullPage: true });
    await noSidewaysOverflow(page);
  });
});

test('@phone the account navigation is a drawer; nothing scrolls sideways at 360 px', async ({ page }) => {
  await signedIn(page, 'Phone navigator', 'FREE');
  await page.goto('/account/dashboard');
  const nav = sideNav(page);
  const toggle = nav.getByRole('button', { name: /Sections/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Statistics' })).toBeHidden();
  await noSidewaysOverflow(page);
  await page.screenshot({ path: `${RESULTS_DIR}/account-nav-phone-closed-360.png` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Statistics' })).toBeVisible();
  await noSidewaysOverflow(page);
  await page.screenshot({ path: `${RESULTS_DIR}/account-nav-phone-open-360.png`, fullPage: true });
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await toggle.click();
  await nav.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/account\/stats$/);
  await expect(nav.getByRole('button', { name: /Statistics/ })).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/account/subscriber');
  await expect(page.getByTestId('upgrade-panel')).toBeVisible();
  await noSidewaysOverflow(page);
  await page.screenshot({ path: `${RESULTS_DIR}/account-locked-360.png`, fullPage: true });
});
