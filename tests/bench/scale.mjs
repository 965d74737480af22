// Scale-out benchmarks (issue 19), on one PostgreSQL (QUIRE_BENCH_ADMIN_URL: an admin URL of a server
// the bench may create databases on; otherwise a throwaway cluster, src/tools/pg/cluster.mjs) and the
// built entries (dist/server/main.js, dist/server/worker.js):
//  - scale-convert: conversion throughput (pages/s) over one fixed set of documents with ONE worker
//    process, then with TWO (each QUIRE_CONVERT_CONCURRENCY=1; the app instance converts nothing): the
//    documents are uploaded first, then the workers start; the clock runs from the first job claimed to
//    the last book DONE; ratio = two / one.
//  - scale-pages: page-image requests per second through the round-robin proxy (a process of its own,
//    tests/bench/proxy.mjs) in front of ONE app instance, then TWO, on the same converted book (every
//    image made beforehand); autocannon, BENCH_CONNECTIONS connections, BENCH_DURATION s; ratio = two / one.
//  The S3 store's added latency per page image is the storage-latency part (tests/bench/storage-latency.mjs).
//  Both parts run on the store named by QUIRE_TEST_S3_* when set (tests/server/fixtures/cluster.ts).
// Each side of a ratio runs BENCH_SCALE_RUNS times (default 2), alternating; the best run counts (the
// machine is shared), and the load average is reported beside. BENCH_SCALE_DOCS / BENCH_SCALE_PAGES size
// scale-convert's set (default 12 × 10 pages).
// Where files live is tests/server/fixtures/cluster.ts's storageEnv (one shared folder, or the store).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster, stopCluster } from '../../src/tools/pg/cluster.mjs';
import { createDatabase } from '../../src/tools/pg/database.mjs';
import { freePort, spawnQuire, stopProcess, storageEnv, storageFromEnv, waitForOutput } from '../server/fixtures/cluster.ts';
import { makePdf } from '../server/fixtures/pdf.ts';
import { signIn } from './convert.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = process.env.QUIRE_DIST ? path.resolve(ROOT, process.env.QUIRE_DIST) : path.join(ROOT, 'dist');
const MAIN = path.join(DIST, 'server/main.js');
const WORKER = path.join(DIST, 'server/worker.js');
const NODE = process.execPath;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** scale-convert's fixed set: documents × pages (text, a chart per page). */
const CONVERT_DOCS = Number(process.env.BENCH_SCALE_DOCS ?? 12);
const CONVERT_PAGES = Number(process.env.BENCH_SCALE_PAGES ?? 10);
/** The book scale-pages and storage-latency read. */
const READ_PAGES = 24;
/** Runs of each side (alternating; the best counts), BENCH_SCALE_RUNS. */
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 2);
const SECRET = 'scale-bench-secret-0123456789abcdef0123456789';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 2) => Number(n.toFixed(digits));

/** The S3 store named by QUIRE_TEST_S3_URL, _BUCKET, _REGION, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY. */
const givenS3 = (sharedDir) => storageFromEnv(sharedDir, undefined, { ...process.env, QUIRE_TEST_STORAGE: 's3' });

/** A PostgreSQL to create databases on: the given admin URL or a throwaway cluster. */
async function postgres() {
  if (process.env.QUIRE_BENCH_ADMIN_URL) return { admin: process.env.QUIRE_BENCH_ADMIN_URL, stop: async () => {} };
  const cluster = await startCluster();
  return { admin: cluster.url, stop: () => stopCluster(cluster.dir, cluster.bin) };
}

/**
 * One deployment on this machine: a fresh database, a data root, app instances (converting nothing,
 * dev mode: no captcha, mail in the outbox) and workers started on demand, a proxy process in front of
 * the instances. `storage`: tests/server/fixtures/cluster.ts (default: from the environment).
 */
