import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { shareLink } from '../../src/contracts/share';
import { withShareMarker } from '../../src/contracts/stats-limits';
import { type Published, publish, publisher, shown } from './support/publishing';

/**
 * Sharing (issue 7) in Chromium: the share modal of the book list (service URLs, copy indicator, no
 * beacon for one's own publication) and the reader's share menu (service URL, beacon counted for the
 * owner). Pop-ups never leave the sandbox: `window.open` is replaced by a recorder before any script
 * runs. Selectors use data attributes and roles, not texts, so they hold in every language.
 */
test.use({ viewport: { width: 1280, height: 800 } });

declare global {
  interface Window {
    __opened?: string[];
  }
}

async function recordPopups(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__opened = [];
    window.open = (url?: string | URL) => {
      window.__opened?.push(String(url));
      return null;
    };
  });
}
const opened = (page: Page) => page.evaluate(() => window.__opened ?? []);

async function shareCounts(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/account/book/shares?v=2&id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.status).toBe('ok');
  return body.content as { total: number; sources: Record<string, number> };
}

test('share links, the copy indicator, and the beacon: skipped for the owner, counted for a reader', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await recordPopups(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/b.gif')) beacons.push(r.url());
  });

  const token = await publisher(page, { name: 'share publisher' });
  const book: Published = await publish(page.request, token, 'Shared book');

  // ── The owner, from the book list ──
  await page.goto('/account/book');
  // The account's only publication.
  const shareButton = page.locator('.book-item__share');
  await expect(shareButton).toHaveCount(1);
  await expect(shareButton).toBeEnabled();
  await shareButton.click();
  const dialog = page.getByRole('dialog');
  const facebook = dialog.locator('[data-service="facebook"]');
  await expect(facebook).toBeEnabled();
  const link = await dialog.locator('#share-link').inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\//);
  const target = { url: link, name: 'Shared book' };

  await facebook.click();
  await dialog.locator('[data-service="x"]').click();
  await dialog.locator('[data-service="linkedin"]').click();
  // Each service gets the link with its marker (?src=<service>), so the visits it brings count as its shares.
  expect(await opened(page)).toEqual([
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(withShareMarker(link, 'facebook'))}`,
    shareLink('x', { ...target, url: withShareMarker(link, 'x') }),
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(withShareMarker(link, 'linkedin'))}`,
  ]);
  expect(shareLink('x', target)).toContain(`text=${encodeURIComponent('Shared book')}`);

  // Copy: the indicator shows, then goes after 1 s; the clipboard holds the link.
  const copy = dialog.locator('button[data-state]');
  await copy.click();
  await expect(copy).toHaveAttribute('data-state', 'copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(copy).toHaveAttribute('data-state', 'idle', { timeout: 3000 });

  // Escape closes the modal.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The owner's own publication in the reader: the menu works, no beacon either.
  await page.goto(book.url.viewer);
  await shown(page, 1);
  await page.getByRole('toolbar').locator('.qr-share button[aria-haspopup="menu"]').click();
  await page.getByRole('menu').locator('[data-share="facebook"]').click();
  expect((await opened(page)).at(-1)).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
  await page.waitForTimeout(500);

  // The owner's own shares sent no beacon and count nothing.
  expect(beacons).toEqual([]);
  expect((await shareCounts(page.request, token, book.id)).total).toBe(0);
  const ownerAccount = await page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.account?.id as string);

  // ── An anonymous reader, in the reader ──
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 } });
  try {
    await recordPopups(visitor);
    const reader = await visitor.newPage();
    await reader.goto(book.url.viewer);
    await shown(reader, 1);
    const menuButton = reader.getByRole('toolbar').locator('.qr-share button[aria-haspopup="menu"]');
    await menuButton.click();
    const menu = reader.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(7);
    const hit = reader.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/b.gif'));
    await menu.locator('[data-share="x"]').click();
    const response = await hit;
    expect(response.headers()['content-type']).toBe('image/gif');
    const q = new URL(response.url()).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ e: 'share', d: 'desktop', s: 'x', aid: ownerAccount, bid: book.id, t: 'book' });
    expect(Number(q.get('cb'))).toBeLessThanOrEqual(999_999_999);
    // The shared link carries the service's marker (the statistics count the visits it brings, issue 17).
    const readerUrl = new URL(book.url.viewer, reader.url());
    readerUrl.searchParams.set('src', 'x');
    expect(await opened(reader)).toEqual([shareLink('x', { url: readerUrl.href, name: 'Shared book' })]);
    await expect(menu).toBeHidden();

    // The owner's counts now show the reader's share.
    await expect.poll(async () => (await shareCounts(page.request, token, book.id)).sources.x).toBe(1);
  } finally {
    await visitor.close();
  }
});
