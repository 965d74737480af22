import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARE_SOURCES } from '../../src/contracts/share';
import { STATS_LIMITS, type StatsBatch } from '../../src/contracts/stats';
import type { Config } from '../../src/server/config';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import { migrations } from '../../src/server/db/migrations/index';
import { privateToken } from '../../src/server/reader/access';
import { dayOf } from '../../src/server/stats/classify';
import { type PendingBatch, purgeStatistics, writeStatsBatches } from '../../src/server/stats/rollup';
import { login, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS, testConfig } from './helpers';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Statistics collection (issue 17): `POST {beacon}/e` → the daily rollups, exactly. A generated stream
 * of batches over two days, several visitors, sources, devices and browsers, sent in pieces with
 * flushes in between, is compared with the answers worked out independently below (views, unique
 * readers per day, reads past the threshold, pages and time, exits where each visit stopped, every
 * counter, every dimension row). Then what must not count: bots, Do Not Track / GPC, the owner's own
 * reads, unreadable books, malformed and oversized bodies (all answered 204); the purge after the
 * retention; and migration 0020 folding the old reading statistics.
 */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

/** Visitors: address, agent, and what they are expected to count as. */
const VISITORS = [
  { ip: '8.8.8.8', ua: CHROME, country: 'US', browser: 'chrome' },
  { ip: '8.8.4.4', ua: FIREFOX, country: 'US', browser: 'firefox' },
  { ip: '81.2.69.142', ua: IPHONE, country: 'GB', browser: 'safari' },
  { ip: '193.99.144.80', ua: EDGE, country: 'DE', browser: 'edge' },
  { ip: '127.0.0.1', ua: CHROME, country: 'ZZ', browser: 'chrome' },
  { ip: '81.2.69.142', ua: CHROME, country: 'GB', browser: 'chrome' },
] as const;

/** Where visits come from, and the source each must be counted as. */
const ORIGINS = [
  { batch: { ctx: 'reader' }, source: 'direct', host: '' },
  { batch: { ctx: 'reader', ref: 'https://www.google.com/search?q=flipbook' }, source: 'search', host: 'www.google.com' },
  { batch: { ctx: 'reader', ref: 'https://duckduckgo.com/' }, source: 'search', host: 'duckduckgo.com' },
  { batch: { ctx: 'reader', ref: 'https://blog.example.org/post/1?utm=x' }, source: 'referrer', host: 'blog.example.org' },
  { batch: { ctx: 'embed', ref: 'http://news.example.net:8080/article' }, source: 'embed', host: 'news.example.net:8080' },
  { batch: { ctx: 'widget', ref: 'https://shop.example.com/' }, source: 'embed', host: 'shop.example.com' },
  { batch: { ctx: 'reader', share: 'facebook', ref: 'https://www.facebook.com/' }, source: 'share', host: 'facebook' },
  // Our own site (QUIRE_PUBLIC_URL) is not a referrer.
  { batch: { ctx: 'reader', ref: 'http://quire.test/explorer' }, source: 'direct', host: '' },
] as const;

const DEVICES = ['desktop', 'tablet', 'phone'] as const;
const LANGS = ['en', 'de', undefined] as const;
const EXTRA = ['download', 'print', 'share', 'lead', 'zoom', 'search', 'link'] as const;
const COUNTER = {
  download: 'downloads',
  print: 'prints',
  share: 'shares',
  lead: 'leads',
  zoom: 'zooms',
  search: 'searches',
  link: 'links',
} as const;

