import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { activeAccount, quire, signIn } from './support/accounts';
import { E2E_OAUTH_URL, SUPPORT_CHAT_PATH } from './support/oauth-provider';

/**
 * SPEC §2 "a guided tour is shown once per tour name" (the user record's tour flags, synced across
 * tabs; keyboard accessible) and §7 "support chat and page-testing scripts load, given consent, for
 * logged-in users with an e-mail" (the e2e server's QUIRE_SUPPORT_CHAT_URL is a script of the mock
 * provider's origin, see playwright.config.ts).
 */

const tourDialog = (page: Page) => page.locator('dialog.tour');
const tourFlags = async (page: Page) =>
  ((await (await page.request.get('/api/profile/session?v=2')).json()) as { content: { tour: Record<string, boolean> } }).content.tour;

async function signedInAt(page: Page, path: string, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
}

test.describe('guided tour', () => {
  test('shows once on the dashboard, keyboard operable; never again after a reload or in another tab', async ({ page, context }) => {
    await page.goto('/');
    const email = await activeAccount(page, 'Tour Guide', { tour: true });
    await signedInAt(page, '/account/dashboard', email);

    const tour = tourDialog(page);
    await expect(tour).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your account' })).toBeVisible();
    await expect(tour).toContainText('Step 1 of 3');
    // Focus moved into it; Back is disabled on the first step; Tab cycles within (skip ↔ next).
    const next = tour.getByRole('button', { name: 'Next' });
    const skip = tour.getByRole('button', { name: 'Skip the tour' });
    await expect(next).toBeFocused();
    await expect(tour.getByRole('button', { name: 'Back' })).toBeDisabled();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(skip).toBeFocused();
    // Arrow keys move between steps; the step points at its element (the card sits below it).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Publish a document' })).toBeVisible();
    await expect(tour).toContainText('Step 2 of 3');
    const anchor = await page.locator('[data-tour="dashboard-publish"]').boundingBox();
    const card = await tour.locator('.tour__card').boundingBox();
    expect(anchor && card && card.y >= anchor.y + anchor.height).toBe(true);
    // WCAG 2.1 AA, the open tour included (labelled dialog, contrast, names).
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    await expect(tour).toContainText('Step 1 of 3');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).press('Enter');
    await expect(tour).toContainText('Step 3 of 3');
    await tour.getByRole('button', { name: 'Finish' }).press('Enter');
    await expect(tour).toBeHidden();
    await expect.poll(() => tourFlags(page)).toEqual({ dashboard: true });

    // Seen: not after a reload, nor in another tab of the browser.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(tourDialog(page)).toBeHidden();
    const other = await context.newPage();
    await other.goto('/account/dashboard');
    await expect(other.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await other.waitForTimeout(500);
    await expect(tourDialog(other)).toBeHidden();

    // The book list has its own tour, open in both tabs; Escape skips it in one, and the other closes too.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/account/book');
    await other.goto('/account/book');
    await expect(tourDialog(page)).toContainText('Step 1 of 3');
    await expect(tourDialog(other)).toContainText('Step 1 of 3');
    // At 320 px the card stays on the screen.
    const phoneCard = await tourDialog(page).locator('.tour__card').boundingBox();
    expect(phoneCard && phoneCard.x >= 0 && phoneCard.x + phoneCard.width <= 320).toBe(true);
    await page.keyboard.press('Escape');
    await expect(tourDialog(page)).toBeHidden();
    await expect(tourDialog(other)).toBeHidden();
    await expect.poll(() => tourFlags(page)).toEqual({ dashboard: true, books: true });
    await other.reload();
    await expect(other.getByRole('heading', { name: /Publications/ })).toBeVisible();
    await other.waitForTimeout(500);
    await expect(tourDialog(other)).toBeHidden();
  });
});

test('the tour waits until the post-login steps (terms, consents) are done', async ({ page }) => {
  await page.goto('/');
  const email = await activeAccount(page, 'Tour Later', { tour: true });
  quire('account', 'set', '--email', email, '--renew-terms');
  // Signed in on the page itself: its login-required sign-in, then the post-login steps.
  await page.goto('/account/dashboard');
  await page.getByRole('dialog').getByRole('tab', { name: 'Log in' }).click();
  await signIn(page, email, { menu: false });
  const terms = page.getByRole('dialog', { name: 'Our terms of use have changed' });
  await expect(terms).toBeVisible();
  await expect(tourDialog(page)).toBeHidden();
  await terms.getByText('I have read and I accept the terms of use').click();
  await terms.getByRole('button', { name: 'Accept and continue' }).click();
  const consents = page.getByRole('dialog', { name: 'Your e-mail preferences' });
  await expect(consents).toBeVisible();
  await expect(tourDialog(page)).toBeHidden();
  await consents.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(consents).toBeHidden();
  await expect(tourDialog(page)).toContainText('Step 1 of 3');
  await expect(tourDialog(page).getByRole('button', { name: 'Next' })).toBeFocused();
});

test.describe('support chat loader', () => {
  const loadedScripts = (page: Page) => page.locator('script[data-quire-script="support_chat"]');
  const ran = (page: Page) => page.evaluate(() => (window as unknown as { __supportChat?: number }).__supportChat ?? 0);
  const requests = async (page: Page) =>
    ((await (await page.request.get(`${E2E_OAUTH_URL}/_test/support-chat-requests`)).json()) as { count: number }).count;

  test('loads for a signed-in user who consented, never for a visitor or without consent', async ({ page }) => {
    const before = await requests(page);
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await loadedScripts(page).count()).toBe(0);
    expect(await ran(page)).toBe(0);

    const email = await activeAccount(page, 'Chat User');
    // The next sign-in asks for the terms and the consents again: the consents include the support chat.
    quire('account', 'set', '--email', email, '--renew-terms');
    await page.goto('/login');
    await signIn(page, email, { menu: false });
    const terms = page.getByRole('dialog', { name: 'Our terms of use have changed' });
    await terms.getByText('I have read and I accept the terms of use').click();
    await terms.getByRole('button', { name: 'Accept and continue' }).click();
    const consents = page.getByRole('dialog', { name: 'Your e-mail preferences' });
    const chat = consents.getByRole('switch', { name: /Support chat/ });
    await expect(chat).toHaveAttribute('aria-checked', 'false');
    // Signed in with an e-mail but no consent yet: nothing loaded.
    expect(await loadedScripts(page).count()).toBe(0);
    expect(await requests(page)).toBe(before);
    await chat.click();
    await expect(chat).toHaveAttribute('aria-checked', 'true');
    await consents.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(consents).toBeHidden();
    await expect.poll(() => ran(page)).toBe(1);
    await expect(loadedScripts(page)).toHaveAttribute('src', `${E2E_OAUTH_URL}${SUPPORT_CHAT_PATH}`);

    // Every later page of this user loads it; signed out it is gone.
    await page.reload();
    await expect.poll(() => ran(page)).toBe(1);
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(loadedScripts(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await ran(page)).toBe(0);
  });
});
