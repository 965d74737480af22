import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import { loadTranslators } from '../../src/server/i18n';
import { newTokenSecret } from '../../src/server/reader/access';
import { PUBLISHER_PAGE_SIZE } from '../../src/server/reader/overview';
import { OVERVIEW_MESSAGES as M } from '../../src/server/reader/overview-messages';
import { compileCatalogs } from '../../src/tools/compile-catalogs.mjs';
import { useAccountsApp } from './accounts-support';
import { DIALECTS, tempDir } from './helpers';
import { elementsOf, linkHref, metaContent, scriptTexts, textOf } from './html-support';
import { makeBook } from './reader-support';

/**
 * The public pages: /publication/<id> (overview with page text, Open Graph, Twitter card, JSON-LD,
 * canonical), /publisher/<accountId> (public publications, paged) and the 404 every gated book answers.
 */

const ORIGIN = 'https://quire.example';
const DAY = 86_400_000;
const PUBLISHED = Date.UTC(2024, 2, 15, 12); // 15 March 2024

async function makeAccount(app: FastifyInstance, name: string, context: 'ind' | 'edu' | 'pro' = 'ind'): Promise<string> {
  const id = newId();
  await app.db.insertInto('accounts').values({ id, name, context, ats: Date.now(), created_at: Date.now() }).execute();
  return id;
}

/** A list-only book row (no files): enough for the publisher page. */
async function insertRow(app: FastifyInstance, accountId: string, name: string, columns: Record<string, unknown> = {}) {
  const id = newId();
  const now = Date.now();
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
      start_time: now,
      created_at: now,
      modified_at: now,
      token_secret: newTokenSecret(),
      ...columns,
    })
    .execute();
  return id;
}

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

const metaOf = metaContent;
const jsonLd = (html: string) => {
  const raw = scriptTexts(html, 'application/ld+json')[0];
  if (raw === undefined) throw new Error('no JSON-LD');
  return { raw, data: JSON.parse(raw) };
};
const canonical = (html: string) => linkHref(html, 'canonical');
/** Each <time>: its datetime and its text. */
const times = (html: string) => elementsOf(html, 'time').map((t) => [t.attribs.datetime, textOf(t)]);

