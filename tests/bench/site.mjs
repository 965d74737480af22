// Public site benchmark (issue "The public site", Performance): the server's time to first byte of the
// server-rendered public pages — every page of the sitemap (the site pages, the demo publication and its
// publisher) and the app shell at `/` — one request at a time on loopback after a warm-up, p50 and p95;
// and the explorer's weight as a browser loads it (HTML + CSS + JS, gzip -9), against its 60 KB goal.
// Options (env): BENCH_SITE_REQUESTS (requests per page, default 200).

import { gzipSync } from 'node:zlib';

const REQUESTS = Number(process.env.BENCH_SITE_REQUESTS ?? 200);
const WARMUP = 20;
/** Goals: p50 time to first byte ≤ 20 ms; the explorer's HTML + CSS + JS ≤ 60 KB gzip. */
const GOAL_TTFB_P50_MS = 20;
const GOAL_EXPLORER_GZIP = 60_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Time until the answer's headers arrive (fetch resolves then), then the body is drained. */
async function ttfb(url) {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  const ms = performance.now() - started;
  await res.arrayBuffer();
  return { ms, status: res.status };
}

async function timePage(url) {
  for (let i = 0; i < WARMUP; i++) await ttfb(url);
  const times = [];
  let bad = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const { ms, status } = await ttfb(url);
    if (status !== 200) bad++;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: Number(percentile(times, 50).toFixed(2)), p95_ms: Number(percentile(times, 95).toFixed(2)), non200: bad };
}

/** The gzip size of a page and of the stylesheets and scripts it loads (each file as served). */
async function weight(base, path) {
  const html = await (await fetch(base + path)).text();
  const assets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let gzip = gzipSync(html, { level: 9 }).length;
  for (const asset of assets) gzip += gzipSync(Buffer.from(await (await fetch(new URL(asset, base))).arrayBuffer()), { level: 9 }).length;
  return { gzip_bytes: gzip, files: 1 + assets.length };
}

export async function measureSite(startServer) {
  const server = await startServer({ QUIRE_DEMO: '1', QUIRE_CONVERT_CONCURRENCY: '1' });
  try {
    const base = server.url;
    // The demo book converts at start: wait until the sitemap lists it (its page and its publisher's).
    let locs = [];
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const xml = await (await fetch(`${base}/sitemap.xml`)).text();
      locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      if (locs.some((p) => p.startsWith('/publication/'))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const pages = [];
    for (const path of [...new Set(locs)]) pages.push({ path, ...(await timePage(base + path)) });
    const p50s = pages.map((p) => p.p50_ms).sort((a, b) => a - b);
    const explorer = locs.includes('/explorer') ? await weight(base, '/explorer') : null;
    return {
      requests_per_page: REQUESTS,
      goals: { ttfb_p50_ms: GOAL_TTFB_P50_MS, explorer_gzip_bytes: GOAL_EXPLORER_GZIP },
      pages,
      ttfb_p50_ms_median_page: percentile(p50s, 50),
      ttfb_p50_ms_worst_page: p50s.at(-1),
      ttfb_within_goal: pages.every((p) => p.p50_ms <= GOAL_TTFB_P50_MS && p.non200 === 0),
      explorer,
      explorer_within_goal: explorer ? explorer.gzip_bytes <= GOAL_EXPLORER_GZIP : null,
    };
  } finally {
    await server.stop();
  }
}
