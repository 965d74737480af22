// Conversion benchmark (issue 4): a generated 100-page PDF converted end to end through the API of the
// built server (sign-up in dev mode, preflight, upload, polling the book until DONE: page images,
// thumbnails, text) against the bare renderer alone on the same file: one `pdftoppm` process, JPEG at
// the pipeline's page width and quality. Reports the ratio (goal ≤ 1.0) and pages/s. Each side runs
// BENCH_CONVERT_RUNS times (default 3), alternating; the best run of each counts (others share the machine).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePdf } from '../server/fixtures/pdf.ts';

const PAGES = 100;
/** The pipeline's normal page: PAGE_WIDTH and the JPEG quality of src/server/convert. */
const PAGE_WIDTH = 1240;
const JPEG_QUALITY = 85;
const RUNS = Number(process.env.BENCH_CONVERT_RUNS ?? 3);

const decodeQp = (s) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

/** One envelope call; throws unless status ok. */
async function api(base, route, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const sep = route.includes('?') ? '&' : '?';
  const res = await fetch(`${base}/api${route}${sep}v=2`, { method: payload ? 'POST' : 'GET', headers, body: payload });
  const json = await res.json();
  if (json.status !== 'ok') throw new Error(`${route}: ${JSON.stringify(json.content)}`);
  return json.content;
}

/** Register, activate (link from the outbox) and sign in: a bearer token. */
export async function signIn(base, dataDir) {
  const email = `bench-${process.pid}@example.com`;
  await api(base, '/account/', { body: { name: 'Bench', email, password: 'correct horse battery', tos: 1, language: 'en' } });
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => decodeQp(readFileSync(path.join(outbox, f), 'utf8')))
    .join('\n');
  const token = /\/activate#hash-([\w-]+)/.exec(mail)?.[1];
  if (!token) throw new Error('no activation mail in the outbox');
  const { hash } = await api(base, '/profile/activate', { body: { hash: token, context: 'ind' } });
  const login = await api(base, '/profile/session', { body: { hash } });
  return login.session.access_token;
}

/** Upload → DONE, timed from the first byte sent to the first answer that says DONE. */
export async function convertThroughApi(base, token, file) {
  const bytes = readFileSync(file);
  const started = performance.now();
  await api(base, `/account/book/preflight?name=bench.pdf&size=${bytes.length}`, { token });
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'bench.pdf');
  const book = await api(base, '/pinwheel/document/create', { token, form });
  for (;;) {
    const current = await api(base, `/account/book/get?id=${book.id}`, { token });
    const status = current.document?.status;
    if (status === 'DONE') return { seconds: (performance.now() - started) / 1000, book: current };
    if (status === 'ERROR') throw new Error(`the conversion failed: ${current.document.error_code}`);
    if (performance.now() - started > 300_000) throw new Error('the conversion did not finish in 5 minutes');
    // Polling costs the server CPU too: often enough to time, rarely enough not to compete.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function bareRenderer(file) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-bare-'));
  try {
    const started = performance.now();
    execFileSync('pdftoppm', [
      '-scale-to-x',
      String(PAGE_WIDTH),
      '-scale-to-y',
      '-1',
      '-jpeg',
      '-jpegopt',
      `quality=${JPEG_QUALITY}`,
      file,
      path.join(out, 'p'),
    ]);
    const seconds = (performance.now() - started) / 1000;
    if (readdirSync(out).length !== PAGES) throw new Error('pdftoppm did not render every page');
    return seconds;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Runs the conversion benchmark on a server started by `startServer(extraEnv)` (run.mjs). */
export async function measureConversion(startServer) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-convert-'));
  const file = path.join(work, 'bench.pdf');
  writeFileSync(file, makePdf({ pages: PAGES, links: true, outline: [{ title: 'Start', page: 1 }] }));
  const server = await startServer({ QUIRE_DEV: '1' });
  try {
    const token = await signIn(server.url, server.dataDir);
    // Warm-up: the first run pays for loading code and the first database writes.
    await convertThroughApi(server.url, token, file);
    const pipeline = [];
    const bare = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(bareRenderer(file));
      pipeline.push((await convertThroughApi(server.url, token, file)).seconds);
    }
    const best = (xs) => Math.min(...xs);
    const ratio = best(pipeline) / best(bare);
    return {
      document: { pages: PAGES, bytes: statSync(file).size, page_width_px: PAGE_WIDTH },
      runs: RUNS,
      bare_pdftoppm_s: Number(best(bare).toFixed(3)),
      pipeline_api_s: Number(best(pipeline).toFixed(3)),
      ratio: Number(ratio.toFixed(3)),
      goal_ratio: 1.0,
      within_goal: ratio <= 1.0,
      pipeline_pages_per_s: Number((PAGES / best(pipeline)).toFixed(1)),
      bare_pages_per_s: Number((PAGES / best(bare)).toFixed(1)),
      all_pipeline_s: pipeline.map((s) => Number(s.toFixed(3))),
      all_bare_s: bare.map((s) => Number(s.toFixed(3))),
    };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