/** A small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ev = StatsBatch['ev'][number];
interface Sent {
  day: number;
  visitor: (typeof VISITORS)[number];
  book: string;
  batch: StatsBatch;
  origin: (typeof ORIGINS)[number];
  lang: string;
}

const headersOf = (ua: string, extra: Record<string, string> = {}) => ({
  'content-type': 'text/plain;charset=UTF-8',
  'user-agent': ua,
  'accept-language': 'en-GB,en;q=0.9',
  ...extra,
});

describe.each(DIALECTS)('statistics collection on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, {
    env: {
      QUIRE_PUBLIC_DIR: publicDir,
      QUIRE_CONVERT_CONCURRENCY: '0',
      QUIRE_PUBLIC_URL: 'http://quire.test',
      QUIRE_IP_LIMIT_SCALE: '100',
    },
  });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let ownerEmail = '';
  let accountId = '';
  const books: Record<string, string> = {};

  beforeAll(async () => {
    const a = await signedIn(ctx, 'stats-owner');
    ownerEmail = a.email;
    accountId = a.content.account.id;
    const make = (spec: Parameters<typeof makeBook>[2] = {}) => makeBook(ctx.app, accountId, spec);
    books.one = await make({ pages: 5 });
    books.two = await make({ pages: 3 });
    books.private = await make({ pages: 2, columns: { publishing_mode: 2 }, settings: { private_url: 1 } });
    books.deactivated = await make({ columns: { is_published: 0 } });
    books.scheduled = await make({ columns: { publish_at: Date.now() + 86_400_000 * 30 } });
    books.excluded = await make({ pages: 4 });
  });

  const post = (payload: string, headers: Record<string, string>, ip = '8.8.8.8') =>
    ctx.app.inject({ method: 'POST', url: '/e', headers, payload, remoteAddress: ip });
  const send = (batch: unknown, visitor: { ip: string; ua: string } = VISITORS[0], extra: Record<string, string> = {}) =>
    post(JSON.stringify(batch), headersOf(visitor.ua, extra), visitor.ip);
  const flush = () => ctx.app.statsIngest.flush();

  const rowsOf = async (app: FastifyInstance, bookIds: string[]) => {
    const db = app.db;
    const daily = await db.selectFrom('stats_daily').selectAll().where('book_id', 'in', bookIds).execute();
    const pages = await db.selectFrom('stats_daily_pages').selectAll().where('book_id', 'in', bookIds).execute();
    const dims = await db.selectFrom('stats_daily_dims').selectAll().where('book_id', 'in', bookIds).execute();
    const num = <T extends Record<string, unknown>>(r: T) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) && k !== 'value' ? Number(v) : v]),
      );
    return {
      daily: daily.map(num).sort((a, b) => `${a.book_id}${a.day}`.localeCompare(`${b.book_id}${b.day}`)),
      pages: pages
        .map(num)
        .filter((p) => p.views !== 0 || p.time_ms !== 0 || p.exits !== 0)
        .sort((a, b) =>
          `${a.book_id}${a.day}${String(a.page).padStart(6)}`.localeCompare(`${b.book_id}${b.day}${String(b.page).padStart(6)}`),
        ),
      dims: dims
        .map(num)
        .sort((a, b) =>
          `${a.book_id}${a.day}${a.dim}${a.value}${a.detail}`.localeCompare(`${b.book_id}${b.day}${b.dim}${b.value}${b.detail}`),
        ),
    };
  };
  /** Raw events kept for a book (one row per batch, `n` events each). */
  const rawCount = async (bookId: string) =>
    Number(
      (
        await ctx.app.db
          .selectFrom('stats_events')
          .select((eb) => eb.fn.coalesce(eb.fn.sum('n'), eb.lit(0)).as('n'))
          .where('book_id', '=', bookId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps the rollups exactly for a generated stream over two days', async () => {
    const rnd = random(dialect === 'sqlite' ? 17 : 29);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
    const pagesOf: Record<string, number> = { [books.one as string]: 5, [books.two as string]: 3 };
    const sent: Sent[] = [];
    const dayStart = dayOf(ctx.app.clock());
    const dayNames = [dayStart, dayOf(Date.parse(`${dayStart}T00:00:00Z`) + 86_400_000)];
    let visitNo = 0;

    // 40 visits a day; each visit's events go in 1–3 batches, sent interleaved with other visits'.
    for (const day of [0, 1]) {
      if (day === 1) {
        // The clock moves to the next UTC day (a few minutes after midnight).
        const now = ctx.app.clock();
        ctx.advance(Date.parse(`${dayNames[1]}T00:05:00Z`) - now);
      }
      const queue: Sent[] = [];
      for (let i = 0; i < 40; i++) {
        const book = pick([books.one, books.two]) as string;
        const visitor = pick(VISITORS);
        const origin = pick(ORIGINS);
        const device = pick(DEVICES);
        const lang = pick(LANGS);
        const visit = `visit-${dialect}-${day}-${++visitNo}`.padEnd(20, 'v');
        const events: Ev[] = [{ k: 'open', p: 1, at: 0 }];
        let at = 0;
        const n = 1 + Math.floor(rnd() * 6);
        for (let j = 0; j < n; j++) {
          at += 100;
          if (rnd() < 0.7) events.push({ k: 'page', p: 1 + Math.floor(rnd() * pagesOf[book]!), ms: Math.floor(rnd() * 4000), at });
          else {
            const k = pick(EXTRA);
            // Shares name their service (or copy), except some (an older reader): counted, without a service row.
            const service = k === 'share' ? pick([...SHARE_SOURCES, undefined]) : undefined;
            events.push(service ? { k, at, s: service } : { k, at });
          }
        }
        // Cut into 1–3 batches (the first holds the open).
        const cuts = 1 + Math.floor(rnd() * 3);
        const size = Math.ceil(events.length / cuts);
        for (let c = 0; c < events.length; c += size) {
          const batch: StatsBatch = { b: book, visit, device, ev: events.slice(c, c + size), ...origin.batch, ...(lang ? { lang } : {}) };
          queue.push({ day, visitor, book, batch, origin, lang: lang ?? 'en' });
        }
      }
      // Interleave while keeping each visit's batches in order: take from the front of random visits.
      const byVisit = new Map<string, Sent[]>();
      for (const s of queue) byVisit.set(s.batch.visit, [...(byVisit.get(s.batch.visit) ?? []), s]);
      let k = 0;
      while (byVisit.size > 0) {
        const keys = [...byVisit.keys()];
        const key = pick(keys);
        const list = byVisit.get(key) as Sent[];
        const s = list.shift() as Sent;
        if (list.length === 0) byVisit.delete(key);
        const res = await send(s.batch, s.visitor);
        expect(res.statusCode).toBe(204);
        sent.push(s);
        if (++k % 7 === 0) await flush();
      }
      await flush();
    }

    // The answers, worked out from what was sent.
    const daily = new Map<string, Record<string, number | string>>();
    const pages = new Map<string, Record<string, number | string>>();
    const dims = new Map<string, Record<string, number | string>>();
    const counters = () => ({
      views: 0,
      readers: 0,
      reads: 0,
      pages: 0,
      time_ms: 0,
      downloads: 0,
      prints: 0,
      shares: 0,
      leads: 0,
      zooms: 0,
      searches: 0,
      links: 0,
    });
    const dayRow = (book: string, day: string) => {
      const key = `${book}|${day}`;
      if (!daily.has(key)) daily.set(key, { book_id: book, account_id: accountId, day, ...counters() });
      return daily.get(key) as Record<ReturnType<typeof counters> extends infer C ? keyof C : never, number>;
    };
    const pageRow = (book: string, day: string, page: number) => {
      const key = `${book}|${day}|${page}`;
      if (!pages.has(key)) pages.set(key, { book_id: book, day, page, views: 0, time_ms: 0, exits: 0 });
      return pages.get(key) as Record<'views' | 'time_ms' | 'exits', number>;
    };
    const dimRows = (s: Sent, day: string, field: 'views' | 'readers') => {
      const values: [string, string, string][] = [
        ['source', s.origin.source, s.origin.host],
        ['country', s.visitor.country, ''],
        ['device', s.batch.device, s.visitor.browser],
        ['browser', s.visitor.browser, ''],
        // Without the batch's language, the request's Accept-Language (en-GB) gives 'en'.
        ['language', s.lang, ''],
      ];
      for (const [dim, value, detail] of values) {
        const key = `${s.book}|${day}|${dim}|${value}|${detail}`;
        if (!dims.has(key)) dims.set(key, { book_id: s.book, account_id: accountId, day, dim, value, detail, views: 0, readers: 0 });
        (dims.get(key) as Record<'views' | 'readers', number>)[field]++;
      }
    };
    const seen = new Set<string>();
    const visits = new Map<string, { book: string; day: string; ms: number; last: number; read: boolean }>();
    for (const s of sent) {
      const day = dayNames[s.day] as string;
      const row = dayRow(s.book, day);
      const who = `${s.book}|${day}|${s.visitor.ip}|${s.visitor.ua}`;
      if (!seen.has(who)) {
        seen.add(who);
        row.readers++;
        dimRows(s, day, 'readers');
      }
      const visit = visits.get(s.batch.visit) ?? { book: s.book, day, ms: 0, last: 0, read: false };
      visits.set(s.batch.visit, visit);
      for (const e of s.batch.ev) {
        if (e.k === 'open') {
          row.views++;
          dimRows(s, day, 'views');
          visit.last = e.p as number;
        } else if (e.k === 'page') {
          row.pages++;
          row.time_ms += e.ms as number;
          const pr = pageRow(s.book, day, e.p as number);
          pr.views++;
          pr.time_ms += e.ms as number;
          visit.ms += e.ms as number;
          visit.last = e.p as number;
          if (!visit.read && visit.ms >= STATS_LIMITS.readMinMs) {
            visit.read = true;
            dayRow(s.book, visit.day).reads++;
          }
        } else {
          row[COUNTER[e.k as keyof typeof COUNTER]]++;
          if (e.k === 'share' && e.s !== undefined) {
            const key = `${s.book}|${day}|share|${e.s}|`;
            if (!dims.has(key))
              dims.set(key, { book_id: s.book, account_id: accountId, day, dim: 'share', value: e.s, detail: '', views: 0, readers: 0 });
            (dims.get(key) as Record<'views', number>).views++;
          }
        }
      }
    }
    for (const v of visits.values()) pageRow(v.book, v.day, v.last).exits++;
    const sort = (rows: Record<string, number | string>[], keys: string[]) =>
      rows.sort((a, b) =>
        keys
          .map((k) => (k === 'page' ? String(a[k]).padStart(6) : String(a[k])))
          .join('')
          .localeCompare(keys.map((k) => (k === 'page' ? String(b[k]).padStart(6) : String(b[k]))).join('')),
      );

    const got = await rowsOf(ctx.app, [books.one as string, books.two as string]);
    expect(got.daily).toEqual(sort([...daily.values()], ['book_id', 'day']));
    expect(got.pages).toEqual(sort([...pages.values()], ['book_id', 'day', 'page']));
    expect(got.dims).toEqual(sort([...dims.values()], ['book_id', 'day', 'dim', 'value', 'detail']));
    // Shares by service were among them (the generated stream shares to several services).
    expect(new Set(got.dims.filter((d) => d.dim === 'share').map((d) => d.value)).size).toBeGreaterThan(1);
    // Sanity of the stream itself: both days, several readers, reads and exits, every source.
    expect(got.daily.filter((r) => r.day === dayNames[1]).length).toBeGreaterThan(0);
    expect(got.daily.reduce((n, r) => n + Number(r.readers), 0)).toBeGreaterThan(6);
    expect(got.daily.reduce((n, r) => n + Number(r.reads), 0)).toBeGreaterThan(0);
    expect(new Set(got.dims.filter((d) => d.dim === 'source').map((d) => d.value))).toEqual(
      new Set(['direct', 'search', 'referrer', 'embed', 'share']),
    );
    // The raw events are there too (every event sent, in one row per batch), with no address anywhere.
    const events = sent.reduce((n, s) => n + s.batch.ev.length, 0);
    expect((await rawCount(books.one as string)) + (await rawCount(books.two as string))).toBe(events);
    const raw = await ctx.app.db
      .selectFrom('stats_events')
      .selectAll()
      .where('book_id', '=', books.one as string)
      .limit(50)
      .execute();
    expect(JSON.stringify(raw)).not.toMatch(/8\.8\.8\.8|81\.2\.69|Mozilla/);
  });

  it('counts a visit once as a read and moves its exit as it reads on (known answers)', async () => {
    const book = books.two as string;
    const visitor = { ip: '193.99.144.80', ua: FIREFOX };
    const visit = `known-${dialect}-visit-0001`;
    const before = await rowsOf(ctx.app, [book]);
    const day = dayOf(ctx.app.clock());
    const at = (rows: Awaited<ReturnType<typeof rowsOf>>) => ({
      reads: Number(rows.daily.find((r) => r.day === day)?.reads ?? 0),
      exits: [1, 2, 3].map((p) => Number(rows.pages.find((r) => r.day === day && r.page === p)?.exits ?? 0)),
    });
    const base = at(before);
    await send(
      {
        b: book,
        visit,
        ctx: 'reader',
        device: 'desktop',
        ev: [
          { k: 'open', p: 1 },
          { k: 'page', p: 1, ms: 3000, at: 1 },
        ],
      },
      visitor,
    );
    await flush();
    let now = at(await rowsOf(ctx.app, [book]));
    expect(now.reads).toBe(base.reads);
    expect(now.exits).toEqual([base.exits[0]! + 1, base.exits[1], base.exits[2]]);
    await send({ b: book, visit, ctx: 'reader', device: 'desktop', ev: [{ k: 'page', p: 2, ms: 2500, at: 2 }] }, visitor);
    await flush();
    now = at(await rowsOf(ctx.app, [book]));
    expect(now.reads).toBe(base.reads + 1);
    expect(now.exits).toEqual([base.exits[0], base.exits[1]! + 1, base.exits[2]]);
    // More reading: still one read; a page past the book's end is no page view.
    await send(
      {
        b: book,
        visit,
        ctx: 'reader',
        device: 'desktop',
        ev: [
          { k: 'page', p: 3, ms: 9000, at: 3 },
          { k: 'page', p: 9, ms: 10, at: 4 },
        ],
      },
      visitor,
    );
    await flush();
    now = at(await rowsOf(ctx.app, [book]));
    expect(now.reads).toBe(base.reads + 1);
    expect(now.exits).toEqual([base.exits[0], base.exits[1], base.exits[2]! + 1]);
    const visitRow = await ctx.app.db.selectFrom('stats_visits').selectAll().where('visit', '=', visit).executeTakeFirstOrThrow();
    expect({ ms: Number(visitRow.ms), last: visitRow.last_page, read: Number(visitRow.is_read) }).toEqual({ ms: 14_500, last: 3, read: 1 });
  });

  it('adds the time of one visit’s batches written at once by two flushes exactly (no update lost)', async () => {
    const visit = `concurrent-${dialect}`.padEnd(24, 'c');
    const now = ctx.app.clock();
    const batch = (ev: PendingBatch['ev']): PendingBatch => ({
      b: books.two as string,
      visit,
      device: 'desktop',
      ev,
      source: 'direct',
      host: '',
      country: 'US',
      browser: 'chrome',
      language: 'en',
      address: '8.8.8.8',
      userAgent: CHROME,
      at: now,
    });
    const deps = () => ({ readable: () => true, now, salts: new Map<string, string>() });
    /** The book's reads over its days. */
    const reads = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('stats_daily')
            .select((eb) => eb.fn.coalesce(eb.fn.sum('reads'), eb.lit(0)).as('reads'))
            .where('book_id', '=', books.two as string)
            .executeTakeFirstOrThrow()
        ).reads,
      );
    const before = await reads();
    // Rounds of flushes that each bring a part of the visit at the same time (two transactions on PostgreSQL).
    const parts = [
      [1_000, 1_500],
      [700, 2_000],
      [300, 400],
    ];
    for (const [i, [a, b]] of parts.entries()) {
      await Promise.all([
        writeStatsBatches(ctx.app.db, [batch([{ k: 'page', p: 1, ms: a as number, at: i * 10 }])], deps()),
        writeStatsBatches(ctx.app.db, [batch([{ k: 'page', p: 2, ms: b as number, at: i * 10 + 5 }])], deps()),
      ]);
    }
    const row = await ctx.app.db.selectFrom('stats_visits').select(['ms', 'is_read']).where('visit', '=', visit).executeTakeFirstOrThrow();
    expect(Number(row.ms)).toBe(parts.flat().reduce((x, y) => x + y, 0));
    expect(Number(row.is_read)).toBe(1);
    // The visit became a read once.
    const after = await reads();
    expect(after - before).toBe(1);
  });

  describe('what is not counted', () => {
    const book = () => books.excluded as string;
    const batch = (extra: Partial<StatsBatch> = {}): StatsBatch => ({
      b: book(),
      visit: `excluded-${dialect}-${Math.random().toString(36).slice(2, 12)}`,
      ctx: 'reader',
      device: 'desktop',
      ev: [{ k: 'open', p: 1 }, { k: 'page', p: 1, ms: 6000 }, { k: 'download' }],
      ...extra,
    });
    const unchanged = async (run: () => Promise<unknown>) => {
      const before = { rows: await rowsOf(ctx.app, [book()]), raw: await rawCount(book()) };
      await run();
      await flush();
      expect({ rows: await rowsOf(ctx.app, [book()]), raw: await rawCount(book()) }).toEqual(before);
    };
    beforeEach(async () => {
      await flush();
    });

    it('counts the control batch (so the cases below would show a change)', async () => {
      const before = await rawCount(book());
      expect((await send(batch())).statusCode).toBe(204);
      await flush();
      expect(await rawCount(book())).toBe(before + 3);
    });

    it('leaves out bots, headless browsers, automation and requests without Accept-Language', async () => {
      await unchanged(async () => {
        for (const ua of [
          'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
          'curl/8.5.0',
          'python-requests/2.32.3',
          '',
        ]) {
          expect((await send(batch(), { ip: '8.8.8.8', ua })).statusCode).toBe(204);
        }
        const noLanguage = await post(JSON.stringify(batch()), { 'content-type': 'text/plain', 'user-agent': CHROME });
        expect(noLanguage.statusCode).toBe(204);
        // The reader's webdriver hint.
        expect((await send(batch({ wd: 1 }))).statusCode).toBe(204);
      });
    });

    it('honours Do Not Track and Global Privacy Control', async () => {
      await unchanged(async () => {
        expect((await send(batch(), VISITORS[0], { dnt: '1' })).statusCode).toBe(204);
        expect((await send(batch(), VISITORS[0], { 'sec-gpc': '1' })).statusCode).toBe(204);
      });
    });

    it('leaves out the owner’s own reads', async () => {
      // Signed in now (the stream above moved the clock a day on).
      const ownerToken = (await login(ctx, ownerEmail)).content.session.access_token as string;
      await unchanged(async () => {
        expect((await send(batch(), VISITORS[1], { authorization: `Bearer ${ownerToken}` })).statusCode).toBe(204);
      });
      // Another signed-in reader counts.
      const stranger = await signedIn(ctx, 'stats-stranger');
      const before = await rawCount(book());
      await send(batch(), VISITORS[1], { authorization: `Bearer ${stranger.token}` });
      await flush();
      expect(await rawCount(book())).toBe(before + 3);
    });

    it('leaves out books a visitor could not open; a private book counts through its link', async () => {
      const counted = async (b: StatsBatch) => {
        const before = await rawCount(b.b);
        expect((await send(b)).statusCode).toBe(204);
        await flush();
        return (await rawCount(b.b)) - before;
      };
      expect(await counted(batch({ b: books.private as string }))).toBe(0);
      expect(await counted(batch({ b: books.private as string, t: 'a'.repeat(32) }))).toBe(0);
      expect(await counted(batch({ b: books.deactivated as string }))).toBe(0);
      expect(await counted(batch({ b: books.scheduled as string }))).toBe(0);
      expect(await counted(batch({ b: 'no-such-book' }))).toBe(0);
      const row = await ctx.app.db
        .selectFrom('books')
        .selectAll()
        .where('id', '=', books.private as string)
        .executeTakeFirstOrThrow();
      expect(await counted(batch({ b: books.private as string, t: privateToken(ctx.app, row), ev: [{ k: 'open', p: 1 }] }))).toBe(1);
    });

    it('answers 204 to malformed and oversized bodies and changes nothing', async () => {
      await unchanged(async () => {
        const bodies = [
          '',
          'not json',
          '{"b":',
          'null',
          '[]',
          JSON.stringify({ ...batch(), ev: [] }),
          JSON.stringify({ ...batch(), ev: [{ k: 'teleport' }] }),
          JSON.stringify({ ...batch(), device: 'fridge' }),
          JSON.stringify({ ...batch(), visit: 'short' }),
          JSON.stringify({ ...batch(), ev: Array.from({ length: STATS_LIMITS.batchMax + 1 }, () => ({ k: 'zoom' })) }),
          JSON.stringify({ ...batch(), ev: [{ k: 'page', p: 1, ms: STATS_LIMITS.pageMsMax + 1 }] }),
          // Valid, but over the byte limit.
          JSON.stringify({ ...batch(), ref: `https://example.org/${'x'.repeat(2000)}`, pad: 'y'.repeat(STATS_LIMITS.bodyMaxBytes) }),
        ];
        for (const body of bodies) {
          const res = await post(body, headersOf(CHROME));
          expect(res.statusCode, body.slice(0, 40)).toBe(204);
          expect(res.body).toBe('');
        }
        // Any content type (a Blob may name one), a form, and no type at all.
        for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
          expect((await post('{"b":1}', { ...headersOf(CHROME), 'content-type': type })).statusCode).toBe(204);
        }
        const noType = await ctx.app.inject({
          method: 'POST',
          url: '/e',
          headers: { 'user-agent': CHROME, 'accept-language': 'en' },
          payload: 'x',
        });
        expect(noType.statusCode).toBe(204);
      });
      // An oversized body of a valid batch is not counted, one within the limit is.
      const big = JSON.stringify({ ...batch(), ref: `https://example.org/${'x'.repeat(STATS_LIMITS.refMaxLength - 30)}` });
      expect(big.length).toBeLessThan(STATS_LIMITS.bodyMaxBytes);
      const before = await rawCount(book());
      await post(big, headersOf(CHROME));
      await flush();
      expect(await rawCount(book())).toBe(before + 3);
    });
  });

  it('purges raw events, visits, visitors and salts after the retention; the rollups stay', async () => {
    await flush();
    const bookIds = [books.one as string, books.two as string];
    const rollups = await rowsOf(ctx.app, bookIds);
    const days = ctx.config.statsRawDays;
    expect(days).toBe(STATS_LIMITS.rawDaysDefault);
    const now = ctx.app.clock();
    // Nothing is old enough yet.
    expect(await purgeStatistics(ctx.app.db, now, days)).toBe(0);
    const count = async (table: 'stats_events' | 'stats_visits' | 'stats_visitors' | 'stats_salts') =>
      Number(
        (
          await ctx.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('stats_events')).toBeGreaterThan(0);
    // The last day of the stream is still kept on the retention's last day, and gone the day after.
    const later = now + (days - 1) * 86_400_000;
    const kept = await count('stats_events');
    await purgeStatistics(ctx.app.db, later, days);
    expect(await count('stats_events')).toBeGreaterThan(0);
    expect(await count('stats_events')).toBeLessThan(kept);
    await purgeStatistics(ctx.app.db, later + 86_400_000, days);
    for (const table of ['stats_events', 'stats_visits', 'stats_visitors', 'stats_salts'] as const) expect(await count(table)).toBe(0);
    expect(await rowsOf(ctx.app, bookIds)).toEqual(rollups);
  });
});

