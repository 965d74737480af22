import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, type WidgetOptions, widgetQuery } from '../../src/contracts/widget';
import { newId } from '../../src/server/auth/crypto';
import { newTokenSecret } from '../../src/server/reader/access';
import { WIDGET_MAX_COLUMNS } from '../../src/server/routes/widget';
import { WIDGET_CSS_FILE, WIDGET_JS_FILE } from '../../src/server/widget/assets';
import { DIALECTS, useApp } from './helpers';
import { elementsOf } from './html-support';

/**
 * The library widget `{embed}/library/?<options>`: which books it lists (only what anyone may see),
 * their order, paging, links, themes, escaping, framing headers and its weight (≤ 30 KB gzip).
 */

const ORIGIN = 'https://quire.example';
const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);

async function makeAccount(app: FastifyInstance, name: string): Promise<string> {
  const id = newId();
  await app.db.insertInto('accounts').values({ id, name, ats: Date.now(), created_at: Date.now() }).execute();
  return id;
}

let counter = 0;
/** A list-only book row (no files): enough for the widget. */
async function insertBook(app: FastifyInstance, accountId: string, name: string, columns: Record<string, unknown> = {}) {
  const id = newId();
  counter += 1;
  await app.db
    .insertInto('books')
    .values({
      id,
      account_id: accountId,
      name,
      status: 'DONE',
      pages_total: 2,
      pages_done: 2,
      source_name: 'x.pdf',
      source_kind: 'pdf',
      source_size: 1,
      start_time: BASE,
      created_at: BASE + counter * 1000,
      modified_at: BASE,
      token_secret: newTokenSecret(),
      ...columns,
    })
    .execute();
  return id;
}

const options = (id: string, o: Partial<WidgetOptions> = {}): WidgetOptions => ({ ...WIDGET_DEFAULTS, type: 'account', id, ...o });
const titles = (html: string) => [...html.matchAll(/<span class="wl-title">([^<]*)<\/span>/g)].map((m) => m[1]);
const bodyOf = (html: string) => elementsOf(html, 'body')[0]?.attribs;
const byClass = (html: string, tag: string, name: string) => elementsOf(html, tag).find((e) => e.attribs.class === name);
/** The paging links (href decoded) and their nav, each hidden or not. */
const paging = (html: string) => {
  const link = (name: string) => {
    const a = byClass(html, 'a', name);
    return a && { href: a.attribs.href, hidden: 'hidden' in a.attribs };
  };
  const nav = byClass(html, 'nav', 'wl-nav');
  return { prev: link('wl-prev'), next: link('wl-next'), nav: nav && { hidden: 'hidden' in nav.attribs } };
};
const hrefs = (html: string) => [...html.matchAll(/<a class="wl-link" href="([^"]*)" target="([^"]*)"/g)].map((m) => [m[1], m[2]]);

