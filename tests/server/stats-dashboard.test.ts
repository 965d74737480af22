import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATS_LIMITS, type StatsSummary, type StatsTotals } from '../../src/contracts/stats';
import { addDays, STATS_RANGES_KEPT } from '../../src/server/stats/queries';
import { call, setMode, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { makeBook } from './reader-support';

/**
 * The dashboard's calls (issue 17) over a generated set of rollup rows with known answers: every
 * number of every call, the plan's clipping (free: the last 30 days), the export (premium and up: the
 * same rows as the calls, as CSV), other accounts' books refused, bad ranges refused with the envelope.
 */

const TODAY = '2026-11-18';
const NOW = Date.parse(`${TODAY}T12:00:00Z`);
const KEYS = ['views', 'readers', 'reads', 'pages', 'time_ms', 'downloads', 'prints', 'shares', 'leads'] as const;
const COUNTRIES = ['de', 'fr', 'us', 'ZZ', 'br'];
const DEVICES: [string, string][] = [
  ['desktop', 'chrome'],
  ['desktop', 'firefox'],
  ['phone', 'safari'],
  ['tablet', 'samsung'],
];
const LANGUAGES = ['de', 'en', '', 'fr'];

interface DailyRow extends StatsTotals {
  book_id: string;
  account_id: string;
  day: string;
}
interface DimRow {
  book_id: string;
  account_id: string;
  day: string;
  dim: string;
  value: string;
  detail: string;
  views: number;
  readers: number;
}
interface PageRow {
  book_id: string;
  day: string;
  page: number;
  views: number;
  time_ms: number;
  exits: number;
}

/** A small seeded PRNG (mulberry32): the same rows every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Rollup rows of 100 days up to today for some books (every third day of each book left without data). */
function generate(books: { id: string; account: string; pages: number }[]) {
  const random = prng(17);
  const daily: DailyRow[] = [];
  const dims: DimRow[] = [];
  const pages: PageRow[] = [];
  for (const [b, book] of books.entries()) {
    for (let i = 0; i < 100; i++) {
      if ((i + b) % 3 === 0) continue;
      const day = addDays(TODAY, -i);
      const views = 1 + random(40);
      const row: DailyRow = {
        book_id: book.id,
        account_id: book.account,
        day,
        views,
        readers: 1 + random(views),
        reads: random(views),
        pages: views * 3,
        time_ms: 1_000 * random(1_000_000),
        downloads: random(4),
        prints: random(3),
        shares: random(5),
        leads: random(2),
      };
      daily.push(row);
      const dim = (name: string, value: string, detail = '') =>
        dims.push({
          book_id: book.id,
          account_id: book.account,
          day,
          dim: name,
          value,
          detail,
          views: 1 + random(20),
          readers: random(10),
        });
      for (const country of COUNTRIES) if (random(4) > 0) dim('country', country);
      for (const [device, browser] of DEVICES) if (random(3) > 0) dim('device', device, browser);
      for (const language of LANGUAGES) if (random(3) > 0) dim('language', language);
      dim('source', 'direct');
      dim('source', 'embed', `site${random(70)}.example`);
      dim('source', 'share', 'facebook');
      // Shares made from the reader per service (`views`: the shares); `copy` and x have no visits back.
      for (const service of ['facebook', 'copy', 'x']) if (random(3) > 0) dim('share', service);
      // Equal views for a tie: the order falls back to the host.
      dims.push({
        book_id: book.id,
        account_id: book.account,
        day,
        dim: 'source',
        value: 'referrer',
        detail: 'b.example',
        views: 2,
        readers: 1,
      });
      dims.push({
        book_id: book.id,
        account_id: book.account,
        day,
        dim: 'source',
        value: 'referrer',
        detail: 'a.example',
        views: 2,
        readers: 1,
      });
      // Page rows; one page of each book never seen, and one beyond the book's pages (a replaced document) left out.
      for (let page = 1; page <= book.pages + 1; page++) {
        if (page === 2) continue;
        if (random(4) === 0) continue;
        const v = 1 + random(30);
        pages.push({ book_id: book.id, day, page, views: v, time_ms: v * (500 + random(20_000)), exits: random(v) });
      }
    }
  }
  return { daily, dims, pages };
}

type Generated = ReturnType<typeof generate>;
const inRange = (day: string, from: string, to: string) => day >= from && day <= to;
const zero = (): StatsTotals => ({ views: 0, readers: 0, reads: 0, pages: 0, time_ms: 0, downloads: 0, prints: 0, shares: 0, leads: 0 });
const add = (into: StatsTotals, row: StatsTotals) => {
  for (const key of KEYS) into[key] += row[key];
  return into;
};

/** What the calls must answer, computed from the generated rows. */
function expected(data: Generated, account: string, from: string, to: string, book?: string) {
  const daily = data.daily.filter((r) => r.account_id === account && inRange(r.day, from, to) && (!book || r.book_id === book));
  const dims = data.dims.filter((r) => r.account_id === account && inRange(r.day, from, to) && (!book || r.book_id === book));
  const totals = daily.reduce(add, zero());
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, ...daily.filter((r) => r.day === day).reduce(add, zero()) };
  });
  const group = <K extends string>(
    rows: DimRow[],
    key: (r: DimRow) => string,
    make: (r: DimRow) => Record<K, string>,
    order: (a: DimRow, b: DimRow) => number,
  ) => {
    const map = new Map<string, { head: DimRow; views: number; readers: number }>();
    for (const r of rows) {
      const k = key(r);
      const g = map.get(k) ?? { head: r, views: 0, readers: 0 };
      g.views += r.views;
      g.readers += r.readers;
      map.set(k, g);
    }
    return [...map.values()]
      .sort((a, b) => b.views - a.views || order(a.head, b.head))
      .slice(0, STATS_LIMITS.topRows)
      .map((g) => ({ ...make(g.head), views: g.views, readers: g.readers }));
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const of = (dim: string) => dims.filter((r) => r.dim === dim);
  const books = new Map<string, { id: string; views: number; readers: number; reads: number; time_ms: number }>();
  for (const r of daily) {
    const g = books.get(r.book_id) ?? { id: r.book_id, views: 0, readers: 0, reads: 0, time_ms: 0 };
    g.views += r.views;
    g.readers += r.readers;
    g.reads += r.reads;
    g.time_ms += r.time_ms;
    books.set(r.book_id, g);
  }
  return {
    totals,
    series,
    books: [...books.values()].sort((a, b) => b.views - a.views || cmp(a.id, b.id)),
    // Visits by source, and shares per service as the share rows of that service.
    sources: (() => {
      const map = new Map<string, { source: string; host: string; views: number; readers: number; shares: number }>();
      const into = (source: string, host: string) => {
        const k = `${source}\u0000${host}`;
        const g = map.get(k) ?? { source, host, views: 0, readers: 0, shares: 0 };
        map.set(k, g);
        return g;
      };
      for (const r of of('source')) {
        const g = into(r.value, r.detail);
        g.views += r.views;
        g.readers += r.readers;
      }
      for (const r of of('share')) into('share', r.value).shares += r.views;
      return [...map.values()]
        .sort((a, b) => b.views - a.views || cmp(a.source, b.source) || cmp(a.host, b.host))
        .slice(0, STATS_LIMITS.topRows);
    })(),
    countries: group(
      of('country'),
      (r) => r.value,
      (r) => ({ country: r.value }),
      (a, b) => cmp(a.value, b.value),
    ),
    devices: group(
      of('device'),
      (r) => `${r.value}\u0000${r.detail}`,
      (r) => ({ device: r.value, browser: r.detail }),
      (a, b) => cmp(a.value, b.value) || cmp(a.detail, b.detail),
    ),
    languages: group(
      of('language'),
      (r) => r.value,
      (r) => ({ language: r.value }),
      (a, b) => cmp(a.value, b.value),
    ),
  };
}