async function deployment(admin, storage) {
  const databaseUrl = await createDatabase(admin, 'quire_bench');
  const root = mkdtempSync(path.join(os.tmpdir(), 'quire-scale-'));
  const shared = path.join(root, 'shared');
  mkdirSync(shared, { recursive: true });
  // The scale parts run on the shared folder, or on the QUIRE_TEST_S3_* store when one is named.
  const store = storage
    ? { ...storage, sharedDir: shared }
    : process.env.QUIRE_TEST_S3_URL
      ? givenS3(shared)
      : { kind: 'local', sharedDir: shared };
  const procs = [];
  let proxy;
  let count = 0;
  const common = (own) => ({
    ...storageEnv(store, own),
    QUIRE_DATABASE_URL: databaseUrl,
    QUIRE_SECRET: SECRET,
    QUIRE_LOG_LEVEL: 'warn',
    QUIRE_DEMO: '0',
  });
  const own = (name) => {
    const dir = path.join(root, `${name}-${++count}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const d = {
    databaseUrl,
    storage: store,
    appUrls: [],
    /** The folder whose outbox holds the first instance's mail (dev mode writes mail there). */
    mailDir: '',
    async startApp() {
      const port = await freePort();
      const dir = own('app');
      if (!d.mailDir) d.mailDir = store.kind === 'local' ? shared : dir;
      const proc = spawnQuire(
        NODE,
        MAIN,
        {
          ...common(dir),
          QUIRE_PORT: String(port),
          QUIRE_HOST: '127.0.0.1',
          QUIRE_PUBLIC_URL: `http://127.0.0.1:${port}`,
          QUIRE_TRUST_PROXY: '1',
          QUIRE_CONVERT_CONCURRENCY: '0',
          QUIRE_DEV: '1',
          QUIRE_IP_LIMIT_SCALE: '1000',
          QUIRE_PUBLIC_DIR: path.join(DIST, 'public'),
        },
        'app',
        { nodeArgs: ['--max-semi-space-size=4'] },
      );
      procs.push(proc);
      await waitForOutput(proc, 'Quire is running at');
      const url = `http://127.0.0.1:${port}`;
      d.appUrls.push(url);
      return url;
    },
    async startWorker() {
      const proc = spawnQuire(
        NODE,
        WORKER,
        { ...common(own('worker')), QUIRE_CONVERT_CONCURRENCY: '1', QUIRE_WORKER_POLL_MS: '100' },
        'worker',
        { nodeArgs: ['--max-semi-space-size=4'] },
      );
      procs.push(proc);
      await waitForOutput(proc, ' ready');
      return proc;
    },
    /** The proxy process in front of `upstreams` (replacing the one before); answers its URL. */
    async startProxy(upstreams) {
      if (proxy) await stopProcess(proxy);
      proxy = spawnQuire(NODE, path.join(ROOT, 'tests/bench/proxy.mjs'), {}, 'proxy', { args: upstreams });
      await waitForOutput(proxy, 'proxy at ');
      return /proxy at (\S+)/.exec(proxy.stdout())[1];
    },
    async stop() {
      await Promise.all([...procs, proxy].filter(Boolean).map((p) => stopProcess(p)));
      rmSync(root, { recursive: true, force: true });
    },
  };
  return d;
}

/** One envelope call with the bearer token; throws unless ok. */
async function api(base, route, token, form) {
  const sep = route.includes('?') ? '&' : '?';
  const res = await fetch(`${base}/api${route}${sep}v=2`, {
    method: form ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  if (json.status !== 'ok') throw new Error(`${route}: ${JSON.stringify(json.content)}`);
  return json.content;
}

async function upload(base, token, name, pdf) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), `${name}.pdf`);
  return (await api(base, '/pinwheel/document/create', token, form)).id;
}

/** Polls the database until every book is DONE; answers when the first job was claimed and the last book done. */
async function untilConverted(databaseUrl, expected, timeoutMs = 600_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + timeoutMs;
    let first;
    for (;;) {
      const { rows } = await client.query(
        "select count(*) filter (where status = 'DONE') as done, count(*) filter (where status = 'ERROR') as failed, (select count(*) from jobs where state <> 'queued') as claimed from books",
      );
      const { done, failed, claimed } = rows[0];
      if (first === undefined && Number(claimed) > 0) first = performance.now();
      if (Number(failed) > 0) throw new Error(`${failed} conversions failed`);
      if (Number(done) >= expected) return { first: first ?? performance.now(), last: performance.now() };
      if (performance.now() > deadline) throw new Error(`only ${done} of ${expected} books converted in time`);
      await sleep(20);
    }
  } finally {
    await client.end();
  }
}

/** scale-convert, one side: the fixed set uploaded first, then `workers` workers convert it. */
async function convertWith(admin, workers) {
  const d = await deployment(admin);
  try {
    const base = await d.startApp();
    const token = await signIn(base, d.mailDir);
    for (let i = 0; i < CONVERT_DOCS; i++) {
      await upload(base, token, `Scale ${i + 1}`, makePdf({ pages: CONVERT_PAGES, word: `Scale${i + 1}`, charts: 1 }));
    }
    const converting = untilConverted(d.databaseUrl, CONVERT_DOCS);
    await Promise.all(Array.from({ length: workers }, () => d.startWorker()));
    const { first, last } = await converting;
    const seconds = (last - first) / 1000;
    const pages = CONVERT_DOCS * CONVERT_PAGES;
    return { workers, documents: CONVERT_DOCS, pages, seconds: round(seconds), pages_per_s: round(pages / seconds, 1) };
  } finally {
    await d.stop();
  }
}

