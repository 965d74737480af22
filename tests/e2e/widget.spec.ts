import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { publish, publisher } from './support/publishing';

/**
 * The widget (embed) modal and the library widget in Chromium: the modal opens from the book list,
 * its preview follows option changes 500 ms after the last one (at once when it opens), embed hides
 * the link target, the code copies; pasted into a plain page served from another origin, the code
 * shows the library, whose covers link to the reader.
 */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A visible text by its message id: the English text once the catalogs are extracted, the id itself
 * until then (a build without the new messages shows their ids).
 */
const msg = (id: string, english: string, exact = true) =>
  new RegExp(exact ? `^(?:${escapeRe(english)}|${escapeRe(id)})$` : `${escapeRe(english)}|${escapeRe(id)}`);

/** A plain HTML page with `body` on a port of its own (another origin than Quire). */
async function hostPage(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Someone's site</title></head><body><h1>My site</h1>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function openLibraryModal(page: Page) {
  await page.goto('/account/book');
  await page.getByRole('button', { name: msg('book.embedLibrary', 'Embed library') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: msg('widget.title.library', 'Embed the library of', false) })).toBeVisible();
  return dialog;
}

test.describe('widget', () => {
  test('the preview follows option changes 500 ms after the last one', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'Widget Timing Press' });
    await publish(page.request, token, 'Timing Atlas');
    const dialog = await openLibraryModal(page);
    const frame = dialog.getByTestId('widget-preview');
    // The first render is immediate: the library is already in the preview.
    await expect(page.frameLocator('[data-testid="widget-preview"]').getByText('Timing Atlas')).toBeVisible();
    const first = await frame.getAttribute('src');
    expect(first).toContain('rows=1');

    // Times measured in the page: each option change (the selects' change events) and each new preview src.
    await page.evaluate(() => {
      const w = window as unknown as { marks: [string, number][] };
      w.marks = [];
      const frame = document.querySelector('[data-testid="widget-preview"]') as HTMLIFrameElement;
      document.addEventListener('change', () => w.marks.push(['change', performance.now()]), true);
      new MutationObserver(() => w.marks.push(['src', performance.now()])).observe(frame, { attributes: true, attributeFilter: ['src'] });
    });
    // Two changes 250 ms apart, made in the page so the gap is exact: rows, then the order.
    await expect(dialog.getByLabel(msg('widget.rows', 'Rows'))).toBeVisible();
    const srcRightAfter = await page.evaluate(async () => {
      const selects = [...document.querySelectorAll<HTMLSelectElement>('.widget-options select')];
      const choose = (select: HTMLSelectElement | undefined, value: string) => {
        if (!select) throw new Error('no select');
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      };
      choose(selects[0], '2');
      await new Promise((resolve) => setTimeout(resolve, 250));
      choose(selects[1], 'title');
      // Read in the page at once (a round trip from the test could take longer than the 500 ms).
      return document.querySelector('[data-testid="widget-preview"]')?.getAttribute('src');
    });
    expect(srcRightAfter).toBe(first);
    await expect(frame).toHaveAttribute('src', /rows=2.*sortBy=title/, { timeout: 3000 });
    const marks = await page.evaluate(() => (window as unknown as { marks: [string, number][] }).marks);
    const changes = marks.filter(([k]) => k === 'change').map(([, t]) => t);
    const renders = marks.filter(([k]) => k === 'src').map(([, t]) => t);
    expect(changes).toHaveLength(2);
    expect(renders).toHaveLength(1);
    const [firstChange, lastChange] = changes as [number, number];
    const render = renders[0] as number;
    expect(render - lastChange).toBeGreaterThanOrEqual(490);
    expect(render - lastChange).toBeLessThan(1500);
    expect(render - firstChange).toBeGreaterThanOrEqual(700);
    await expect(page.frameLocator('[data-testid="widget-preview"]').getByText('Timing Atlas')).toBeVisible();
  });

  test('options, colour check, copy, and the code working in another site', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'Widget Press' });
    const book = await publish(page.request, token, 'Widget Atlas');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const dialog = await openLibraryModal(page);

    // Custom colour: an invalid code is flagged; a valid one is used and kept among recent colours.
    await dialog.getByLabel(msg('widget.theme', 'Theme')).selectOption('any');
    const hex = dialog.getByLabel(msg('widget.color.hex', 'Colour code'));
    await hex.fill('#12345');
    await expect(dialog.getByText(msg('widget.color.invalid', 'Enter a colour as #rgb or #rrggbb.'))).toBeVisible();
    await expect(hex).toHaveAttribute('aria-invalid', 'true');
    await hex.fill('#336699');
    await expect(hex).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('widget-preview')).toHaveAttribute('src', /bgColor=%23336699/);
    await expect(dialog.getByRole('button', { name: '#336699' })).toBeVisible();

    // Link target shows until the reader opens inside the widget.
    await expect(dialog.getByLabel(msg('widget.linkTarget', 'Opens'))).toBeVisible();
    await dialog.getByLabel(msg('widget.linkTo', 'A click on a publication')).selectOption('embed');
    await expect(dialog.getByLabel(msg('widget.linkTarget', 'Opens'))).toHaveCount(0);

    // Copy: the code lands in the clipboard and the button says so for 1 s.
    const code = await dialog.getByLabel(msg('widget.code', 'Code to paste into your page')).inputValue();
    expect(code).toMatch(/^<iframe src="http:\/\/localhost:\d+\/library\/\?type=account&amp;id=[\w-]+&amp;rows=1/);
    const copyButton = dialog.locator('.widget-modal__copy button');
    await copyButton.evaluate((button) => {
      const w = window as unknown as { labels: [string, number][] };
      w.labels = [];
      new MutationObserver(() => w.labels.push([button.textContent ?? '', performance.now()])).observe(button, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await expect(copyButton).toHaveText(msg('widget.copy', 'Copy the code'));
    const clicked = await page.evaluate(() => performance.now());
    await copyButton.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { labels: [string, number][] }).labels.length))
      .toBeGreaterThanOrEqual(2);
    const labels = await page.evaluate(() => (window as unknown as { labels: [string, number][] }).labels);
    expect(labels[0]?.[0]).toMatch(msg('widget.copied', 'Copied'));
    expect(labels[1]?.[0]).toMatch(msg('widget.copy', 'Copy the code'));
    // The indicator goes 1 s after the copy succeeded (which is after the click), and not much later.
    const back = (labels[1]?.[1] ?? 0) - clicked;
    expect(back).toBeGreaterThanOrEqual(1000);
    expect(back).toBeLessThan(2500);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Escape closes the modal.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Pasted into a plain page of another origin, the library shows and opens the reader in its frame.
    const site = await hostPage(code);
    const context = await browser.newContext();
    try {
      const guest = await context.newPage();
      await guest.goto(site.url);
      const widget = guest.frameLocator('iframe');
      const link = widget.getByRole('link', { name: /Widget Atlas/ });
      await expect(link).toBeVisible();
      await expect(widget.getByRole('img', { name: msg('widget.library.cover', 'Cover of Widget Atlas') })).toBeVisible();
      // The reader link names the site that embeds the widget, so its reads count that site as their host.
      const href = new URL((await link.getAttribute('href')) ?? '');
      expect(href.pathname).toBe(`/read/${book.id}`);
      expect([...href.searchParams]).toEqual([
        ['via', 'widget'],
        ['site', new URL(site.url).origin],
      ]);
      expect(await link.getAttribute('target')).toBe('_self');
      await link.click();
      await expect.poll(() => guest.frames().some((f) => f.url().includes(`/read/${book.id}`))).toBe(true);
      await expect(widget.locator('.qr-page').first()).toBeVisible({ timeout: 20_000 });
    } finally {
      await context.close();
      await site.close();
    }
  });

  test('one publication: reader snippet with start page and view mode', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'Widget Book Press' });
    const book = await publish(page.request, token, 'Single Atlas');
    await page.goto('/account/book');
    await page.getByRole('button', { name: msg('book.embed', 'Embed “Single Atlas”') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: msg('widget.title.book', 'Embed “Single Atlas”') })).toBeVisible();
    await dialog.getByLabel(msg('widget.book.page', 'Start page')).fill('3');
    await dialog.getByLabel(msg('widget.book.view', 'View mode')).selectOption('slide');
    const code = dialog.getByLabel(msg('widget.code', 'Code to paste into your page'));
    await expect(code).toHaveValue(
      new RegExp(`padding-bottom:75\\.00%.*<iframe src="http://localhost:\\d+/read/${book.id}\\?mode=slide#page=3"`),
    );
    await expect(dialog.getByTestId('widget-preview')).toHaveAttribute('src', new RegExp(`/read/${book.id}\\?mode=slide#page=3$`));
  });

  test('the library fits the frame: rows × the columns that fit, and paging links to the rest', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const token = await publisher(page, { name: 'Widget Shelf Press' });
    for (const name of ['Shelf A', 'Shelf B', 'Shelf C']) await publish(page.request, token, name);
    const accountId = await page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.account?.id as string);
    const context = await browser.newContext({ viewport: { width: 400, height: 600 } });
    try {
      const guest = await context.newPage();
      // Small thumbnails (150 px): two columns fit in 400 px, so one row shows two books.
      await guest.goto(`/library/?type=account&id=${accountId}&rows=1&thumbSize=small&sortBy=title&linkTo=view&linkTarget=_blank`);
      const items = guest.locator('.wl-item:visible');
      await expect(items).toHaveCount(2);
      await expect(items.locator('.wl-title')).toHaveText(['Shelf A', 'Shelf B']);
      await expect(guest.locator('.wl-prev')).toBeHidden();
      await guest.locator('.wl-next').click();
      await expect(guest).toHaveURL(/start=2/);
      await expect(guest.locator('.wl-item:visible .wl-title')).toHaveText(['Shelf C']);
      await expect(guest.locator('.wl-next')).toBeHidden();
      await guest.locator('.wl-prev').click();
      await expect(guest.locator('.wl-item:visible .wl-title')).toHaveText(['Shelf A', 'Shelf B']);
      // Wider: three columns, every book on one row, no paging.
      await guest.setViewportSize({ width: 560, height: 600 });
      await expect(guest.locator('.wl-item:visible')).toHaveCount(3);
      await expect(guest.locator('.wl-nav')).toBeHidden();
      const link = guest.locator('.wl-link').first();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /\/read\/[\w-]+\?via=widget$/);
    } finally {
      await context.close();
    }
  });
});