function expectedPages(data: Generated, book: string, pagesTotal: number, from: string, to: string) {
  return Array.from({ length: pagesTotal }, (_, i) => {
    const rows = data.pages.filter((r) => r.book_id === book && r.page === i + 1 && inRange(r.day, from, to));
    const views = rows.reduce((s, r) => s + r.views, 0);
    const time = rows.reduce((s, r) => s + r.time_ms, 0);
    return { page: i + 1, views, avg_ms: views > 0 ? Math.round(time / views) : 0, exits: rows.reduce((s, r) => s + r.exits, 0) };
  });
}

/** RFC 4180 CSV (quoted fields with doubled quotes), after the byte order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe.each(DIALECTS)('statistics dashboard on %s', (dialect) => {
  let now = NOW;
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_ACCOUNT_JOBS: '0' }, deps: { clock: () => now } });
  let token = '';
  let other = '';
  let accountId = '';
  let foreignBook = '';
  const book: Record<'a' | 'b' | 'empty', string> = { a: '', b: '', empty: '' };
  let data: Generated;

  beforeAll(async () => {
    const me = await signedIn(ctx, 'stats-api');
    token = me.token;
    accountId = me.content.account.id;
    const them = await signedIn(ctx, 'stats-api-other');
    other = them.token;
    book.a = await makeBook(ctx.app, accountId, { pages: 5, name: '=HYPERLINK("x") "quoted", book' });
    book.b = await makeBook(ctx.app, accountId, { pages: 3, name: 'Second' });
    book.empty = await makeBook(ctx.app, accountId, { pages: 2, name: 'Unread' });
    foreignBook = await makeBook(ctx.app, them.content.account.id, { pages: 4, name: 'Theirs' });
    data = generate([
      { id: book.a, account: accountId, pages: 5 },
      { id: book.b, account: accountId, pages: 3 },
      { id: foreignBook, account: them.content.account.id, pages: 4 },
    ]);
    await ctx.app.db.insertInto('stats_daily').values(data.daily).execute();
    for (let i = 0; i < data.dims.length; i += 500)
      await ctx.app.db
        .insertInto('stats_daily_dims')
        .values(data.dims.slice(i, i + 500))
        .execute();
    for (let i = 0; i < data.pages.length; i += 500)
      await ctx.app.db
        .insertInto('stats_daily_pages')
        .values(data.pages.slice(i, i + 500))
        .execute();
    await setMode(ctx.app, accountId, 'PLATINUM');
  });

  const get = (route: string, query: Record<string, string>, as = token) =>
    call(ctx.app, `/account/stats/${route}?${new URLSearchParams(query)}`, undefined, { token: as });
  const content = (res: LightMyRequestResponse) => {
    const body = res.json();
    if (body.status !== 'ok') throw new Error(`${res.statusCode} ${res.body}`);
    return body.content;
  };
  const errorOf = (res: LightMyRequestResponse) => {
    const body = res.json();
    return body.status === 'error' ? `${res.statusCode} ${body.content.type}:${body.content.code}` : 'ok';
  };

  it('sums a range, the range before it and every day of it (days without data at 0)', async () => {
    const from = addDays(TODAY, -13);
    const to = addDays(TODAY, -7);
    const summary: StatsSummary = content(await get('summary', { from, to }));
    const want = expected(data, accountId, from, to);
    expect(summary).toMatchObject({
      from,
      to,
      limited_from: null,
      can_export: true,
      previous: { from: addDays(TODAY, -20), to: addDays(TODAY, -14) },
    });
    expect(summary.totals).toEqual(want.totals);
    expect(summary.previous_totals).toEqual(expected(data, accountId, addDays(TODAY, -20), addDays(TODAY, -14)).totals);
    expect(summary.series).toEqual(want.series);
    expect(summary.totals.views).toBeGreaterThan(0);
    // A day on which no book of the account had data is there with zeros (every third day is empty for both books).
    const future = content(await get('summary', { from: addDays(TODAY, 1), to: addDays(TODAY, 3) }));
    expect(future.series).toEqual([1, 2, 3].map((i) => ({ day: addDays(TODAY, i), ...zero() })));
    expect(future.totals).toEqual(zero());
  });

  it("narrows every call to one of the caller's books", async () => {
    const from = addDays(TODAY, -60);
    const want = expected(data, accountId, from, TODAY, book.b);
    const summary: StatsSummary = content(await get('summary', { from, to: TODAY, book: book.b }));
    expect(summary.totals).toEqual(want.totals);
    expect(summary.series).toEqual(want.series);
    expect(content(await get('books', { from, to: TODAY, book: book.b }))).toEqual(want.books.map((r) => ({ ...r, name: 'Second' })));
    expect(content(await get('countries', { from, to: TODAY, book: book.b }))).toEqual(want.countries);
    const empty: StatsSummary = content(await get('summary', { from, to: TODAY, book: book.empty }));
    expect(empty.totals).toEqual(zero());
  });

  it('answers the top tables sorted by views, then a stable key, at most topRows rows', async () => {
    const from = addDays(TODAY, -89);
    const want = expected(data, accountId, from, TODAY);
    const names = { [book.a]: '=HYPERLINK("x") "quoted", book', [book.b]: 'Second' };
    expect(content(await get('books', { from, to: TODAY }))).toEqual(want.books.map((r) => ({ ...r, name: names[r.id] })));
    const sources = content(await get('sources', { from, to: TODAY }));
    expect(sources).toEqual(want.sources);
    expect(sources).toHaveLength(STATS_LIMITS.topRows);
    // The share rows hold the shares made to their service; a service shared to without visits back is there too.
    expect(sources.find((r: { source: string; host: string }) => r.source === 'share' && r.host === 'facebook').shares).toBeGreaterThan(0);
    const day = content(await get('sources', { from: addDays(TODAY, -1), to: addDays(TODAY, -1) }));
    expect(day.filter((r: { source: string; views: number }) => r.source === 'share' && r.views === 0).length).toBeGreaterThan(0);
    expect(content(await get('countries', { from, to: TODAY }))).toEqual(want.countries);
    expect(content(await get('devices', { from, to: TODAY }))).toEqual(want.devices);
    expect(content(await get('languages', { from, to: TODAY }))).toEqual(want.languages);
    // The tie of two referrers with the same views: a.example before b.example.
    const week = content(await get('sources', { from: addDays(TODAY, -1), to: addDays(TODAY, -1) }));
    const referrers = week.filter((r: { source: string }) => r.source === 'referrer').map((r: { host: string }) => r.host);
    expect(referrers).toEqual(['a.example', 'b.example']);
  });

  it('answers every page of a book, unseen pages at 0, with average time and exits', async () => {
    const from = addDays(TODAY, -45);
    const pages = content(await get('pages', { from, to: TODAY, book: book.a }));
    expect(pages).toEqual(expectedPages(data, book.a, 5, from, TODAY));
    expect(pages).toHaveLength(5);
    expect(pages[1]).toEqual({ page: 2, views: 0, avg_ms: 0, exits: 0 });
    expect(pages[0].views).toBeGreaterThan(0);
    expect(content(await get('pages', { from, to: TODAY, book: book.empty }))).toEqual(
      [1, 2].map((page) => ({ page, views: 0, avg_ms: 0, exits: 0 })),
    );
    expect(errorOf(await get('pages', { from, to: TODAY }))).toBe('400 VALIDATION:1');
  });

  it("refuses another account's book like an unknown one, and never counts it", async () => {
    for (const route of ['summary', 'books', 'sources', 'countries', 'devices', 'languages', 'pages']) {
      expect(errorOf(await get(route, { from: addDays(TODAY, -7), to: TODAY, book: foreignBook }))).toBe('404 BOOK:404');
      expect(errorOf(await get(route, { from: addDays(TODAY, -7), to: TODAY, book: 'unknownbook' }))).toBe('404 BOOK:404');
    }
    expect(errorOf(await get('export', { table: 'books', from: TODAY, to: TODAY, book: foreignBook }))).toBe('404 BOOK:404');
    // The other account (free: its last 30 days) sees its own rows only.
    const theirs: StatsSummary = content(await get('summary', { from: addDays(TODAY, -89), to: TODAY }, other));
    expect(theirs.totals).toEqual(expected(data, (await ownerOf(foreignBook)) ?? '', addDays(TODAY, -29), TODAY).totals);
    expect(theirs.totals.views).toBeGreaterThan(0);
    const books = content(await get('books', { from: addDays(TODAY, -89), to: TODAY }, other));
    expect(books.map((r: { id: string }) => r.id)).toEqual([foreignBook]);
    expect(errorOf(await get('summary', { from: TODAY, to: TODAY }, ''))).toMatch(/^401 /);
  });
  const ownerOf = async (id: string) =>
    (await ctx.app.db.selectFrom('books').select('account_id').where('id', '=', id).executeTakeFirst())?.account_id;

  it('refuses bad ranges with the validation envelope', async () => {
    const cases: Record<string, string>[] = [
      { from: TODAY, to: addDays(TODAY, -1) },
      { from: '2026-02-30', to: TODAY },
      { from: '2026-13-01', to: TODAY },
      { from: addDays(TODAY, -STATS_LIMITS.maxRangeDays), to: TODAY },
      { from: 'yesterday', to: TODAY },
      { from: TODAY },
      { from: TODAY, to: TODAY, book: '../etc' },
      { from: '0000-01-01', to: '0000-01-02' },
    ];
    for (const query of cases) {
      for (const route of ['summary', 'countries']) {
        const res = await get(route, query);
        expect(errorOf(res), JSON.stringify(query)).toBe('400 VALIDATION:1');
      }
    }
    expect(errorOf(await get('export', { table: 'nope', from: TODAY, to: TODAY }))).toBe('400 VALIDATION:1');
    // The longest range allowed is fine.
    expect(errorOf(await get('summary', { from: addDays(TODAY, -(STATS_LIMITS.maxRangeDays - 1)), to: TODAY }))).toBe('ok');
  });

  it('exports each table as CSV with the same rows and numbers as its call', async () => {
    const from = addDays(TODAY, -30);
    for (const table of ['books', 'sources', 'countries', 'devices', 'languages']) {
      const res = await get('export', { table, from, to: TODAY });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="quire-stats-${table}-${from}-${TODAY}.csv"`);
      const [header = [], ...rows] = parseCsv(res.body);
      const json: Record<string, string | number>[] = content(await get(table, { from, to: TODAY }));
      expect(header).toEqual(Object.keys(json[0] ?? {}));
      expect(rows).toEqual(json.map((r) => Object.values(r).map((value) => (String(value).startsWith('=') ? `'${value}` : String(value)))));
      expect(rows.length).toBeGreaterThan(0);
    }
    // A book's name a spreadsheet would run is neutralised; quotes and commas survive.
    const books = parseCsv((await get('export', { table: 'books', from, to: TODAY })).body);
    expect(books.find((r) => r[0] === book.a)?.[1]).toBe(`'=HYPERLINK("x") "quoted", book`);
    expect((await get('export', { table: 'books', from, to: TODAY })).body).toContain('"\'=HYPERLINK(""x"") ""quoted"", book"');

    const series = parseCsv((await get('export', { table: 'series', from, to: TODAY, book: book.a })).body);
    const summary: StatsSummary = content(await get('summary', { from, to: TODAY, book: book.a }));
    expect(series[0]).toEqual(['day', ...KEYS]);
    expect(series.slice(1)).toEqual(summary.series.map((d) => [d.day, ...KEYS.map((k) => String(d[k]))]));
    expect(series).toHaveLength(32);

    const pages = parseCsv((await get('export', { table: 'pages', from, to: TODAY, book: book.a })).body);
    const pageRows: Record<string, number>[] = content(await get('pages', { from, to: TODAY, book: book.a }));
    expect(pages).toEqual([['page', 'views', 'avg_ms', 'exits'], ...pageRows.map((r) => Object.values(r).map(String))]);
    expect(errorOf(await get('export', { table: 'pages', from, to: TODAY }))).toBe('400 VALIDATION:1');
  });

  it('shows a free account the last 30 days (clipped, limited_from) and refuses it the export', async () => {
    await setMode(ctx.app, accountId, 'FREE');
    try {
      const first = addDays(TODAY, -(STATS_LIMITS.freeHistoryDays - 1));
      const summary: StatsSummary = content(await get('summary', { from: addDays(TODAY, -89), to: TODAY }));
      const want = expected(data, accountId, first, TODAY);
      expect(summary).toMatchObject({ from: first, to: TODAY, limited_from: first, can_export: false });
      expect(summary.series).toHaveLength(STATS_LIMITS.freeHistoryDays);
      expect(summary.totals).toEqual(want.totals);
      // The range before lies wholly before what the plan shows: nothing of it is counted.
      expect(summary.previous_totals).toEqual(zero());
      expect(content(await get('countries', { from: addDays(TODAY, -89), to: TODAY }))).toEqual(want.countries);
      expect(content(await get('pages', { from: addDays(TODAY, -89), to: TODAY, book: book.a }))).toEqual(
        expectedPages(data, book.a, 5, first, TODAY),
      );
      // A week inside the 30 days compares with the week before it.
      const week: StatsSummary = content(await get('summary', { from: addDays(TODAY, -6), to: TODAY }));
      expect(week.previous_totals).toEqual(expected(data, accountId, addDays(TODAY, -13), addDays(TODAY, -7)).totals);
      // A range the plan straddles: the previous range counts only the days shown.
      const straddle: StatsSummary = content(await get('summary', { from: addDays(TODAY, -19), to: TODAY }));
      expect(straddle.previous_totals).toEqual(expected(data, accountId, first, addDays(TODAY, -20)).totals);
      // A range wholly before: the first day shown.
      const old: StatsSummary = content(await get('summary', { from: addDays(TODAY, -80), to: addDays(TODAY, -70) }));
      expect(old).toMatchObject({ from: first, to: first });
      expect(old.series).toHaveLength(1);
      for (const table of ['series', 'books', 'countries']) {
        expect(errorOf(await get('export', { table, from: addDays(TODAY, -7), to: TODAY }))).toBe('403 ACCOUNT:402');
      }
      // Premium is the first plan with the whole history and the export.
      await setMode(ctx.app, accountId, 'PREMIUM');
      const premium: StatsSummary = content(await get('summary', { from: addDays(TODAY, -89), to: TODAY }));
      expect(premium).toMatchObject({ from: addDays(TODAY, -89), limited_from: null, can_export: true });
      expect((await get('export', { table: 'series', from: TODAY, to: TODAY })).statusCode).toBe(200);
    } finally {
      await setMode(ctx.app, accountId, 'PLATINUM');
    }
  });

  it('answers the same from the account’s sums of closed days as from the rollups, and follows a deleted publication', async () => {
    const ranges = [
      [addDays(TODAY, -89), TODAY],
      [addDays(TODAY, -40), addDays(TODAY, -10)],
      [addDays(TODAY, -20), addDays(TODAY, -3)],
      [addDays(TODAY, -2), TODAY],
    ] as const;
    // Built by the calls above for some days: asked again (and for other ranges) the answers stay exact.
    for (const [from, to] of ranges) {
      const want = expected(data, accountId, from, to);
      expect(content(await get('books', { from, to })).map((r: { id: string }) => r.id)).toEqual(want.books.map((r) => r.id));
      expect(content(await get('books', { from, to })).map((r: { views: number }) => r.views)).toEqual(want.books.map((r) => r.views));
      expect(content(await get('sources', { from, to }))).toEqual(want.sources);
      expect(content(await get('devices', { from, to }))).toEqual(want.devices);
    }
    const built = await ctx.app.db
      .selectFrom('stats_account_cached')
      .select(['kind', 'period'])
      .where('account_id', '=', accountId)
      .execute();
    expect(built.some((r) => r.kind === 'dims') && built.some((r) => r.kind === 'books')).toBe(true);
    // Only closed days are summed: none of the last three.
    expect(built.filter((r) => r.kind === 'dims' && r.period > addDays(TODAY, -3))).toEqual([]);
    // Ranges summed once (migration 0023): more ranges than an account keeps, each exact; the oldest forgotten.
    for (let i = 0; i < STATS_RANGES_KEPT + 3; i++) {
      const from = addDays(TODAY, -30 - i);
      const want = expected(data, accountId, from, TODAY);
      expect(content(await get('sources', { from, to: TODAY }))).toEqual(want.sources);
      expect(content(await get('books', { from, to: TODAY })).map((r: { views: number }) => r.views)).toEqual(
        want.books.map((r) => r.views),
      );
    }
    const builtRanges = await ctx.app.db
      .selectFrom('stats_account_ranges_built')
      .select(['kind', 'first'])
      .where('account_id', '=', accountId)
      .execute();
    for (const kind of ['books', 'source']) expect(builtRanges.filter((r) => r.kind === kind)).toHaveLength(STATS_RANGES_KEPT);
    const kept = await ctx.app.db
      .selectFrom('stats_account_ranges')
      .select('first')
      .distinct()
      .where('account_id', '=', accountId)
      .where('kind', '=', 'source')
      .execute();
    expect(kept.map((r) => r.first).sort()).toEqual(
      builtRanges
        .filter((r) => r.kind === 'source')
        .map((r) => r.first)
        .sort(),
    );
    // Deleting a publication takes its readers out of every table.
    const deleted = await call(ctx.app, '/account/book/delete', { id: book.b }, { token });
    expect(deleted.json().status).toBe('ok');
    const left: Generated = {
      daily: data.daily.filter((r) => r.book_id !== book.b),
      dims: data.dims.filter((r) => r.book_id !== book.b),
      pages: data.pages.filter((r) => r.book_id !== book.b),
    };
    for (const [from, to] of ranges) {
      const want = expected(left, accountId, from, to);
      expect(content(await get('countries', { from, to }))).toEqual(want.countries);
      expect(content(await get('sources', { from, to }))).toEqual(want.sources);
      expect(content(await get('books', { from, to })).map((r: { id: string }) => r.id)).toEqual(want.books.map((r) => r.id));
      const summary: StatsSummary = content(await get('summary', { from, to }));
      expect(summary.totals).toEqual(want.totals);
    }
  });

  it('counts days in UTC: the day changes at midnight UTC', async () => {
    const before = now;
    try {
      now = Date.parse(`${TODAY}T23:59:59Z`);
      // A new free account, signed in at that time (sessions follow the app's clock).
      const free = (await signedIn(ctx, 'stats-api-utc')).token;
      expect(content(await get('summary', { from: '2026-01-01', to: TODAY }, free)).limited_from).toBe(addDays(TODAY, -29));
      now = Date.parse(`${addDays(TODAY, 1)}T00:00:00Z`);
      expect(content(await get('summary', { from: '2026-01-01', to: TODAY }, free)).limited_from).toBe(addDays(TODAY, -28));
    } finally {
      now = before;
    }
  });
});
