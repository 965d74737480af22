// Statistics ingest benchmark (issue 17): events per second through `POST {beacon}/e` on loopback, the
// p99 of an ordinary API call (/api/public/status) alone and while the ingest is under load, and the
// database's growth per million events: with the raw events, and after the rollup alone (the raw
// events, visits and visitors purged, as QUIRE_STATS_RAW_DAYS does). SQLite (the growth is measured on
// the database file). Batches are what the reader sends: 25 events each (an open, 20 page views with
// their time, a zoom, a search, a download, a link), over 200 publications of 40 pages, 4,000 visits of
// 400 visitors (user agents), from 127.0.0.1; every batch the server answers is counted, so the rows
// written are read back and compared with the events answered.
// Options (env): BENCH_DURATION (s, default 5), BENCH_STATS_CONNECTIONS (default 50),
// BENCH_CONNECTIONS (API connections, default 10), BENCH_API_RATE (API calls a second, default 200).

import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const STATS_CONNECTIONS = Number(process.env.BENCH_STATS_CONNECTIONS ?? 50);
const API_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** API calls a second while measured (BENCH_API_RATE). */
const API_RATE = Number(process.env.BENCH_API_RATE ?? 200);
/** Goals of issue 17: ≥ 20,000 events/s; the API's p99 within 2× of its idle value. */
const GOAL_EVENTS_PER_S = 20_000;
const GOAL_P99_RATIO = 2;
const BOOKS = 200;
const PAGES = 40;
const VISITS = 4000;
const AGENTS = 400;
const EVENTS_PER_BATCH = 25;
const ACCOUNT = 'bench-stats-account';
const STATUS = '/api/public/status?v=2';

const db = (server, readOnly = true) => new DatabaseSync(path.join(server.dataDir, 'quire.db'), { readOnly, timeout: 10_000 });

/** The publications the batches name, written straight into the server's database (it is running; WAL). */
function seed(server) {
  const d = db(server, false);
  try {
    const now = Date.now();
    d.prepare('insert into accounts (id, name, ats, created_at) values (?, ?, ?, ?)').run(ACCOUNT, 'Bench stats', now, now);
    const book = d.prepare(
      `insert into books (id, account_id, name, status, pages_total, pages_done, source_name, source_kind, source_size,
        start_time, created_at, modified_at, token_secret) values (?, ?, ?, 'DONE', ?, ?, 'b.pdf', 'pdf', 1, ?, ?, ?, ?)`,
    );
    d.exec('begin');
    for (let i = 0; i < BOOKS; i++) book.run(`bench-stats-${i}`, ACCOUNT, `Bench ${i}`, PAGES, PAGES, now, now, now, 'x'.repeat(32));
    d.exec('commit');
  } finally {
    d.close();
  }
}

