import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { READER_PRELOAD_ID } from '../../src/contracts/reader';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { PASSWORD, signIn } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { publish, publisher } from './support/publishing';

/**
 * /account/privacy (issue 16) in Chromium: a publisher prepares the export of their data, follows its
 * progress, downloads the ZIP and opens it (the uploaded PDF byte for byte, account and profile JSON,
 * settings and statistics); then deletes their account with their password — signed out, their
 * publication answers 404 like an unknown one — and signing in again cancels the deletion.
 */

/** Every entry of a ZIP (name → bytes), read with yauzl. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test.describe('privacy', () => {
  test('exports my data and opens the ZIP', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'export publisher' });
    const book = await publish(page.request, token, 'Exported issue');
    const email: string = await page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.profile?.email);

    await page.goto('/account/privacy');
    const card = page.locator('section[aria-labelledby="privacy-export-title"]');
    await expect(card.getByRole('heading', { name: 'Download all my data' })).toBeVisible();
    const since = Date.now();
    await card.getByRole('button', { name: 'Prepare my data' }).click();
    const download = card.getByTestId('export-download');
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('export-ready')).toContainText('Your archive is ready');
    const mail = await waitForMail(email, /\/account\/privacy/, since);
    expect(mail.subject).toBe('Your Quire data is ready to download');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^quire-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = testInfo.outputPath('export.zip');
    await file.saveAs(saved);
    const entries = await unzip(saved);
    const names = [...entries.keys()];
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'profile.json', 'leads.json', 'comments-written.json']));
    const folder = names.find((n) => n.startsWith('publications/') && n.endsWith('/settings.json'))?.replace(/settings\.json$/, '');
    expect(folder).toBe('publications/1-Exported-issue/');
    expect(entries.get(`${folder}original-Exported-issue.pdf`)).toEqual(demoPdf());
    expect(JSON.parse(entries.get(`${folder}settings.json`)?.toString() ?? '{}')).toMatchObject({ id: book.id, name: 'Exported issue' });
    // The publication's statistics from the daily rollups (src/server/stats/book-export.ts): not read yet.
    expect(JSON.parse(entries.get(`${folder}statistics.json`)?.toString() ?? '{}')).toMatchObject({
      totals: { views: 0, readers: 0 },
      days: [],
      pages: [],
      dimensions: [],
      shares: expect.anything(),
    });
    const profile = JSON.parse(entries.get('profile.json')?.toString() ?? '[]') as Record<string, unknown>[];
    expect(profile[0]).toMatchObject({ email });
    expect(entries.get('profile.json')?.toString()).not.toContain('password_hash');

    // The link is the owner's: the same URL without the session is refused.
    const href = (await download.getAttribute('href')) ?? '';
    const anonymous = await request.get(href);
    expect(anonymous.status()).toBe(401);
  });

  test('deletes an account: signed out, its publications answer 404; signing in again cancels it', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'leaving publisher' });
    const book = await publish(page.request, token, 'Soon gone');
    const email: string = await page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.profile?.email);
    expect((await page.request.get(`/publication/${book.id}`)).status()).toBe(200);

    await page.goto('/account/privacy');
    const card = page.locator('section[aria-labelledby="privacy-delete-title"]');
    await card.getByRole('button', { name: 'Delete my account…' }).click();
    const password = card.getByLabel('Your password');
    await expect(password).toBeFocused();
    // A wrong password is refused under the field, and nothing happens.
    await password.fill('not my password');
    await card.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(card.getByText('This is not your password.')).toBeVisible();
    await password.fill(PASSWORD);
    await card.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const scheduled = page.getByTestId('deletion-scheduled');
    await expect(scheduled).toContainText('You have been signed out on every device');
    await waitForMail(email, /Signing in again before/);

    // Its publications read like unknown ones, to everyone: the public page and the API answer 404, the
    // reader page (always 200, its outcome inline) tells exactly what it tells of an id that never existed.
    for (const url of [`/publication/${book.id}`, `/api/public/book/get?v=2&id=${book.id}`])
      expect((await page.request.get(url)).status(), url).toBe(404);
    const readerError = async (id: string) => {
      const html = await (await page.request.get(`/read/${id}`)).text();
      const preload = new RegExp(`<script type="application/json" id="${READER_PRELOAD_ID}">(.*?)</script>`, 's').exec(html)?.[1];
      return (JSON.parse(preload ?? '{}') as { error?: unknown }).error;
    };
    expect(await readerError(book.id)).toEqual(await readerError('0123456789abcdef0123'));
    expect(await readerError(book.id)).toMatchObject({ type: 'BOOK', code: 404 });

    await scheduled.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /^Account menu of/ })).toHaveCount(0);

    // Signing in again (a trusted device: no code) cancels the deletion and says so.
    await page.goto('/login');
    await signIn(page, email, { code: false });
    await expect(page.getByText('Signing in has cancelled the deletion of your account')).toBeVisible();
    expect((await page.request.get(`/publication/${book.id}`)).status()).toBe(200);
  });
});