describe.each(DIALECTS)('migration 0020 folds the old reading statistics on %s', (dialect) => {
  let config: Config;
  let handle: DbHandle;
  beforeAll(async () => {
    config = await testConfig(dialect);
    handle = createDb(config);
  });
  afterAll(async () => {
    await handle?.destroy();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  it('views per opens on the session’s day, readers per session, pages and time per page, the device split; then drops the tables', async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0019_profile_names')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.insertInto('accounts').values({ id: 'acc1', name: 'Owner', ats: 1, created_at: 1 }).execute();
    const book = (id: string) => ({
      id,
      account_id: 'acc1',
      name: id,
      description: '',
      settings: '{}',
      status: 'DONE',
      pages_total: 3,
      pages_done: 3,
      direction: 'ltr',
      source_name: 'b.pdf',
      source_kind: 'pdf',
      source_size: 1,
      start_time: 1,
      created_at: 1,
      modified_at: 1,
      token_secret: 'x'.repeat(32),
    });
    await db
      .insertInto('books')
      .values([book('bk1'), book('bk2')])
      .execute();
    const d1 = Date.parse('2026-03-01T10:00:00Z');
    const d2 = Date.parse('2026-03-02T23:59:00Z');
    await db
      .insertInto('book_views')
      .values([
        { book_id: 'bk1', session: 's1', device: 'phone', opens: 2, started_at: d1, last_at: d1 },
        { book_id: 'bk1', session: 's2', device: 'desktop', opens: 1, started_at: d1 + 3600_000, last_at: d1 },
        { book_id: 'bk1', session: 's3', device: 'phone', opens: 1, started_at: d2, last_at: d2 },
        { book_id: 'bk2', session: 's1', device: 'tablet', opens: 3, started_at: d2, last_at: d2 },
      ])
      .execute();
    await db
      .insertInto('book_page_views')
      .values([
        { book_id: 'bk1', session: 's1', page: 1, ms: 4000 },
        { book_id: 'bk1', session: 's1', page: 2, ms: 1000 },
        { book_id: 'bk1', session: 's2', page: 1, ms: 500 },
        { book_id: 'bk1', session: 's3', page: 3, ms: 7000 },
      ])
      .execute();
    await migrateToLatest(handle.db);
    const daily = await handle.db.selectFrom('stats_daily').selectAll().orderBy('book_id').orderBy('day').execute();
    const n = (r: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]));
    const zero = { reads: 0, downloads: 0, prints: 0, shares: 0, leads: 0, zooms: 0, searches: 0, links: 0 };
    expect(daily.map(n)).toEqual([
      { book_id: 'bk1', account_id: 'acc1', day: '2026-03-01', views: 3, readers: 2, pages: 3, time_ms: 5500, ...zero },
      { book_id: 'bk1', account_id: 'acc1', day: '2026-03-02', views: 1, readers: 1, pages: 1, time_ms: 7000, ...zero },
      { book_id: 'bk2', account_id: 'acc1', day: '2026-03-02', views: 3, readers: 1, pages: 0, time_ms: 0, ...zero },
    ]);
    const pages = await handle.db.selectFrom('stats_daily_pages').selectAll().orderBy('day').orderBy('page').execute();
    expect(pages.map(n)).toEqual([
      { book_id: 'bk1', day: '2026-03-01', page: 1, views: 2, time_ms: 4500, exits: 0 },
      { book_id: 'bk1', day: '2026-03-01', page: 2, views: 1, time_ms: 1000, exits: 0 },
      { book_id: 'bk1', day: '2026-03-02', page: 3, views: 1, time_ms: 7000, exits: 0 },
    ]);
    const dims = await handle.db.selectFrom('stats_daily_dims').selectAll().orderBy('book_id').orderBy('day').orderBy('value').execute();
    expect(dims.map(n)).toEqual([
      { book_id: 'bk1', account_id: 'acc1', day: '2026-03-01', dim: 'device', value: 'desktop', detail: '', views: 1, readers: 1 },
      { book_id: 'bk1', account_id: 'acc1', day: '2026-03-01', dim: 'device', value: 'phone', detail: '', views: 2, readers: 1 },
      { book_id: 'bk1', account_id: 'acc1', day: '2026-03-02', dim: 'device', value: 'phone', detail: '', views: 1, readers: 1 },
      { book_id: 'bk2', account_id: 'acc1', day: '2026-03-02', dim: 'device', value: 'tablet', detail: '', views: 3, readers: 1 },
    ]);
    const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('book_views');
    expect(tables).not.toContain('book_page_views');
  });
});