/** Deterministic bodies: visit v reads book v % BOOKS with agent v % AGENTS. */
function requests() {
  const out = [];
  const sources = [
    {},
    { ref: 'https://www.google.com' },
    { ref: 'https://blog.example.org' },
    { ctx: 'embed', ref: 'https://news.example.net' },
  ];
  for (let v = 0; v < VISITS; v++) {
    const ev = [{ k: 'open', p: 1, at: 0 }];
    for (let j = 0; j < 20; j++) ev.push({ k: 'page', p: 1 + ((v + j) % PAGES), ms: 500 + ((v * 37 + j * 101) % 9000), at: 100 * (j + 1) });
    ev.push({ k: 'zoom', p: 2, at: 2200 }, { k: 'search', at: 2300 }, { k: 'download', at: 2400 }, { k: 'link', at: 2500 });
    const body = {
      b: `bench-stats-${v % BOOKS}`,
      visit: `bench-visit-${String(v).padStart(8, '0')}`,
      ctx: 'reader',
      device: ['desktop', 'tablet', 'phone'][v % 3],
      lang: ['en', 'de', 'fr'][v % 3],
      ev,
      ...sources[v % sources.length],
    };
    out.push({
      method: 'POST',
      path: '/e',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${v % AGENTS}.0 Safari/537.36`,
        'accept-language': 'en-US,en;q=0.9',
      },
      body: JSON.stringify(body),
    });
  }
  return out;
}

const rawEvents = (server) => {
  const d = db(server);
  try {
    return Number(d.prepare('select coalesce(sum(n), 0) as n from stats_events').get().n);
  } finally {
    d.close();
  }
};

/** The count once flushes stopped landing (a batch is written within about half a second). */
async function settled(server, everyMs = 1000) {
  let last = rawEvents(server);
  for (let i = 0; i < 30_000 / everyMs; i++) {
    await new Promise((r) => setTimeout(r, Math.max(everyMs, 700)));
    const now = rawEvents(server);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** Size of a copy of the database once vacuumed, after `sql` ran on it. */
function sizeAfter(file, sql) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-stats-'));
  const copy = path.join(dir, 'copy.db');
  try {
    copyFileSync(file, copy);
    const d = new DatabaseSync(copy);
    try {
      d.exec(sql);
      d.exec('vacuum');
    } finally {
      d.close();
    }
    return statSync(copy).size;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const latency = (r) => ({
  requests_per_s: Math.round(r.requests.average),
  latency_p50_ms: r.latency.p50,
  latency_p99_ms: r.latency.p99,
  latency_avg_ms: Number(r.latency.average.toFixed(2)),
  non2xx: r.non2xx,
  errors: r.errors,
});

/** Runs against a server from `startServer` (tests/bench/run.mjs); SQLite only (see above). */
export async function measureStatsIngest(startServer) {
  // No demo conversion in the background; per-address rates scaled (every batch comes from 127.0.0.1).
  const server = await startServer({ QUIRE_IP_LIMIT_SCALE: '1000', QUIRE_DEMO: '0', QUIRE_CONVERT_CONCURRENCY: '0' });
  try {
    if (server.dialect !== 'sqlite') return { skipped: 'SQLite only (the growth is measured on the database file)' };
    seed(server);
    // The API call is a probe at a steady API_RATE (its latency, not its throughput, is what the ingest
    // may not spoil); the ingest's load comes from a worker thread, so the probe's own event loop is not
    // the one busy sending batches.
    const status = { url: server.url + STATUS, connections: API_CONNECTIONS, duration: DURATION, timeout: 10, overallRate: API_RATE };
    const ingest = { url: server.url, requests: requests(), connections: STATS_CONNECTIONS, duration: DURATION, timeout: 10, workers: 1 };

    // Warm-up; the API alone; the API while the ingest runs at the goal's rate (GOAL_EVENTS_PER_S, paced
    // by autocannon); then the ingest alone as fast as it goes: what it takes, and what it writes (the
    // events recorded once the flushes settled, over the time from its start until then).
    await autocannon({ ...status, duration: 1 });
    await autocannon({ ...ingest, duration: 1 });
    const before = await settled(server);
    const apiAlone = await autocannon(status);
    const paced = { ...ingest, overallRate: Math.ceil(GOAL_EVENTS_PER_S / EVENTS_PER_BATCH) };
    const [apiLoaded, ingestLoaded] = await Promise.all([autocannon(status), autocannon(paced)]);
    const afterPaced = await settled(server, 200);
    const started = Date.now();
    const ingestAlone = await autocannon(ingest);
    const after = await settled(server, 200);
    const writtenPerS = ((after - afterPaced) / (Date.now() - started)) * 1000;
    const answered = (ingestAlone.requests.total + ingestLoaded.requests.total) * EVENTS_PER_BATCH;
    const alone = latency(apiAlone);
    const loaded = latency(apiLoaded);
    const ratio = alone.latency_p99_ms > 0 ? Number((loaded.latency_p99_ms / alone.latency_p99_ms).toFixed(2)) : null;

    // The growth: a snapshot of the settled database (VACUUM INTO reads through the WAL), then sizes of
    // vacuumed copies without any statistics, with the rollups only, and with everything.
    return { ...summary(), ...growth(server, after) };

    function summary() {
      return {
        duration_s: DURATION,
        stats_connections: STATS_CONNECTIONS,
        api_connections: API_CONNECTIONS,
        api_rate_per_s: API_RATE,
        events_per_batch: EVENTS_PER_BATCH,
        events_per_s: Math.round(ingestAlone.requests.average * EVENTS_PER_BATCH),
        events_written_per_s: Math.round(writtenPerS),
        events_per_s_paced_with_api: Math.round(ingestLoaded.requests.average * EVENTS_PER_BATCH),
        batch_latency_p99_ms: ingestAlone.latency.p99,
        stats_non2xx: ingestAlone.non2xx + ingestLoaded.non2xx,
        stats_errors: ingestAlone.errors + ingestLoaded.errors,
        within_goal: ingestAlone.requests.average * EVENTS_PER_BATCH >= GOAL_EVENTS_PER_S && writtenPerS >= GOAL_EVENTS_PER_S,
        api_alone: alone,
        api_with_ingest: loaded,
        api_p99_ratio: ratio,
        api_within_goal: ratio !== null && ratio <= GOAL_P99_RATIO,
        events_answered: answered,
        events_recorded: after - before,
      };
    }
  } finally {
    await server.stop();
  }
}

/** Bytes per million events: all statistics tables, and the rollups alone (raw, visits and visitors purged). */
function growth(server, events) {
  if (events === 0) return {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-stats-'));
  const file = path.join(dir, 'snapshot.db');
  const live = db(server);
  try {
    live.exec(`vacuum into '${file.replace(/'/g, "''")}'`);
  } finally {
    live.close();
  }
  try {
    return sizes(file, events);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sizes(file, events) {
  const all = ['stats_events', 'stats_visits', 'stats_visitors', 'stats_salts', 'stats_daily', 'stats_daily_pages', 'stats_daily_dims'];
  const raw = ['stats_events', 'stats_visits', 'stats_visitors', 'stats_salts'];
  const empty = sizeAfter(file, all.map((t) => `delete from ${t};`).join(''));
  const rollupsOnly = sizeAfter(file, raw.map((t) => `delete from ${t};`).join(''));
  const everything = sizeAfter(file, 'select 1;');
  const d = new DatabaseSync(file, { readOnly: true });
  let rows;
  try {
    const count = (t) => Number(d.prepare(`select count(*) as n from ${t}`).get().n);
    rows = Object.fromEntries(all.map((t) => [t, count(t)]));
  } finally {
    d.close();
  }
  const perMillion = (bytes) => Math.round((bytes / events) * 1_000_000);
  return {
    events_stored: events,
    rows,
    bytes_per_million_events_raw_and_rollups: perMillion(everything - empty),
    bytes_per_million_events_after_rollup: perMillion(rollupsOnly - empty),
  };
}
