import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * Book triggers (issue 6) end to end: the owner sets up a lead form in /account/integration, a
 * mandatory download trigger is attached to a book, a reader must fill the form before the download
 * goes on, and the owner finds the lead in /account/trigger and in the CSV export.
 */
test.use({ viewport: { width: 1280, height: 800 } });

/**
 * A label by its English text or, before the lead extracts and translates new messages (the built
 * catalogs then lack them and Lingui shows the id), by its message id.
 */
const L = (id: string, english: string) => new RegExp(`^(${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${id.replaceAll('.', '\\.')})$`);

test('a mandatory lead form holds the download until sent; the owner sees the lead and its CSV', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await publisher(page, { name: 'trigger publisher', mode: 'PLATINUM' });
  const book = await publish(page.request, token, 'Triggered book', { download_mode: '2', print_mode: '2' });
  const headers = { authorization: `Bearer ${token}` };

  // The owner sets up the lead form in the account area.
  await page.goto('/account/integration');
  await expect(page.getByTestId('integrations-empty')).toBeVisible();
  await page.getByLabel(L('integration.name', 'Name')).fill('Newsletter');
  await page.getByRole('button', { name: L('integration.create', 'Add') }).click();
  await expect(page.getByTestId('integration')).toContainText('Newsletter');
  const integrations = await (await page.request.get('/api/account/integration/trigger/?v=2', { headers })).json();
  const leadForm = integrations.content[0];
  expect(leadForm).toMatchObject({ kind: 'leadform', name: 'Newsletter', is_enabled: true });

  // A mandatory download trigger on the book (the settings modal's trigger tab sends this call).
  const created = await (
    await page.request.post('/api/account/book/trigger/create?v=2', {
      headers,
      data: { book: book.id, type: 2, config: leadForm.id, is_mandatory: true, repeating_mode: 1 },
    })
  ).json();
  expect(created.content).toMatchObject({ type: 2, is_mandatory: true, repeating_mode: 2 });

  // A reader (another browser context, anonymous) opens the book: no form on open.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, acceptDownloads: true });
  const reader = await context.newPage();
  await reader.goto(book.url.viewer);
  await shown(reader, 1);
  await expect(reader.getByRole('dialog')).toHaveCount(0);

  // Download: the form shows first, cannot be skipped, and checks its fields.
  let downloaded = false;
  reader.on('download', () => {
    downloaded = true;
  });
  await reader.getByRole('link', { name: 'Download' }).click();
  const dialog = reader.getByRole('dialog', { name: L('reader.lead.title', 'Before you go on') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: L('reader.lead.skip', 'Not now') })).toHaveCount(0);
  await reader.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(L('reader.lead.name', 'Name')).fill('Ada Reader');
  await dialog.getByLabel(L('reader.lead.email', 'E-mail address')).fill('not-an-address');
  await dialog.getByRole('button', { name: L('reader.lead.send', 'Send') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(L('reader.lead.email.invalid', 'Please enter a valid e-mail address.'));
  await reader.waitForTimeout(300);
  expect(downloaded).toBe(false);

  await dialog.getByLabel(L('reader.lead.email', 'E-mail address')).fill('ada@example.com');
  const [download] = await Promise.all([
    reader.waitForEvent('download'),
    dialog.getByRole('button', { name: L('reader.lead.send', 'Send') }).click(),
  ]);
  await expect(dialog).toHaveCount(0);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

  // Until done: once sent, the next download goes straight on.
  const [again] = await Promise.all([reader.waitForEvent('download'), reader.getByRole('link', { name: 'Download' }).click()]);
  expect(again.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(reader.getByRole('dialog')).toHaveCount(0);
  await context.close();

  // The owner sees the lead and exports it.
  await page.goto('/account/trigger');
  const row = page.getByTestId('lead');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ada Reader');
  await expect(row).toContainText('ada@example.com');
  await expect(row).toContainText('Triggered book');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: L('leads.export', 'Export CSV') }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('quire-leads.csv');
  const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('created,name,email,publication,trigger,integration');
  expect(lines[1]).toMatch(/,Ada Reader,ada@example.com,Triggered book,download,Newsletter$/);
});

test('the trigger tab adds an "on open" lead form; a reader may skip it once and is not asked again', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await publisher(page, { name: 'trigger tab publisher', mode: 'PLATINUM' });
  const book = await publish(page.request, token, 'Opened book', { download_mode: '0', print_mode: '0' });
  const headers = { authorization: `Bearer ${token}` };

  // Without an integration the tab says none is available.
  await page.goto('/account/book');
  const openSettings = async () => {
    await page
      .getByRole('button', { name: /Opened book/ })
      .first()
      .click();
    await page.getByRole('tab', { name: L('book.settings.tab.trigger', 'Triggers') }).click();
  };
  await openSettings();
  await expect(page.getByRole('link', { name: L('trigger.none.setup', 'Set up an integration') })).toBeVisible();
  await page.request.post('/api/account/integration/trigger/create?v=2', { headers, data: { kind: 'leadform', name: 'Welcome form' } });

  await page.reload();
  await openSettings();
  await expect(page.getByText(L('trigger.empty', 'No trigger on this publication yet.'))).toBeVisible();
  // Download and print are off for this book: only "on open" can be chosen.
  const type = page.getByLabel(L('trigger.add.type', 'Show'));
  await expect(type.locator('option:not([disabled])')).toHaveCount(1);
  await page.getByRole('button', { name: L('trigger.add', 'Add trigger') }).click();
  await expect(page.locator('[data-trigger-type="1"]')).toBeVisible();
  await page
    .locator('[data-trigger-type="1"]')
    .getByRole('radio', { name: L('trigger.repeat.1', 'Once') })
    .check();
  await expect
    .poll(async () => (await (await page.request.get(`/api/account/book/trigger/?v=2&book=${book.id}`, { headers })).json()).content)
    .toEqual([expect.objectContaining({ type: 1, is_mandatory: false, repeating_mode: 1 })]);

  // A reader meets the form on open, skips it, and is not asked again in this browser.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const reader = await context.newPage();
  await reader.goto(book.url.viewer);
  const dialog = reader.getByRole('dialog', { name: L('reader.lead.title', 'Before you go on') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: L('reader.lead.skip', 'Not now') }).click();
  await expect(dialog).toHaveCount(0);
  await shown(reader, 1);
  await reader.reload();
  await shown(reader, 1);
  await reader.waitForTimeout(500);
  await expect(reader.getByRole('dialog')).toHaveCount(0);
  await context.close();
});
