import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { activeAccount, signIn } from './support/accounts';

/** A file as the browser gets it (bytes travel as base64 into the page). */
interface DroppedFile {
  name: string;
  mimeType: string;
  base64: string;
}

const pdf: DroppedFile = { name: 'Annual report.pdf', mimeType: 'application/pdf', base64: demoPdf().toString('base64') };
let docx: DroppedFile;

// A real Word document, written by LibreOffice from plain text (the server recognises it from its content).
test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-docs-'));
  try {
    const source = join(dir, 'Field notes.txt');
    writeFileSync(source, 'Field notes\n\nQuire turns office documents into flipbooks.\n\nSecond paragraph of the notes.\n');
    execFileSync(
      'soffice',
      ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'docx', '--outdir', dir, source],
      {
        stdio: 'pipe',
        timeout: 120_000,
      },
    );
    const bytes = readFileSync(join(dir, 'Field notes.docx'));
    docx = {
      name: 'Field notes.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      base64: bytes.toString('base64'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Drags files from outside the browser onto the drop zone (dragenter, dragover, drop with a DataTransfer). */
async function dropFiles(page: Page, files: DroppedFile[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.mimeType }));
    }
    return dt;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('.dropzone', type, { dataTransfer });
}

async function openPublishModal(page: Page, mode: 'FREE' | 'PREMIUM') {
  await page.goto('/');
  const email = await activeAccount(page, `publisher ${mode.toLowerCase()}`, { mode });
  await page.goto('/login');
  await signIn(page, email);
  await page.getByRole('banner').getByRole('link', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish a document' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a premium account publishes a PDF and a DOCX by drag-and-drop and finds both converted in its list', async ({ page }) => {
  test.setTimeout(180_000);
  const dialog = await openPublishModal(page, 'PREMIUM');
  await dropFiles(page, [pdf, docx]);
  const chosen = dialog.getByRole('list', { name: 'Chosen documents' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(1)).toContainText('Field notes.docx');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

  // The upload page: one progress bar per file, then the conversion, then the book list.
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Publishing your documents' })).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page).toHaveURL(/\/account\/book/, { timeout: 150_000 });

  const items = page.locator('.book-item');
  await expect(items).toHaveCount(2);
  await expect(page.locator('.book-item--done')).toHaveCount(2, { timeout: 60_000 });
  await expect(items.filter({ hasText: 'Annual report' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Field notes' })).toHaveCount(1);
  // Both thumbnails are real images the browser decoded.
  const thumbs = page.locator('.book-item img');
  await expect(thumbs).toHaveCount(2);
  for (const img of await thumbs.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
});

test('a free account can publish one file only: no multiple choice, and two dropped files are refused', async ({ page }) => {
  const dialog = await openPublishModal(page, 'FREE');
  const input = dialog.locator('input[type=file]');
  await expect(input).not.toHaveAttribute('multiple', /.*/);
  await dropFiles(page, [pdf, docx]);
  await expect(dialog.getByText('You can publish one file at a time.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  // One file is fine.
  await dropFiles(page, [pdf]);
  await expect(dialog.getByRole('list', { name: 'Chosen documents' }).getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
});

test('an empty file is refused before anything is sent', async ({ page }) => {
  const dialog = await openPublishModal(page, 'FREE');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/account/book/preflight') || r.url().includes('/pinwheel/')) sent.push(r.url());
  });
  await dropFiles(page, [{ name: 'blank.pdf', mimeType: 'application/pdf', base64: '' }]);
  await expect(dialog.getByText('blank.pdf is empty.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  expect(sent).toEqual([]);
});