describe.each(DIALECTS)('public pages on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  const ids: Record<string, string> = {};
  const EVIL = 'Le <script>alert("x")</script> & "Livre"';
  let owner = '';
  let lister = '';

  beforeAll(async () => {
    owner = await makeAccount(ctx.app, 'Ada <b>Books</b>', 'pro');
    const make = (spec: Parameters<typeof makeBook>[2] = {}) => makeBook(ctx.app, owner, spec);
    ids.public = await make({
      name: EVIL,
      description: 'A "short" story & true.',
      pages: 3,
      texts: ['First line\nsame paragraph.\n\nSecond <b>paragraph</b>.', '', 'Third page text.'],
      columns: { publish_at: PUBLISHED },
    });
    ids.noShare = await make({ description: '', texts: ['Opening words of the book.'], pages: 1, settings: { share_mode: 0 } });
    ids.private = await make({ columns: { publishing_mode: 2 }, settings: { private_url: 1 } });
    ids.scheduled = await make({ columns: { publish_at: Date.now() + DAY } });
    ids.deactivated = await make({ columns: { is_published: 0 } });
    ids.blocked = await make({ columns: { is_valid: 0, invalid_reason: 'spam' } });
    ids.converting = await make({ columns: { status: 'CONVERTING' } });
    ids.error = await make({ columns: { status: 'ERROR', error_code: 'UNSUPPORTED' } });

    // A second publisher: PUBLISHER_PAGE_SIZE + 2 public books (newest first) and one of each gated kind.
    lister = await makeAccount(ctx.app, 'Lister', 'ind');
    for (let i = 0; i < PUBLISHER_PAGE_SIZE + 2; i++)
      ids[`list${i}`] = await insertRow(ctx.app, lister, `Listed ${i}`, { publish_at: PUBLISHED + i * DAY });
    await insertRow(ctx.app, lister, 'Hidden private', { publishing_mode: 2 });
    await insertRow(ctx.app, lister, 'Hidden scheduled', { publish_at: Date.now() + DAY });
    await insertRow(ctx.app, lister, 'Hidden deactivated', { is_published: 0 });
    await insertRow(ctx.app, lister, 'Hidden blocked', { is_valid: 0 });
    await insertRow(ctx.app, lister, 'Hidden converting', { status: 'CONVERTING' });
  });

  describe('GET /publication/:id', () => {
    let res: LightMyRequestResponse;
    let html = '';
    beforeAll(async () => {
      res = await page(ctx.app, `/publication/${ids.public}`);
      html = res.body;
    });

    it('answers HTML cached publicly for five minutes, with the strict CSP', () => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(String(res.headers.vary)).toContain('Accept-Language');
      const csp = String(res.headers['content-security-policy']);
      // No script of ours runs here: the JSON-LD block is data, which script-src does not govern.
      expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|;)style-src 'self'(;|$)/);
    });

    it('keeps a title with markup as text everywhere', () => {
      const escaped = 'Le &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Livre&quot;';
      expect(html).toContain(`<title>${escaped}</title>`);
      expect(html).toContain(`<h1>${escaped}</h1>`);
      expect(html).not.toContain('<script>alert');
      // The only script element is the JSON-LD data block.
      expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="application/ld+json">']);
      expect(html).toContain('Ada &lt;b&gt;Books&lt;/b&gt;');
      expect(html).not.toContain('<b>');
    });

    it('has the description, canonical URL, Open Graph and Twitter card tags', () => {
      const url = `${ORIGIN}/publication/${ids.public}`;
      const cover = `${ORIGIN}/thumbs/${ids.public}/large.webp?r=1`;
      expect(canonical(html)).toBe(url);
      expect(metaOf(html, 'description')).toBe('A "short" story & true.');
      expect(metaOf(html, 'og:type')).toBe('book');
      expect(metaOf(html, 'og:title')).toBe(EVIL);
      expect(metaOf(html, 'og:url')).toBe(url);
      expect(metaOf(html, 'og:image')).toBe(cover);
      expect(metaOf(html, 'book:release_date')).toBe('2024-03-15');
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'twitter:title')).toBe(EVIL);
      expect(metaOf(html, 'twitter:image')).toBe(cover);
    });

    it('has JSON-LD for a Book that cannot close its script element', () => {
      const { raw, data } = jsonLd(html);
      expect(raw).not.toContain('<');
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Book',
        name: EVIL,
        description: 'A "short" story & true.',
        url: `${ORIGIN}/publication/${ids.public}`,
        image: `${ORIGIN}/thumbs/${ids.public}/large.webp?r=1`,
        datePublished: '2024-03-15',
        numberOfPages: 3,
        author: { '@type': 'Organization', name: 'Ada <b>Books</b>', url: `${ORIGIN}/publisher/${owner}` },
        publisher: { '@type': 'Organization', name: 'Ada <b>Books</b>' },
      });
    });

    it('shows the facts, the read button, share links and the embed code', () => {
      expect(html).toContain(`<a href="/publisher/${owner}">Ada &lt;b&gt;Books&lt;/b&gt;</a>`);
      expect(times(html)).toEqual([['2024-03-15', 'March 15, 2024']]);
      expect(html).toContain('3 pages');
      expect(html).toMatch(new RegExp(`<a class="btn btn--primary btn--lg" href="/read/${ids.public}">Read</a>`));
      const shared = encodeURIComponent(`${ORIGIN}/publication/${ids.public}`);
      expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${shared}`);
      expect(html).toContain(`https://www.linkedin.com/sharing/share-offsite/?url=${shared}`);
      expect(html).toContain(`&lt;iframe src=&quot;${ORIGIN}/read/${ids.public}&quot;`);
    });

    it('has the text of every page as a labelled section with escaped paragraphs', () => {
      const sections = [...html.matchAll(/<section class="ov-page" aria-label="([^"]*)">(.*?)<\/section>/g)].map((m) => [m[1], m[2]]);
      expect(sections).toEqual([
        ['Page 1', '<p>First line same paragraph.</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;.</p>'],
        ['Page 2', ''],
        ['Page 3', '<p>Third page text.</p>'],
      ]);
    });

    it('leaves share links out when share_mode is off, and describes a book by its text when it has no description', async () => {
      const other = (await page(ctx.app, `/publication/${ids.noShare}`)).body;
      expect(other).not.toContain('ov-share');
      expect(other).not.toContain('facebook.com');
      expect(metaOf(other, 'description')).toBe('Opening words of the book.');
      expect(html).toContain('class="ov-share"');
    });

    it('serves the stylesheet it links to', async () => {
      const href = linkHref(html, 'stylesheet') ?? '';
      expect(href).toMatch(/^\/site-[0-9a-f]{12}\.css$/);
      const css = await page(ctx.app, href);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.headers['cache-control']).toContain('immutable');
      expect(css.body).toContain('.ov-page');
    });

    it('answers the same 404 page for unknown and every gated book', async () => {
      const unknown = await page(ctx.app, '/publication/doesNotExist');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(metaOf(unknown.body, 'robots')).toBe('noindex');
      for (const key of ['private', 'scheduled', 'deactivated', 'blocked', 'converting', 'error']) {
        const res = await page(ctx.app, `/publication/${ids[key]}`);
        expect(res.statusCode, key).toBe(404);
        expect(res.headers['cache-control'], key).not.toContain('public');
        expect(res.body, key).toBe(unknown.body);
      }
      expect((await page(ctx.app, '/publication/..%2F..%2Fetc')).statusCode).toBe(404);
    });

    it('shows a scheduled book once its date has passed', async () => {
      ctx.advance(2 * DAY);
      try {
        expect((await page(ctx.app, `/publication/${ids.scheduled}`)).statusCode).toBe(200);
      } finally {
        ctx.advance(-2 * DAY);
      }
    });

    it('speaks the visitor language from Accept-Language, the lang cookie before it', async () => {
      const de = (await page(ctx.app, `/publication/${ids.public}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).body;
      expect(de).toMatch(/^<!doctype html>\n<html lang="de">/);
      expect(times(de)).toEqual([['2024-03-15', '15. März 2024']]);
      expect(metaOf(de, 'og:locale')).toBe('de');
      const fr = (await page(ctx.app, `/publication/${ids.public}`, { 'accept-language': 'de', cookie: 'lang=fr' })).body;
      expect(fr).toContain('<html lang="fr">');
      expect(fr).toContain('15 mars 2024');
      expect((await page(ctx.app, `/publication/${ids.public}`, { 'accept-language': 'xx' })).body).toContain('<html lang="en">');
    });
  });

  describe('GET /publisher/:accountId', () => {
    const listed = (html: string) =>
      elementsOf(html, 'span')
        .filter((s) => s.attribs.class === 'ov-card__title')
        .map(textOf);

    it('lists only public publications, newest first, 25 a page', async () => {
      const first = await page(ctx.app, `/publisher/${lister}`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const total = PUBLISHER_PAGE_SIZE + 2;
      const names = Array.from({ length: total }, (_, i) => `Listed ${total - 1 - i}`);
      expect(listed(first.body)).toEqual(names.slice(0, PUBLISHER_PAGE_SIZE));
      expect(first.body).not.toContain('Hidden');
      expect(first.body).toContain(`${total} publications`);
      const second = await page(ctx.app, `/publisher/${lister}?page=2`);
      expect(second.statusCode).toBe(200);
      expect(listed(second.body)).toEqual(names.slice(PUBLISHER_PAGE_SIZE));
      expect(second.body).toContain(`href="/publication/${ids.list0}"`);
      expect(second.body).toContain('Page 2 of 2');
    });

    it('has canonical, Open Graph profile, paging links and JSON-LD with an ItemList', async () => {
      const first = (await page(ctx.app, `/publisher/${lister}`)).body;
      expect(canonical(first)).toBe(`${ORIGIN}/publisher/${lister}`);
      expect(metaOf(first, 'og:type')).toBe('profile');
      expect(metaOf(first, 'og:title')).toBe('Lister');
      expect(linkHref(first, 'next')).toBe(`${ORIGIN}/publisher/${lister}?page=2`);
      expect(first).not.toContain('rel="prev"');
      const { data } = jsonLd(first);
      expect(data).toMatchObject({ '@type': 'Person', name: 'Lister', mainEntityOfPage: { '@type': 'ItemList', numberOfItems: 27 } });
      expect(data.mainEntityOfPage.itemListElement).toHaveLength(PUBLISHER_PAGE_SIZE);
      const second = (await page(ctx.app, `/publisher/${lister}?page=2`)).body;
      expect(canonical(second)).toBe(`${ORIGIN}/publisher/${lister}?page=2`);
      expect(linkHref(second, 'prev')).toBe(`${ORIGIN}/publisher/${lister}`);
      expect(jsonLd(second).data.mainEntityOfPage.itemListElement[0]).toEqual({
        '@type': 'ListItem',
        position: PUBLISHER_PAGE_SIZE + 1,
        url: `${ORIGIN}/publication/${ids[`list${1}`]}`,
        name: 'Listed 1',
      });
    });

    it('escapes the publisher name and lists the first publisher’s public books only', async () => {
      const res = await page(ctx.app, `/publisher/${owner}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Ada &lt;b&gt;Books&lt;/b&gt; · Quire</title>');
      expect(res.body).not.toContain('<b>');
      expect(listed(res.body).sort()).toEqual(['A Test Book', EVIL].sort());
      expect(jsonLd(res.body).data['@type']).toBe('Organization');
    });

    it('answers 404 for an unknown account and for pages out of range', async () => {
      for (const url of [
        '/publisher/nobody',
        `/publisher/${lister}?page=3`,
        `/publisher/${lister}?page=0`,
        `/publisher/${lister}?page=02`,
        `/publisher/${lister}?page=abc`,
      ]) {
        const res = await page(ctx.app, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toContain('noindex');
      }
      // An account without public publications still has its (empty) page.
      const empty = await makeAccount(ctx.app, 'Quiet');
      const res = await page(ctx.app, `/publisher/${empty}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('No public publications yet.');
    });
  });
});

describe('overview translations', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDir('quire-overview-locales-');
    const po = (entries: Record<string, string>) =>
      Object.entries(entries)
        .map(([id, text]) => `#. js-lingui-explicit-id\nmsgid "${id}"\nmsgstr "${text}"\n`)
        .join('\n');
    await mkdir(path.join(dir, 'en'), { recursive: true });
    await mkdir(path.join(dir, 'de'), { recursive: true });
    await writeFile(path.join(dir, 'en', 'messages.po'), po({ 'overview.read': 'Read', 'mail.common.signature': 'The team' }));
    await writeFile(
      path.join(dir, 'de', 'messages.po'),
      po({ 'overview.read': 'Lesen', 'overview.pages.count': '{count, plural, one {# Seite} other {# Seiten}}' }),
    );
    await compileCatalogs(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('translates from the catalogs, falling back to English and then to the source text', () => {
    const t = loadTranslators(dir);
    expect(t('de')(M.read)).toBe('Lesen');
    expect(t('de')(M.pagesCount, { count: 1 })).toBe('1 Seite');
    expect(t('de')(M.pagesCount, { count: 12 })).toBe('12 Seiten');
    expect(t('fr')(M.read)).toBe('Read');
    // Not in any catalog yet (before extraction): the macro's English, with its placeholders filled.
    expect(t('de')(M.pageLabel, { n: 4 })).toBe('Page 4');
    expect(t('en')(M.pagesCount, { count: 1 })).toBe('1 page');
  });
});