/** The best of each side's runs (BENCH_SCALE_RUNS, alternating: the machine's other load hits both alike). */
async function alternate(runs, sides, measure, better) {
  const best = sides.map(() => undefined);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < sides.length; i++) {
      const result = await measure(sides[i]);
      if (best[i] === undefined || better(result, best[i])) best[i] = result;
    }
  }
  return best;
}

async function scaleConvert(admin) {
  const load = os.loadavg().map((n) => round(n));
  const [one, two] = await alternate(
    RUNS,
    [1, 2],
    (workers) => convertWith(admin, workers),
    (a, b) => a.pages_per_s > b.pages_per_s,
  );
  return {
    note: `each worker QUIRE_CONVERT_CONCURRENCY=1; clock from the first claim to the last book DONE; best of ${RUNS} alternating runs`,
    cpus: os.cpus().length,
    load_average_at_start: load,
    load_average_at_end: os.loadavg().map((n) => round(n)),
    one_worker: one,
    two_workers: two,
    ratio: round(two.pages_per_s / one.pages_per_s),
  };
}

/** A converted book of READ_PAGES pages on deployment `d` (one worker, stopped after): its page image URLs. */
async function readableBook(d, base) {
  const token = await signIn(base, d.mailDir);
  const worker = await d.startWorker();
  const id = await upload(base, token, 'Read', makePdf({ pages: READ_PAGES, word: 'Read', charts: 1 }));
  await untilConverted(d.databaseUrl, 1);
  await stopProcess(worker);
  const book = await api(base, `/public/book/get?id=${id}`, token);
  const page = (n, width, ext = 'webp') => book.pageUrl.replace('{w}', String(width)).replace('{n}', String(n)).replace('.webp', `.${ext}`);
  return { id, page, pages: READ_PAGES };
}

/** Requests each URL until it answers a WebP (the first request starts making it). */
async function warm(base, urls) {
  for (const url of urls) {
    const deadline = performance.now() + 30_000;
    for (;;) {
      const res = await fetch(base + url);
      await res.arrayBuffer();
      if (res.status === 200 && res.headers.get('content-type') === 'image/webp') break;
      if (performance.now() > deadline) throw new Error(`${url} never answered a WebP (${res.status})`);
      await sleep(50);
    }
  }
}

async function hammer(base, paths) {
  const requests = paths.map((p) => ({ method: 'GET', path: p }));
  await autocannon({ url: base, requests, connections: CONNECTIONS, duration: 1, timeout: 10 });
  const r = await autocannon({ url: base, requests, connections: CONNECTIONS, duration: DURATION, timeout: 10 });
  return {
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    mb_per_s: round(r.throughput.average / 1e6, 1),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function scalePages(admin) {
  const d = await deployment(admin);
  try {
    const a = await d.startApp();
    const b = await d.startApp();
    const book = await readableBook(d, a);
    const paths = Array.from({ length: book.pages }, (_, i) => book.page(i + 1, 1240));
    await warm(a, paths);
    const load = os.loadavg().map((n) => round(n));
    const direct = await hammer(a, paths);
    const [one, two] = await alternate(
      RUNS,
      [[a], [a, b]],
      async (upstreams) => hammer(await d.startProxy(upstreams), paths),
      (x, y) => x.requests_per_s > y.requests_per_s,
    );
    return {
      note: `${book.pages} page images (1240 px WebP, made beforehand), ${CONNECTIONS} connections, ${DURATION} s; the proxy is a process of its own; best of ${RUNS} alternating runs`,
      cpus: os.cpus().length,
      load_average_at_start: load,
      load_average_at_end: os.loadavg().map((n) => round(n)),
      direct_one_instance: direct,
      proxy_one_instance: one,
      proxy_two_instances: two,
      ratio: round(two.requests_per_s / one.requests_per_s),
    };
  } finally {
    await d.stop();
  }
}

/** The scale-out parts asked for (`parts`: scale-convert, scale-pages). */
export async function measureScale(parts) {
  const db = await postgres();
  try {
    return {
      scale_convert: parts.has('scale-convert') ? await scaleConvert(db.admin) : undefined,
      scale_pages: parts.has('scale-pages') ? await scalePages(db.admin) : undefined,
    };
  } finally {
    await db.stop();
  }
}
