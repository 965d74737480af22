import { expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';
import { waitForMail } from './support/mailbox';

/**
 * The contact modal (SPEC §2 Other, §4 Contact submit, §5 Contact) in both variants, signed out and
 * signed in, through the real server (dev mode: no captcha) and its SMTP capture; and the blog
 * teasers of the header's resources submenu leading to a server-rendered post.
 */
const SUPPORT = 'support@quire.test';
const unique = (what: string) => `${what} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function sendAndClose(page: Page, dialog: ReturnType<Page['getByRole']>, button: string) {
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog.getByText('Message sent')).toBeVisible();
  // The success shows, then the modal closes by itself.
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5000 });
}

test.describe('contact modal, signed out', () => {
  test('the footer opens the normal form: §5 checks, then sent, mailed to support and closed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Page concerned (optional)')).toHaveValue(/^http:\/\/localhost:\d+\/$/);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('E-mail address is required')).toBeVisible();
    await expect(dialog.getByText('Message is required')).toBeVisible();
    await dialog.getByLabel('E-mail address').fill('ada@');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('E-mail address must be a valid email')).toBeVisible();

    const text = unique('How do I embed a publication?');
    const since = Date.now();
    await dialog.getByLabel('Your name').fill('Ada Visitor');
    await dialog.getByLabel('E-mail address').fill('ada.visitor@example.org');
    await dialog.getByLabel('Message').fill(text);
    await sendAndClose(page, dialog, 'Send');
    const mail = await waitForMail(SUPPORT, new RegExp(text.replace(/[?]/g, '\\?')), since);
    expect(mail.subject).toBe('Contact message from Ada Visitor');
    expect(mail.text).toContain('E-mail: ada.visitor@example.org');
  });

  test('/contact#deletion opens the deletion request (no page field); closing it leaves for the home page', async ({ page }) => {
    await page.goto('/contact#deletion');
    const dialog = page.getByRole('dialog', { name: 'Ask us to delete your account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Page concerned (optional)')).toHaveCount(0);
    await expect(dialog.getByLabel('E-mail address')).toBeVisible();
    const text = unique('Please delete the account of ada.gone@example.org');
    const since = Date.now();
    await dialog.getByLabel('E-mail address').fill('ada.gone@example.org');
    await dialog.getByLabel('Your request').fill(text);
    await sendAndClose(page, dialog, 'Send my request');
    await expect(page).toHaveURL(/\/$/);
    const mail = await waitForMail(SUPPORT, new RegExp(text), since);
    expect(mail.subject).toBe('Account deletion request from ada.gone@example.org');

    // The normal form is a path too, and Escape closes it.
    await page.goto('/contact');
    await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('contact modal, signed in', () => {
  test('name and e-mail are hidden and the account’s are sent, in both variants', async ({ page }) => {
    const email = await activeAccount(page, 'Contact Member');
    await page.goto('/login');
    await signIn(page, email);

    await page.goto('/contact');
    let dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toHaveCount(0);
    await expect(dialog.getByLabel('E-mail address')).toHaveCount(0);
    let text = unique('A question from a member');
    let since = Date.now();
    await dialog.getByLabel('Message').fill(text);
    await sendAndClose(page, dialog, 'Send');
    let mail = await waitForMail(SUPPORT, new RegExp(text), since);
    expect(mail.text).toContain(`E-mail: ${email}`);
    expect(mail.subject).toBe('Contact message from Contact Member');

    await page.goto('/contact#deletion');
    dialog = page.getByRole('dialog', { name: 'Ask us to delete your account' });
    await expect(dialog.getByLabel('E-mail address')).toHaveCount(0);
    text = unique('Delete my account please');
    since = Date.now();
    await dialog.getByLabel('Your request').fill(text);
    await sendAndClose(page, dialog, 'Send my request');
    mail = await waitForMail(SUPPORT, new RegExp(text), since);
    expect(mail.subject).toBe('Account deletion request from Contact Member');
    expect(mail.text).toContain(`E-mail: ${email}`);
  });
});

test('the header resources submenu lists the blog posts and opens one at /blog/<slug>', async ({ page }) => {
  await page.goto('/');
  // The home page shows the latest posts too.
  await expect(page.getByRole('heading', { name: 'From the blog' })).toBeVisible();
  await page.getByRole('button', { name: 'Resources' }).click();
  const menu = page.getByRole('menu', { name: 'Resources' });
  const post = menu.getByRole('menuitem', { name: /Publish your first flipbook in three steps/ });
  await expect(post).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'All blog posts' })).toHaveAttribute('href', '/blog');
  await post.click();
  await expect(page).toHaveURL(/\/blog\/publish-your-first-flipbook$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish your first flipbook in three steps' })).toBeVisible();
  await page.getByRole('link', { name: 'All posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quire blog' })).toBeVisible();
});