describe.each(DIALECTS)('library widget on %s', (dialect) => {
  const ctx = useApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  let owner = '';
  let other = '';
  let many = '';
  const ids: Record<string, string> = {};
  const get = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/library/?${query}`, headers });

  beforeAll(async () => {
    const app = ctx.app;
    owner = await makeAccount(app, 'Ada <b>Books</b>');
    other = await makeAccount(app, 'Other');
    many = await makeAccount(app, 'Many');
    // Visible: three public books with distinct dates, pages and views.
    ids.b = await insertBook(app, owner, 'banana', { pages_total: 50, publish_at: BASE + 5 * DAY });
    ids.a = await insertBook(app, owner, 'Apple <script>alert(1)</script>', { pages_total: 10, publish_at: BASE + 1 * DAY });
    ids.c = await insertBook(app, owner, 'cherry', { pages_total: 30, publish_at: BASE + 3 * DAY });
    // Gated: never listed.
    await insertBook(app, owner, 'private one', { publishing_mode: 2 });
    await insertBook(app, owner, 'scheduled one', { publish_at: Date.now() + 10 * DAY });
    await insertBook(app, owner, 'blocked one', { is_valid: 0, invalid_reason: 'spam' });
    await insertBook(app, owner, 'unpublished one', { is_published: 0 });
    await insertBook(app, owner, 'broken one', { status: 'ERROR', error_code: 'CORRUPT' });
    await insertBook(app, owner, 'converting one', { status: 'CONVERTING' });
    await insertBook(app, other, 'not theirs');
    // Views of the statistics' daily rollup, over two days (mostViews sums them).
    const view = (bookId: string, n: number) =>
      [0, 1].map((d) => ({
        book_id: bookId,
        account_id: owner,
        day: new Date(BASE - d * 86_400_000).toISOString().slice(0, 10),
        views: d === 0 ? n - 1 : 1,
        readers: 1,
      }));
    await app.db
      .insertInto('stats_daily')
      .values([...view(ids.a as string, 5), ...view(ids.c as string, 2)])
      .execute();
    for (let i = 0; i < WIDGET_MAX_COLUMNS + 2; i++) await insertBook(app, many, `Book ${String(i).padStart(2, '0')}`);
  });

  it('serves a framable page with its own strict policy and only the books anyone may see', async () => {
    const res = await get(widgetQuery(options(owner)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline'; ");
    // latestPublished (default): newest publication date first.
    expect(titles(res.body)).toEqual(['banana', 'cherry', 'Apple &lt;script&gt;alert(1)&lt;/script&gt;']);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('Ada &lt;b&gt;Books&lt;/b&gt;');
    for (const hidden of ['private', 'scheduled', 'blocked', 'unpublished', 'broken', 'converting', 'not theirs'])
      expect(res.body).not.toContain(hidden);
    expect(res.body).toMatch(/loading="lazy"/);
  });

  it('sorts as sortBy says', async () => {
    const order = async (sortBy: WidgetOptions['sortBy']) => titles((await get(widgetQuery(options(owner, { sortBy })))).body);
    const apple = 'Apple &lt;script&gt;alert(1)&lt;/script&gt;';
    expect(await order('title')).toEqual([apple, 'banana', 'cherry']);
    expect(await order('mostPages')).toEqual(['banana', 'cherry', apple]);
    expect(await order('mostViews')).toEqual([apple, 'cherry', 'banana']);
    // latestIssue: the latest upload first (insert order: banana, apple, cherry).
    expect(await order('latestIssue')).toEqual(['cherry', apple, 'banana']);
  });

  it('links as linkTo and linkTarget say', async () => {
    const links = async (o: Partial<WidgetOptions>) => hrefs((await get(widgetQuery(options(owner, { sortBy: 'title', ...o })))).body)[0];
    expect(await links({ linkTo: 'embed', linkTarget: '_blank' })).toEqual([`${ORIGIN}/read/${ids.a}?via=widget`, '_self']);
    expect(await links({ linkTo: 'default', linkTarget: '_blank' })).toEqual([`${ORIGIN}/publication/${ids.a}`, '_blank']);
    expect(await links({ linkTo: 'view', linkTarget: '_parent' })).toEqual([`${ORIGIN}/read/${ids.a}?via=widget`, '_parent']);
  });

  it('shows titles, info, theme, shadow and gloss as asked', async () => {
    const res = await get(
      widgetQuery(
        options(owner, {
          sortBy: 'mostViews',
          showTitle: false,
          showInfo: 'views',
          theme: 'any',
          bgColor: '#102030',
          showGloss: true,
          showShadow: false,
        }),
      ),
    );
    expect(titles(res.body)).toEqual([]);
    expect(res.body).toContain('<span class="wl-info">5 views</span>');
    expect(bodyOf(res.body)).toEqual({ class: 't-any wl-gloss dark', style: '--w:185px;--bg:#102030' });
    const pages = await get(widgetQuery(options(owner, { sortBy: 'title', showInfo: 'pages', thumbSize: 'large', theme: 'black' })));
    expect(pages.body).toContain('<span class="wl-info">10 pages</span>');
    expect(bodyOf(pages.body)).toEqual({ class: 't-black wl-shadow', style: '--w:240px' });
    const account = await get(widgetQuery(options(owner, { showInfo: 'account' })));
    expect(account.body).toContain('<span class="wl-info">Ada &lt;b&gt;Books&lt;/b&gt;</span>');
    const date = await get(`${widgetQuery(options(owner, { sortBy: 'title', showInfo: 'date' }))}&lang=de`);
    expect(date.body).toContain('<html lang="de">');
    expect(date.body).toContain('<span class="wl-info">2. Januar 2024</span>');
  });

  it('refuses unknown accounts, bad ids and theme any with an invalid colour', async () => {
    expect((await get(widgetQuery(options(newId())))).statusCode).toBe(404);
    expect((await get('type=account&id=..%2F..')).statusCode).toBe(404);
    expect((await get(`type=account&id=${owner}&theme=any&bgColor=red`)).statusCode).toBe(404);
    expect((await get(`type=account&id=${owner}&theme=any&bgColor=%23abc`)).statusCode).toBe(200);
    const folder = await get(widgetQuery({ ...options(newId()), type: 'folder' }));
    expect(folder.statusCode).toBe(404);
    expect(folder.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it("lists one folder's books for type folder", async () => {
    const folder = newId();
    await ctx.app.db.insertInto('folders').values({ id: folder, account_id: owner, name: 'Fruit', created_at: Date.now() }).execute();
    const inFolder = { settings: JSON.stringify({ 'subscription.id': folder }) };
    await insertBook(ctx.app, owner, 'date in folder', inFolder);
    await insertBook(ctx.app, owner, 'hidden in folder', { ...inFolder, publishing_mode: 2 });
    await insertBook(ctx.app, other, 'other account, same folder id', inFolder);
    const res = await get(widgetQuery({ ...options(folder), type: 'folder' }));
    expect(res.statusCode).toBe(200);
    expect(titles(res.body)).toEqual(['date in folder']);
    expect(res.body).toContain('Ada &lt;b&gt;Books&lt;/b&gt;');
    // The account's widget still lists every public book, the folder's included.
    expect(titles((await get(widgetQuery(options(owner, { sortBy: 'title' })))).body)).toContain('date in folder');
  });

  it('pages when there are more books than fit', async () => {
    const first = await get(widgetQuery(options(many, { sortBy: 'title' })));
    const shown = titles(first.body);
    expect(shown).toHaveLength(WIDGET_MAX_COLUMNS);
    expect(shown[0]).toBe('Book 00');
    expect(first.body).toMatch(/<ul class="wl-grid" data-rows="1" data-start="0" data-total="14">/);
    expect(paging(first.body).prev).toEqual({ href: expect.stringMatching(/start=0$/), hidden: true });
    const next = paging(first.body).next;
    expect(next).toEqual({ href: expect.stringContaining(`start=${WIDGET_MAX_COLUMNS}`), hidden: false });
    const second = await ctx.app.inject({ method: 'GET', url: next?.href as string });
    expect(titles(second.body)).toEqual(['Book 12', 'Book 13']);
    expect(paging(second.body)).toMatchObject({ prev: { href: expect.stringMatching(/start=0$/), hidden: false }, next: { hidden: true } });
    const two = await get(widgetQuery(options(many, { rows: 2 })));
    expect(titles(two.body)).toHaveLength(14);
    expect(paging(two.body).nav).toEqual({ hidden: true });
  });

  it('weighs at most 30 KB gzip with its stylesheet and script (without images)', async () => {
    const one = await makeAccount(ctx.app, 'One');
    await insertBook(ctx.app, one, 'Only book');
    const html = (await get(widgetQuery(options(one)))).body;
    expect(html).toContain(WIDGET_CSS_FILE);
    expect(html).toContain(WIDGET_JS_FILE);
    const css = await ctx.app.inject({ method: 'GET', url: `/library/${WIDGET_CSS_FILE}` });
    const js = await ctx.app.inject({ method: 'GET', url: `/library/${WIDGET_JS_FILE}` });
    expect(css.statusCode).toBe(200);
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    const total = [html, css.body, js.body].reduce((n, body) => n + gzipSync(body).length, 0);
    expect(total).toBeLessThanOrEqual(30 * 1024);
    expect(total).toBeGreaterThan(500);
  });
});
