// Memory and logs under a burst (issue 23): the built server at the default log level (info) with the
// demo publication converted and no request served yet, then BENCH_BURST_S (default 20) seconds of BENCH_BURST_CONNECTIONS (default 50)
// connections on loopback over the public surfaces (home page, health, status, the reader's page and
// API, the publication page, page images at every width, thumbnails). Reports the server's resident
// set (VmRSS) before, at the peak (sampled every 100 ms) and BENCH_SETTLE_S (default 60) seconds after
// the burst, and the bytes the server logged from the burst's start to the end of the settling time.
// Goals: the log under 1 MB, the resident set back within 50 MiB of where it started.
// SQLite only (the demo publication's id is read from the database file).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';

const BURST_S = Number(process.env.BENCH_BURST_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_BURST_CONNECTIONS ?? 50);
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 60);
const GOAL_LOG_BYTES = 1_000_000;
const GOAL_RSS_RETURN_MIB = 50;

const rssMib = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo publication once its conversion is done: { id, pages }. */
async function demoBook(server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const db = new DatabaseSync(path.join(server.dataDir, 'quire.db'), { readOnly: true });
    try {
      const row = db.prepare("select id, pages_total from books where status = 'DONE' order by created_at limit 1").get();
      if (row) return { id: row.id, pages: Number(row.pages_total) };
    } finally {
      db.close();
    }
    await sleep(500);
  }
  throw new Error('the demo publication was not converted within 120 s');
}

/** Every public request a visitor's browser makes for the publication, page images at every width. */
function visitorRequests(book) {
  const paths = [
    '/',
    '/healthz',
    '/api/public/status?v=2',
    `/read/${book.id}`,
    `/publication/${book.id}`,
    `/api/public/book/get?id=${book.id}&v=2`,
    `/thumbs/${book.id}/medium.webp`,
  ];
  for (let n = 1; n <= book.pages; n++) {
    paths.push(`/api/public/book/text?id=${book.id}&page=${n}&v=2`);
    paths.push(`/pages/${book.id}/1240/${n}.jpg`);
    for (const w of [240, 1240, 2480]) paths.push(`/pages/${book.id}/${w}/${n}.webp`);
  }
  return paths.map((p) => ({ method: 'GET', path: p }));
}

export async function measureMemory(startServer) {
  const server = await startServer({ QUIRE_LOG_LEVEL: 'info', QUIRE_DEMO: '1', QUIRE_IP_LIMIT_SCALE: '1000' });
  try {
    const book = await demoBook(server);
    const requests = visitorRequests(book);
    // Cold, as a server is after a start: the burst's first requests make the WebP page images.
    await sleep(3000);
    const before = rssMib(server.pid);
    const logBefore = server.logBytes();

    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMib(server.pid));
    }, 100);
    const r = await autocannon({ url: server.url, connections: CONNECTIONS, duration: BURST_S, requests, timeout: 30 });
    const atEnd = rssMib(server.pid);
    clearInterval(sampler);
    peak = Math.max(peak, atEnd);

    const curve = [];
    for (let s = 10; s <= SETTLE_S; s += 10) {
      await sleep(10_000);
      curve.push(Math.round(rssMib(server.pid)));
    }
    const after = rssMib(server.pid);
    const logBytes = server.logBytes() - logBefore;
    return {
      burst_s: BURST_S,
      connections: CONNECTIONS,
      urls: requests.length,
      requests: r.requests.total,
      requests_per_s: Math.round(r.requests.average),
      non2xx: r.non2xx,
      errors: r.errors,
      rss_before_mib: Math.round(before),
      rss_peak_mib: Math.round(peak),
      rss_after_mib: Math.round(after),
      settle_s: SETTLE_S,
      rss_every_10s_after_mib: curve,
      rss_return_mib: Math.round(after - before),
      log_bytes: logBytes,
      log_bytes_per_request: Number((logBytes / Math.max(1, r.requests.total)).toFixed(2)),
      within_goal: logBytes < GOAL_LOG_BYTES && after - before <= GOAL_RSS_RETURN_MIB,
    };
  } finally {
    await server.stop();
  }
}
