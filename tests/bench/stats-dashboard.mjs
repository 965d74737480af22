// Statistics dashboard benchmark (issue 17): the daily rollups of 10 million generated reader events
// (90 days, 5,000 publications, 10 accounts of which one big one with 1,500 of them) written straight
// into the server's database (SQLite with node:sqlite, PostgreSQL with pg: QUIRE_BENCH_DATABASE_URL),
// the layout of migration 0020 (stats_daily, stats_daily_pages, stats_daily_dims), then every
// dashboard call of the big account (premium: its whole history) over loopback HTTP, one request at
// a time, over 7, 30 and 90 days: p50/p95 each. Goal: p95 ≤ 100 ms. Also reported: the rollups' rows
// and bytes (tables and indexes), per million events.
// The events are simulated visit by visit (a visit opens a publication, reads pages from the first on,
// sometimes downloads, prints, shares or leaves a lead) and aggregated by the generator day by day,
// as the ingest's rollups would hold them: a book's popularity follows Zipf's law, sources, countries,
// devices, browsers and languages have skewed shares, so row counts are those of a real mix.
// `first_ms` is each call's first request: for the account-wide tables it sums the account's closed
// days not summed yet (stats_account_dims / stats_account_books), once; the 90-day row after the 7- and
// 30-day ones thus sums only the days they did not.
// Options (env): BENCH_STATS_EVENTS (default 10000000), BENCH_STATS_REQUESTS (per call and range, default 40).

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { prng } from './search.mjs';

const EVENTS = Number(process.env.BENCH_STATS_EVENTS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 40);
const DAYS = 90;
const BOOKS = 5_000;
const ACCOUNTS = 10;
/** Books of the big account (the first account). */
const BIG_BOOKS = 1_500;
const RANGES = [7, 30, 90];
const GOALS = { p95_ms: 100 };
const DAY_MS = 86_400_000;

const decodeQp = (s) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

