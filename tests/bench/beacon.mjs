// Usage beacon benchmark (issue 7): `{beacon}/b.gif` hits per second on loopback, and the latency of
// an API call (/api/public/status) measured alone and again while the beacon is under load, so the
// cost the beacon puts on the API shows. Hits name the demo account (QUIRE_DEMO's, on SQLite) with
// every source × device, so the batched write path (src/server/beacon) really runs; afterwards the
// counters written are read back from the database and compared with the hits answered (autocannon
// leaves out the request in flight on each connection when it stops, so recorded may exceed answered
// by up to the connection count per run).
// Options (env): BENCH_DURATION (s, default 5), BENCH_BEACON_CONNECTIONS (default 50),
// BENCH_CONNECTIONS (API connections, default 10).

import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const BEACON_CONNECTIONS = Number(process.env.BENCH_BEACON_CONNECTIONS ?? 50);
const API_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SOURCES = ['facebook', 'x', 'tumblr', 'pinterest', 'linkedin', 'mail', 'copy'];
const DEVICES = ['desktop', 'tablet', 'phone'];
/** Goal: thousands of hits per second on loopback. */
const GOAL_HITS_PER_S = 2000;

const STATUS = '/api/public/status?v=2';

function sqlite(dataDir) {
  return new DatabaseSync(path.join(dataDir, 'quire.db'), { readOnly: true });
}

function demoAccount(server) {
  if (server.dialect !== 'sqlite') return 'bench-account';
  const db = sqlite(server.dataDir);
  try {
    return db.prepare('select id from accounts order by created_at limit 1').get()?.id ?? 'bench-account';
  } finally {
    db.close();
  }
}

function recorded(server, aid) {
  if (server.dialect !== 'sqlite') return null;
  const db = sqlite(server.dataDir);
  try {
    return Number(db.prepare("select coalesce(sum(count), 0) as n from share_counts where account_id = ? and book_id = ''").get(aid).n);
  } finally {
    db.close();
  }
}

/** The count once batches stopped landing (a batch is written within FLUSH_MS = 1 s of its first hit). */
async function settled(server, aid) {
  let last = recorded(server, aid);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 1200));
    const now = recorded(server, aid);
    if (now === last) return now;
    last = now;
  }
  return last;
}

const latency = (r) => ({
  requests_per_s: Math.round(r.requests.average),
  latency_p50_ms: r.latency.p50,
  latency_p99_ms: r.latency.p99,
  latency_avg_ms: Number(r.latency.average.toFixed(2)),
  non2xx: r.non2xx,
  errors: r.errors,
});

/**
 * Runs against a server from `startServer` (tests/bench/run.mjs), started with the highest
 * QUIRE_IP_LIMIT_SCALE (1000): one address may then have 120 × 1000 hits a minute counted; every
 * hit above that is still answered (and measured) but not counted, so hits_recorded ≤ hits_answered.
 */
export async function measureBeacon(startServer) {
  const server = await startServer({ QUIRE_IP_LIMIT_SCALE: '1000' });
  try {
    const aid = demoAccount(server);
    const requests = SOURCES.flatMap((s) =>
      DEVICES.map((d, i) => ({ method: 'GET', path: `/b.gif?e=share&cb=${123456789 + i}&d=${d}&s=${s}&aid=${aid}&t=account` })),
    );
    const status = { url: server.url + STATUS, connections: API_CONNECTIONS, duration: DURATION, timeout: 10 };
    const beacon = { url: server.url, requests, connections: BEACON_CONNECTIONS, duration: DURATION, timeout: 10 };

    // Warm-up, then the API alone, the beacon alone, and both at once.
    await autocannon({ ...status, duration: 1 });
    await autocannon({ ...beacon, duration: 1 });
    const before = (await settled(server, aid)) ?? 0;
    const apiAlone = await autocannon(status);
    const beaconAlone = await autocannon(beacon);
    const [apiLoaded, beaconLoaded] = await Promise.all([autocannon(status), autocannon(beacon)]);
    const after = await settled(server, aid);
    const answered = beaconAlone.requests.total + beaconLoaded.requests.total;
    const alone = latency(apiAlone);
    const loaded = latency(apiLoaded);
    return {
      duration_s: DURATION,
      beacon_connections: BEACON_CONNECTIONS,
      api_connections: API_CONNECTIONS,
      beacon_hits_per_s: Math.round(beaconAlone.requests.average),
      beacon_hits_per_s_with_api: Math.round(beaconLoaded.requests.average),
      beacon_latency_p99_ms: beaconAlone.latency.p99,
      beacon_non2xx: beaconAlone.non2xx + beaconLoaded.non2xx,
      beacon_errors: beaconAlone.errors + beaconLoaded.errors,
      within_goal: beaconAlone.requests.average >= GOAL_HITS_PER_S,
      api_alone: alone,
      api_with_beacon: loaded,
      api_p99_ratio: alone.latency_p99_ms > 0 ? Number((loaded.latency_p99_ms / alone.latency_p99_ms).toFixed(2)) : null,
      hits_answered: answered,
      hits_recorded: after === null ? null : after - before,
    };
  } finally {
    await server.stop();
  }
}
