import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { activeAccount, quire, signIn } from './support/accounts';

/**
 * Buying a plan in Chromium (issue 21) against the local Stripe fake (global-setup): a free account
 * buys Premium by card from /upgrade (plan, buyer details, the fake's checkout page, back on its order
 * until the webhook has made it paid), finds its invoice and downloads the PDF, may then choose several
 * files to publish; once its plan has expired (`quire account set --expires` in the past, `quire billing
 * expire`) it is free again: Upgrade is back and one file at a time.
 */
test('buy Premium by card, get the invoice, then expire back to free', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const email = await activeAccount(page, 'Billing Buyer');
  await page.goto('/login');
  await signIn(page, email);
  const menuButton = page.getByRole('button', { name: /^Account menu of/ });
  await menuButton.click();
  await expect(
    page
      .getByRole('menuitem', { name: /Upgrade/ })
      .or(page.getByRole('link', { name: /^Upgrade/ }))
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // /upgrade → Buy Premium → the buy panel.
  await page.goto('/upgrade');
  await page.getByRole('link', { name: 'Buy Premium' }).first().click();
  const panel = page.getByTestId('buy');
  await expect(panel).toBeVisible();
  await panel.getByTestId('buy-plan-PREMIUM-month').click();
  await panel.getByTestId('buy-provider-stripe').click();
  await panel.getByRole('button', { name: 'Next' }).click();
  await panel.getByLabel('Name or company').fill('Ada Lovelace Ltd');
  await panel.getByLabel('Address').fill('12 Baker Street\nLondon');
  await panel.getByLabel('Country').selectOption('GB');
  await panel.getByTestId('buy-submit').click();

  // The fake's checkout page: Pay completes the session, signs the webhook, redirects back.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.locator('[data-amount]')).toHaveText('€11.88');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account\/order\?order=/);
  const focus = page.getByTestId('order-focus');
  await expect(focus).toContainText('Thank you!', { timeout: 20_000 });
  await expect(page.getByTestId('order').first().getByTestId('order-state')).toHaveText('Paid');

  // The invoice, its PDF.
  await page.goto('/account/invoice');
  const invoice = page.getByTestId('invoice').first();
  await expect(invoice).toBeVisible();
  const title = (await invoice.locator('.billing-row__title').innerText()).trim();
  const number = title.replace(/^Invoice\s+/, '');
  expect(number).toMatch(/\d+$/);
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByTestId('invoice-download').click()]);
  expect(download.suggestedFilename()).toBe(`${number.replace(/[^\w.-]/g, '_')}.pdf`);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Premium: Upgrade gone, several files per upload.
  await page.goto('/account/dashboard');
  await menuButton.click();
  await expect(page.getByRole('link', { name: /^Upgrade/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('link', { name: 'Publish' }).click();
  let dialog = page.getByRole('dialog', { name: 'Publish a document' });
  await expect(dialog.locator('input[type=file]')).toHaveAttribute('multiple', /.*/);
  await page.keyboard.press('Escape');

  // Expiry: the plan's end in the past, the expiry run, free again.
  quire('account', 'set', '--email', email, '--expires', new Date(Date.now() - 60_000).toISOString());
  quire('billing', 'expire');
  await page.goto('/account/dashboard');
  await page.reload();
  await menuButton.click();
  await expect(page.getByRole('link', { name: /^Upgrade/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('link', { name: 'Publish' }).click();
  dialog = page.getByRole('dialog', { name: 'Publish a document' });
  await expect(dialog.locator('input[type=file]')).not.toHaveAttribute('multiple', /.*/);
});