async function api(base, route, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const sep = route.includes('?') ? '&' : '?';
  const res = await fetch(`${base}/api${route}${sep}v=2`, { method: body ? 'POST' : 'GET', headers, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (json.status !== 'ok') throw new Error(`${route}: ${JSON.stringify(json.content)}`);
  return json.content;
}

/** Register, activate (link from the outbox) and sign in (dev mode: no captcha): a bearer token and the account id. */
export async function signIn(base, dataDir, prefix = 'bench-stats') {
  const email = `${prefix}-${process.pid}@example.com`;
  await api(base, '/account/', { body: { name: 'Bench Stats', email, password: 'correct horse battery', tos: 1, language: 'en' } });
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => decodeQp(readFileSync(path.join(outbox, f), 'utf8')))
    .join('\n');
  const link = /\/activate#hash-([\w-]+)/.exec(mail)?.[1];
  if (!link) throw new Error('no activation mail in the outbox');
  const { hash } = await api(base, '/profile/activate', { body: { hash: link, context: 'ind' } });
  const content = await api(base, '/profile/session', { body: { hash } });
  return { token: content.session.access_token, accountId: content.account.id };
}

/** Samples an index with probability ∝ weights (cumulative sums, binary search). */
function sampler(random, weights) {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i];
    cumulative[i] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
const zipfWeights = (n, s = 1, shift = 1) => Array.from({ length: n }, (_, i) => 1 / (i + shift) ** s);

const COUNTRIES =
  'US DE FR GB ES IT BR IN CA NL PL RU SE CH AT BE MX JP AU PT TR UA CZ DK NO FI IE AR CL CO RO HU GR ZA NG EG KR ID PH ZZ'.split(' ');
const DEVICES = [
  ['desktop', 'chrome', 30],
  ['desktop', 'edge', 8],
  ['desktop', 'firefox', 6],
  ['desktop', 'safari', 5],
  ['desktop', 'opera', 1],
  ['phone', 'chrome', 20],
  ['phone', 'safari', 15],
  ['phone', 'samsung', 4],
  ['phone', 'other', 1],
  ['tablet', 'safari', 6],
  ['tablet', 'chrome', 3],
  ['tablet', 'other', 1],
];
const LANGUAGES = 'en de fr es it pt ru nl pl ja sv tr'.split(' ').concat(['']);
const SHARES = ['facebook', 'linkedin', 'x', 'whatsapp', 'email', 'pinterest'];
const SEARCH = ['www.google.com', 'www.bing.com', 'duckduckgo.com', 'www.ecosia.org'];

/**
 * Simulates the events day by day and hands each day's rollup rows to `write` (daily, pages, dims:
 * arrays of row arrays in the tables' column order). Answers the counts.
 */
export async function generate({ books, accountOf, pagesOf, today, write }) {
  const random = prng(2026);
  // Popularity: Zipf over a shuffled order, so the big account has popular and unread books alike.
  const order = Array.from({ length: books.length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const rankWeights = zipfWeights(books.length, 0.9, 5);
  const weights = new Array(books.length);
  for (let r = 0; r < order.length; r++) weights[order[r]] = rankWeights[r];
  const pickBook = sampler(random, weights);
  const pickCountry = sampler(random, zipfWeights(COUNTRIES.length, 1.1));
  const pickDevice = sampler(
    random,
    DEVICES.map((d) => d[2]),
  );
  const pickLanguage = sampler(random, zipfWeights(LANGUAGES.length, 1.2));
  const embedHosts = Array.from({ length: 300 }, (_, i) => `site${i}.example.com`);
  const refHosts = Array.from({ length: 2_000 }, (_, i) => `blog${i}.example.net`);
  const pickEmbed = sampler(random, zipfWeights(embedHosts.length));
  const pickRef = sampler(random, zipfWeights(refHosts.length));
  const pickShare = sampler(random, zipfWeights(SHARES.length));
  const pickSearch = sampler(random, zipfWeights(SEARCH.length, 1.5));
  const source = () => {
    const x = random();
    if (x < 0.45) return ['direct', ''];
    if (x < 0.62) return ['embed', embedHosts[pickEmbed()]];
    if (x < 0.72) return ['share', SHARES[pickShare()]];
    if (x < 0.88) return ['search', SEARCH[pickSearch()]];
    return ['referrer', refHosts[pickRef()]];
  };

  let events = 0;
  let visits = 0;
  const counts = { daily: 0, pages: 0, dims: 0 };
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - d * DAY_MS).toISOString().slice(0, 10);
    // Weekdays busier than weekends; the days add up to EVENTS.
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const target =
      Math.round(((EVENTS * (weekday === 0 || weekday === 6 ? 0.8 : 1.08)) / DAYS) * (d === 0 ? 0 : 1)) + (d === 0 ? EVENTS - events : 0);
    const daily = new Map();
    const pages = new Map();
    const dims = new Map();
    const dim = (b, kind, value, detail, reader) => {
      const key = `${b}\u0000${kind}\u0000${value}\u0000${detail}`;
      const row = dims.get(key);
      if (row) {
        row[6] += 1;
        row[7] += reader;
      } else dims.set(key, [books[b], accountOf(b), day, kind, value, detail, 1, reader]);
    };
    let dayEvents = 0;
    while (dayEvents < target) {
      const b = pickBook();
      const total = pagesOf(b);
      // A visit: an open, pages from the first on (mostly few), time on each, sometimes more.
      const read = 1 + Math.min(total - 1, Math.floor(random() ** 2.2 * Math.min(total, 40)));
      let ms = 0;
      for (let p = 1; p <= read; p++) {
        const t = 1_500 + Math.floor(random() * 25_000);
        ms += t;
        const key = b * 100_000 + p;
        const row = pages.get(key);
        const exit = p === read ? 1 : 0;
        if (row) {
          row[3] += 1;
          row[4] += t;
          row[5] += exit;
        } else pages.set(key, [books[b], day, p, 1, t, exit]);
      }
      const x = random();
      const download = x < 0.03 ? 1 : 0;
      const print = x >= 0.03 && x < 0.04 ? 1 : 0;
      const share = x >= 0.04 && x < 0.06 ? 1 : 0;
      const lead = random() < 0.005 ? 1 : 0;
      // 1 in 8 visits is a reader's second visit of the day: not a new reader.
      const reader = random() < 0.875 ? 1 : 0;
      const isRead = ms >= 5_000 ? 1 : 0;
      let row = daily.get(b);
      if (!row) {
        row = [books[b], accountOf(b), day, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        daily.set(b, row);
      }
      row[3] += 1;
      row[4] += reader;
      row[5] += isRead;
      row[6] += read;
      row[7] += ms;
      row[8] += download;
      row[9] += print;
      row[10] += share;
      row[11] += lead;
      const [kind, host] = source();
      dim(b, 'source', kind, host, reader);
      dim(b, 'country', COUNTRIES[pickCountry()], '', reader);
      const [device, browser] = DEVICES[pickDevice()];
      dim(b, 'device', device, browser, reader);
      dim(b, 'language', LANGUAGES[pickLanguage()], '', reader);
      const n = 1 + read + download + print + share + lead;
      dayEvents += n;
      visits += 1;
    }
    events += dayEvents;
    const rows = { daily: [...daily.values()], pages: [...pages.values()], dims: [...dims.values()] };
    counts.daily += rows.daily.length;
    counts.pages += rows.pages.length;
    counts.dims += rows.dims.length;
    await write(rows);
    if (d % 15 === 0)
      process.stderr.write(
        `stats-dashboard: ${DAYS - d}/${DAYS} days, ${events} events, ${counts.pages + counts.dims + counts.daily} rows\n`,
      );
  }
  return { events, visits, rows: counts };
}

const DAILY_COLUMNS = [
  'book_id',
  'account_id',
  'day',
  'views',
  'readers',
  'reads',
  'pages',
  'time_ms',
  'downloads',
  'prints',
  'shares',
  'leads',
];
const PAGE_COLUMNS = ['book_id', 'day', 'page', 'views', 'time_ms', 'exits'];
const DIM_COLUMNS = ['book_id', 'account_id', 'day', 'dim', 'value', 'detail', 'views', 'readers'];
const TABLES = [
  ['stats_daily', DAILY_COLUMNS, ['text', 'text', 'text', 'int', 'int', 'int', 'int', 'int8', 'int', 'int', 'int', 'int']],
  ['stats_daily_pages', PAGE_COLUMNS, ['text', 'text', 'int', 'int', 'int8', 'int']],
  ['stats_daily_dims', DIM_COLUMNS, ['text', 'text', 'text', 'text', 'text', 'text', 'int', 'int']],
];

/** Writers of accounts, books and rollup rows: node:sqlite on the server's file, or pg on its database. */
async function openStore(server) {
  if (server.dialect === 'sqlite') {
    const db = new DatabaseSync(path.join(server.dataDir, 'quire.db'));
    db.exec('PRAGMA busy_timeout = 10000; PRAGMA synchronous = OFF;');
    const inserts = TABLES.map(([table, columns]) =>
      db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`),
    );
    const pageBytes = () => {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return Number(db.prepare('PRAGMA page_count').get().page_count) * Number(db.prepare('PRAGMA page_size').get().page_size);
    };
    return {
      run: async (text, params = []) => db.prepare(text).run(...params),
      get: async (text, params = []) => db.prepare(text).get(...params),
      async write(rows) {
        db.exec('begin');
        for (const [i, key] of ['daily', 'pages', 'dims'].entries()) for (const row of rows[key]) inserts[i].run(...row);
        db.exec('commit');
      },
      /** Bytes of the rollups: the database's growth while they were written (tables and indexes). */
      mark: async () => pageBytes(),
      bytesSince: async (mark) => {
        db.exec('ANALYZE');
        return pageBytes() - mark;
      },
      sumsBytes: async (mark) => pageBytes() - mark,
      close: async () => db.close(),
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.QUIRE_BENCH_DATABASE_URL });
  await client.connect();
  const bulk = async (table, columns, types, rows) => {
    for (let i = 0; i < rows.length; i += 20_000) {
      const part = rows.slice(i, i + 20_000);
      const arrays = columns.map((_, c) => part.map((row) => row[c]));
      await client.query(
        `insert into ${table} (${columns.join(', ')}) select * from unnest(${types.map((t, c) => `$${c + 1}::${t}[]`).join(', ')})`,
        arrays,
      );
    }
  };
  /** `?` placeholders as PostgreSQL's `$n`. */
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    run: (text, params = []) => client.query(numbered(text), params),
    get: async (text, params = []) => (await client.query(numbered(text), params)).rows[0],
    async write(rows) {
      for (const [i, key] of ['daily', 'pages', 'dims'].entries()) await bulk(TABLES[i][0], TABLES[i][1], TABLES[i][2], rows[key]);
    },
    mark: async () => 0,
    bytesSince: async () => {
      // As autovacuum would soon: statistics, and the visibility map index-only scans need.
      await client.query('vacuum analyze stats_daily, stats_daily_pages, stats_daily_dims');
      const { rows } = await client.query(
        "select sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c where c.relname in ('stats_daily', 'stats_daily_pages', 'stats_daily_dims')",
      );
      return Number(rows[0].bytes);
    },
    sumsBytes: async () => {
      const { rows } = await client.query(
        "select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes from pg_class c where c.relkind = 'r' and c.relname like 'stats_account_%'",
      );
      return Number(rows[0].bytes);
    },
    close: () => client.end(),
  };
}

/**
 * A GET that survives the first request after the long generation: the server closes idle keep-alive
 * connections meanwhile, and undici may write to one before it hears so (EPIPE). Retried once.
 */
async function get(url, headers) {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (x, digits = 2) => Number(x.toFixed(digits));

export async function measureStatsDashboard(startServer) {
  // Dev mode: sign-up without a captcha (as the upload bench).
  const server = await startServer({ QUIRE_DEV: '1', QUIRE_DEMO: '0', QUIRE_CONVERT_CONCURRENCY: '0' });
  let store;
  try {
    const { token, accountId } = await signIn(server.url, server.dataDir);
    store = await openStore(server);
    // The big account sees its whole history (premium and up).
    await store.run("update accounts set mode = 'PLATINUM', type = 'PLATINUM' where id = ?", [accountId]);
    const now = Date.now();
    const accounts = [accountId];
    for (let a = 1; a < ACCOUNTS; a++) {
      const id = `benchstatsacct${a}`;
      await store.run('insert into accounts (id, name, ats, created_at) values (?, ?, ?, ?)', [id, `Bench publisher ${a}`, now, now]);
      accounts.push(id);
    }
    const random = prng(31);
    const books = [];
    const owners = [];
    const pageCounts = [];
    const bookRows = [];
    for (let b = 0; b < BOOKS; b++) {
      const id = `benchstatsbook${b}`;
      const owner = b < BIG_BOOKS ? 0 : 1 + (b % (ACCOUNTS - 1));
      const pages = 4 + Math.floor(random() * 120);
      books.push(id);
      owners.push(owner);
      pageCounts.push(pages);
      bookRows.push([id, accounts[owner], `Publication ${b}`, pages, pages, now, now, now, randomBytes(8).toString('hex')]);
    }
    const insertBook = `insert into books (id, account_id, name, description, status, pages_total, pages_done, source_name, source_kind, source_size,
      start_time, created_at, modified_at, token_secret) values (?, ?, ?, '', 'DONE', ?, ?, 'bench.pdf', 'pdf', 1000, ?, ?, ?, ?)`;
    if (server.dialect === 'sqlite') {
      await store.run('begin');
      for (const row of bookRows) await store.run(insertBook, row);
      await store.run('commit');
    } else {
      for (const row of bookRows) await store.run(insertBook, row);
    }
    const today = new Date().toISOString().slice(0, 10);
    const mark = await store.mark();
    const t0 = performance.now();
    const generated = await generate({
      books,
      accountOf: (b) => accounts[owners[b]],
      pagesOf: (b) => pageCounts[b],
      today,
      write: (rows) => store.write(rows),
    });
    const writeSeconds = (performance.now() - t0) / 1000;
    const rollupBytes = await store.bytesSince(mark);
    const sumsMark = await store.mark();

    // The big account's most viewed publication (the publication view's calls).
    const top = await store.get(
      'select book_id, sum(views) as views from stats_daily where account_id = ? group by book_id order by sum(views) desc limit 1',
      [accountId],
    );
    const book = top.book_id;
    const calls = [
      ['summary', ''],
      ['books', ''],
      ['sources', ''],
      ['countries', ''],
      ['devices', ''],
      ['languages', ''],
      ['summary', book],
      ['sources', book],
      ['pages', book],
    ];
    const day = (n) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
    const results = [];
    let non2xx = 0;
    for (const range of RANGES) {
      for (const [call, bookId] of calls) {
        const query = new URLSearchParams({ v: '2', from: day(range - 1), to: today, ...(bookId ? { book: bookId } : {}) });
        const url = `${server.url}/api/account/stats/${call}?${query}`;
        const headers = { authorization: `Bearer ${token}` };
        // The first call of an account-wide table sums the account's closed days once (migration 0021): timed apart.
        const first = performance.now();
        await (await get(url, headers)).arrayBuffer();
        const firstMs = performance.now() - first;
        for (let i = 0; i < 2; i++) await (await get(url, headers)).arrayBuffer();
        const times = [];
        for (let i = 0; i < REQUESTS; i++) {
          const t = performance.now();
          const res = await get(url, headers);
          await res.arrayBuffer();
          times.push(performance.now() - t);
          if (res.status !== 200) non2xx += 1;
        }
        times.sort((a, b) => a - b);
        results.push({
          call: bookId ? `${call}?book` : call,
          days: range,
          first_ms: round(firstMs),
          p50_ms: round(percentile(times, 50)),
          p95_ms: round(percentile(times, 95)),
          max_ms: round(times[times.length - 1] ?? 0),
        });
      }
    }
    // What the calls summed of the big account's closed days (migration 0021's account sums).
    const sumsBytes = await store.sumsBytes(sumsMark);
    const worst = Math.max(...results.map((r) => r.p95_ms));
    return {
      dialect: server.dialect,
      events: generated.events,
      visits: generated.visits,
      days: DAYS,
      publications: BOOKS,
      big_account_publications: BIG_BOOKS,
      rollup_rows: generated.rows,
      generate_and_write_s: round(writeSeconds, 1),
      rollup_bytes: rollupBytes,
      rollup_bytes_per_million_events: Math.round(rollupBytes / (generated.events / 1_000_000)),
      big_account_sums_bytes: sumsBytes,
      requests_per_call: REQUESTS,
      calls: results,
      worst_p95_ms: worst,
      non2xx,
      goals: GOALS,
      within_goal: worst <= GOALS.p95_ms && non2xx === 0,
    };
  } finally {
    await store?.close();
    await server.stop();
  }
}
