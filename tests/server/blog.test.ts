import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CACHE_MS } from '../../src/contracts/blog';
import { FEED_RETRY_MS } from '../../src/server/blog/index';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

const DAY = 86_400_000;

/** A real HTTP server on loopback serving a feed per language (`/feed/<lang>.xml`); counts the requests. */
function useFeedServer() {
  const state = { url: '', hits: 0, body: (_lang: string) => '', status: 200 };
  let server: Server | undefined;
  beforeAll(async () => {
    const listening = createServer((req, res) => {
      state.hits += 1;
      const lang = /^\/feed\/(\w+)\.xml$/.exec(req.url ?? '')?.[1] ?? '';
      res.writeHead(state.status, { 'content-type': 'application/rss+xml' });
      res.end(state.status === 200 ? state.body(lang) : 'down');
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/feed/{lang}.xml`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return state;
}

const rss = (lang: string, items: { title: string; link: string; date: Date; image?: string }[]) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Blog ${lang}</title>
${items
  .map(
    (i) =>
      `<item><title>${i.title}</title><link>${i.link}</link><pubDate>${i.date.toUTCString()}</pubDate>${
        i.image ? `<media:thumbnail url="${i.image}"/>` : ''
      }</item>`,
  )
  .join('\n')}
</channel></rss>`;

const teasers = async (app: FastifyInstance, dialect: string, token?: string) => {
  const res = await call(app, `/public/blog/post/?dialect=${dialect}`, undefined, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as {
    total: number;
    items: { permalink: string; image: string; title: string; date: number; is_new: boolean }[];
  };
};

describe.each(DIALECTS)('blog teasers from the shipped Markdown posts on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('lists the posts of a language, newest first, with their pages and images', async () => {
    const en = await teasers(ctx.app, 'en');
    expect(en.total).toBe(en.items.length);
    expect(en.items.length).toBeGreaterThanOrEqual(2);
    expect(en.items[0]).toEqual({
      permalink: '/blog/publish-your-first-flipbook',
      image: '/blog/images/publish-first-flipbook.svg',
      title: 'Publish your first flipbook in three steps',
      date: Date.UTC(2026, 9, 20),
      is_new: false,
    });
    const dates = en.items.map((i) => i.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await teasers(ctx.app, 'fr')).items[0]?.title).toBe('Publiez votre premier flipbook en trois étapes');
  });

  it('refuses an unknown dialect with VALIDATION', async () => {
    const res = await call(ctx.app, '/public/blog/post/?dialect=xx');
    expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION', fields: ['dialect'] } });
  });

  it('marks posts newer than the signed-in user’s last sign-in (never for visitors)', async () => {
    const { token, content } = await signedIn(ctx, 'reader');
    expect((await teasers(ctx.app, 'en', token)).items.every((i) => !i.is_new)).toBe(true);
    // The user last signed in before the newest post.
    await ctx.app.db
      .updateTable('profiles')
      .set({ last_login: Date.UTC(2026, 9, 1) })
      .where('id', '=', content.profile.id)
      .execute();
    const items = (await teasers(ctx.app, 'en', token)).items;
    expect(items.find((i) => i.date === Date.UTC(2026, 9, 20))?.is_new).toBe(true);
    expect(items.find((i) => i.date === Date.UTC(2026, 8, 15))?.is_new).toBe(false);
    expect((await teasers(ctx.app, 'en')).items.some((i) => i.is_new)).toBe(false);
  });

  it('serves /blog and /blog/<slug> as server-rendered pages in the visitor’s language; unknown posts answer 404', async () => {
    const index = await ctx.app.inject({ url: '/blog', headers: { 'accept-language': 'de' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.body).toContain('<html lang="de"');
    expect(index.body).toContain('href="/blog/publish-your-first-flipbook"');
    expect(index.body).toContain('Ihr erstes Flipbook in drei Schritten');
    // A feed's images may come from anywhere, on the blog pages only (not on any other route).
    expect(index.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect((await ctx.app.inject({ url: '/healthz' })).headers['content-security-policy']).not.toContain('https:');

    const post = await ctx.app.inject({ url: '/blog/publish-your-first-flipbook', headers: { 'accept-language': 'en' } });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('<h1>Publish your first flipbook in three steps</h1>');
    expect(post.body).toContain('<h2>1. Upload</h2>');
    expect(post.body).toContain('<strong>Publish</strong>');

    for (const url of ['/blog/no-such-post', '/blog/..%2Fetc', '/blog/images/nope.svg', '/blog/images/..%2F..%2Fposts.ts']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    const image = await ctx.app.inject({ url: '/blog/images/publish-first-flipbook.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
  });
});

describe('blog Markdown rendering', () => {
  it('escapes raw HTML and neutralises script links', async () => {
    const { parsePost } = await import('../../src/server/blog/posts');
    const post = parsePost(
      '---\ntitle: T\ndate: 2026-01-02\nimage: ../secret.svg\n---\nHi <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>\n',
      't',
      'en',
    );
    expect(post?.html).not.toContain('<script');
    expect(post?.html).not.toContain('<img');
    expect(post?.html).toContain('&#60;script&#62;');
    expect(post?.html).toContain('href="#"');
    expect(post?.image).toBe('');
    expect(parsePost('no front matter', 'x', 'en')).toBeUndefined();
    expect(parsePost('---\ntitle: T\ndate: someday\n---\nx', 'x', 'en')).toBeUndefined();
  });
});

describe.each(DIALECTS)('blog teasers from a feed on %s', (dialect) => {
  const feed = useFeedServer();
  const env = (): Record<string, string> => ({ QUIRE_BLOG_FEED_URL: feed.url, QUIRE_WEBHOOK_PRIVATE: '1' });
  // The env is read in beforeAll, after the feed server listens (hooks run in order).
  const holder: { env: Record<string, string> } = { env: {} };
  beforeAll(() => {
    holder.env = env();
  });
  const ctx = useAccountsApp(dialect, {
    get env() {
      return holder.env;
    },
  } as never);

  it('reads the language’s feed, keeps it one hour, and keeps the last list when the feed fails', async () => {
    const now = Date.now();
    feed.body = (lang) =>
      rss(lang, [
        { title: `Older ${lang}`, link: 'https://blog.example/older', date: new Date(now - 3 * DAY) },
        { title: `Newer ${lang} &amp; more`, link: '/newer', date: new Date(now - DAY), image: 'https://blog.example/n.png' },
        { title: 'No link', link: 'javascript:alert(1)', date: new Date(now - 2 * DAY) },
      ]);
    const it = await teasers(ctx.app, 'it');
    expect(it.items).toEqual([
      {
        permalink: new URL('/newer', feed.url.replace('{lang}', 'it')).href,
        image: 'https://blog.example/n.png',
        title: 'Newer it & more',
        date: expect.any(Number),
        is_new: false,
      },
      { permalink: 'https://blog.example/older', image: '', title: 'Older it', date: expect.any(Number), is_new: false },
    ]);
    const hits = feed.hits;
    await teasers(ctx.app, 'it');
    expect(feed.hits).toBe(hits); // cached
    expect((await teasers(ctx.app, 'pt')).items[0]?.title).toBe('Newer pt & more');
    expect(feed.hits).toBe(hits + 1); // one cache per language

    // An hour later the feed is read again; when it fails, the last list stays.
    feed.status = 500;
    ctx.advance(BLOG_CACHE_MS + 1);
    expect((await teasers(ctx.app, 'it')).items[0]?.title).toBe('Newer it & more');
    expect(feed.hits).toBe(hits + 2);
    // A failed feed is tried again after a minute, not at every request.
    await teasers(ctx.app, 'it');
    expect(feed.hits).toBe(hits + 2);
    feed.status = 200;
    feed.body = (lang) => rss(lang, [{ title: `Fresh ${lang}`, link: 'https://blog.example/fresh', date: new Date(now) }]);
    ctx.advance(FEED_RETRY_MS + 1);
    expect((await teasers(ctx.app, 'it')).items.map((i) => i.title)).toEqual(['Fresh it']);

    // /blog lists the feed's posts.
    const index = await ctx.app.inject({ url: '/blog', headers: { 'accept-language': 'it' } });
    expect(index.body).toContain('href="https://blog.example/fresh"');
  });
});

describe.each(DIALECTS)('blog feed on a private address without QUIRE_WEBHOOK_PRIVATE on %s', (dialect) => {
  const feed = useFeedServer();
  const holder: { env: Record<string, string> } = { env: {} };
  beforeAll(() => {
    holder.env = { QUIRE_BLOG_FEED_URL: feed.url };
  });
  const ctx = useAccountsApp(dialect, {
    get env() {
      return holder.env;
    },
  } as never);

  it('is never requested (SSRF guard): no teasers', async () => {
    feed.body = (lang) => rss(lang, [{ title: 'Internal', link: 'https://intranet.example/x', date: new Date() }]);
    expect(await teasers(ctx.app, 'en')).toEqual({ total: 0, items: [] });
    expect(feed.hits).toBe(0);
  });
});
