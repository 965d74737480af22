import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * The server-rendered public pages in Chromium, seen by visitors in browser contexts of their own: a
 * publication's overview (cover, title, description, publisher, date, pages, read button, share and
 * embed, link-preview and search-engine metadata), the publisher's page (public books only) and the
 * safe-mode interstitial of an explicit publication (SPEC §2), whose confirmation the reader shares.
 */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/**
 * A new message: its English text, or its id while the catalogs do not carry it yet (the build strips
 * the macros' source text; the lead extracts the catalogs).
 */
const text = (id: string, english: string) =>
  new RegExp(`^(${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${id.replace(/\./g, '\\.')})$`);
const EXPLICIT_TITLE = text('overview.explicit.title', 'This publication contains explicit content');
const EXPLICIT_CONFIRM = text('overview.explicit.confirm', 'I am of age, show it');

type BookInfo = { url: { overview: string; viewer: string }; account: { url: { overview: string } } };
/** The owner's view of a book (its overview address) and the public one (its publisher's page). */
async function bookInfo(request: APIRequestContext, token: string, id: string): Promise<BookInfo> {
  const own = await request.get(`/api/account/book/get?v=2&id=${id}`, { headers: { authorization: `Bearer ${token}` } });
  const pub = await request.get(`/api/public/book/get?v=2&id=${id}`);
  return { url: (await own.json()).content.url, account: (await pub.json()).content.account };
}

test.describe('public pages', () => {
  test('a publication overview shows the book and its metadata, and its read button opens the reader; the publisher page lists public books only', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'Overview Press' });
    const open = await publish(page.request, token, 'Open Atlas', { description: 'Maps of the open sea & its islands.' });
    const closed = await publish(page.request, token, 'Closed Diary', { publishing_mode: '2' });
    const info = await bookInfo(page.request, token, open.id);
    expect(info.url.overview).toBe(`/publication/${open.id}`);

    const { context, page: guest } = await visitor(browser);
    await guest.goto(info.url.overview);
    await expect(guest).toHaveTitle('Open Atlas');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Open Atlas');
    const cover = guest.getByRole('img', { name: 'Cover of Open Atlas' });
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(guest.locator('.ov-description')).toHaveText('Maps of the open sea & its islands.');
    const facts = guest.locator('.ov-facts');
    await expect(facts.getByRole('link', { name: 'Overview Press' })).toBeVisible();
    await expect(facts.locator('time')).toHaveAttribute('datetime', new Date().toISOString().slice(0, 10));
    await expect(facts).toContainText('5 pages');
    // The page text is in the document, as semantic sections (the demo PDF's page titles).
    await expect(guest.locator('.ov-page')).toHaveCount(5);
    await expect(guest.locator('.ov-text')).toContainText('Share and embed');
    await expect(guest.getByRole('navigation', { name: 'Share' }).getByRole('link')).toHaveCount(6);
    await expect(guest.locator('.ov-embed textarea')).toHaveValue(new RegExp(`<iframe src="[^"]*/read/${open.id}"`));

    // Link previews and search engines.
    const origin = new URL(guest.url()).origin;
    const content = (sel: string) => guest.locator(sel).getAttribute('content');
    expect(await guest.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/publication/${open.id}`);
    expect(await content('meta[property="og:title"]')).toBe('Open Atlas');
    expect(await content('meta[property="og:description"]')).toBe('Maps of the open sea & its islands.');
    expect(await content('meta[property="og:url"]')).toBe(`${origin}/publication/${open.id}`);
    const ogImage = (await content('meta[property="og:image"]')) ?? '';
    expect(ogImage.startsWith(origin)).toBe(true);
    expect((await context.request.get(ogImage)).status()).toBe(200);
    expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await content('meta[name="twitter:title"]')).toBe('Open Atlas');
    expect(await guest.locator('meta[name="robots"]').count()).toBe(0);
    const ld = JSON.parse((await guest.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Book', name: 'Open Atlas', numberOfPages: 5, publisher: { name: 'Overview Press' } });

    // The publisher page: the public book, not the private one.
    await facts.getByRole('link', { name: 'Overview Press' }).click();
    await expect(guest).toHaveURL(new RegExp(`${info.account.url.overview}$`));
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Overview Press');
    await expect(guest.locator('.ov-card')).toHaveCount(1);
    await expect(guest.locator('.ov-card__title')).toHaveText(['Open Atlas']);
    await expect(guest.getByText('Closed Diary')).toHaveCount(0);
    expect(await guest.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}${info.account.url.overview}`);
    // …and the private book's own overview address is not found.
    expect((await context.request.get(`/publication/${closed.id}`)).status()).toBe(404);

    // Back on the overview, the read button opens the reader on the book.
    await guest.locator('.ov-card a').click();
    await guest.getByRole('link', { name: 'Read', exact: true }).click();
    await expect(guest).toHaveURL(new RegExp(`/read/${open.id}(#page=1)?$`));
    await shown(guest, 1);
    await context.close();
  });

  test('an explicit publication asks first on its overview; the answer carries over to the reader and the publisher page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'Velvet Press' });
    const book = await publish(page.request, token, 'Velvet Nights', { is_adult: '1', description: 'Not for everyone.' });
    const info = await bookInfo(page.request, token, book.id);

    const { context, page: guest } = await visitor(browser);
    await guest.goto(info.account.url.overview);
    const card = guest.locator('.ov-card');
    await expect(card.locator('.ov-card__title')).toHaveText('Velvet Nights');
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card).toContainText('Explicit content');

    await card.locator('a').click();
    await expect(guest).toHaveURL(new RegExp(`/publication/${book.id}$`));
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(EXPLICIT_TITLE);
    await expect(guest.getByText('Velvet Nights')).toHaveCount(0);
    await expect(guest.getByText('Not for everyone.')).toHaveCount(0);
    // Nothing of the publication: no image in the page (the site header's and footer's logo are the site's).
    await expect(guest.locator('main img')).toHaveCount(0);
    expect(await guest.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await guest.getByRole('button', { name: EXPLICIT_CONFIRM }).click();
    await expect(guest).toHaveURL(new RegExp(`/publication/${book.id}$`));
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Velvet Nights');
    await expect(guest.getByRole('img', { name: 'Cover of Velvet Nights' })).toBeVisible();
    expect(await guest.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const cookie = (await context.cookies()).find((c) => c.name === 'quire_explicit');
    expect(cookie?.value).toBe('1');
    expect(cookie?.path).toBe('/');
    // About 365 days.
    expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400)).toBe(365);

    // The reader does not ask again.
    await guest.getByRole('link', { name: 'Read', exact: true }).click();
    await shown(guest, 1);
    await expect(guest.getByRole('alertdialog')).toHaveCount(0);
    await guest.goto(info.account.url.overview);
    await expect(guest.locator('.ov-card img')).toHaveCount(1);
    await context.close();

    // The other way round: "Continue" in the reader also opens the overview.
    const second = await visitor(browser);
    await second.page.goto(book.url.viewer);
    await second.page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await shown(second.page, 1);
    await second.page.goto(info.url.overview);
    await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Velvet Nights');
    await second.context.close();
  });
});
