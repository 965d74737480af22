import { once } from 'node:events';
import { mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationToken, loginCode, PASSWORD, uniqueEmail, useSmtpServer } from './accounts-support';
import { bundleServerEntries, NODE } from './bundle-support';
import {
  freePort,
  type QuireProcess,
  type RoundRobinProxy,
  type Storage,
  spawnQuire,
  startProxy,
  stopProcess,
  storageEnv,
  storageFromEnv,
  storageKind,
  storeFiles,
  waitForOutput,
} from './fixtures/cluster';
import { makePdf } from './fixtures/pdf';
import { createPgDatabase, createS3Bucket, tempDir } from './helpers';
import { multipartBody } from './publish-support';
import { makeReaderPublicDir } from './reader-support';

/**
 * ── MULTI-INSTANCE TEST (issue 19) ──────────────────────────────────────────────────────────────────
 * One product out of several processes, all on loopback: one fresh PostgreSQL database (the suite's
 * throwaway cluster), TWO app instances (the built server, converting nothing:
 * QUIRE_CONVERT_CONCURRENCY=0, one secret, one public URL: the proxy's), TWO conversion workers
 * (`npm run worker`'s entry) and a round-robin proxy written here (fixtures/cluster.ts). Files: one
 * shared data folder by default; `storageEnv` (fixtures/cluster.ts) is the one switch to the S3 store:
 * with QUIRE_TEST_STORAGE=s3 (or DEFAULT_STORAGE flipped there) every process gets a folder of its own and the QUIRE_S3_* of a fresh bucket
 * on the suite's s3rver (helpers.ts createS3Bucket), or of the QUIRE_TEST_S3_* store. (Until uploads,
 * conversions and the reader read and write through the store, that mode fails at the first
 * conversion: the worker does not find the upload.)
 *
 *  1. The journey through the proxy, each request on the other instance than the one before: captcha
 *     → register → activation mail → sign-in with the mailed code → upload (session cookie, same-origin
 *     Origin) → DONE → the reader page, page images and thumbnails, each served by both instances.
 *  2. Twenty uploads with `kill -9` of one app instance (an upload in flight on it) and of one worker
 *     (a conversion running on it) in the middle: every book is DONE exactly once, converted once
 *     (the killed worker's jobs reclaimed once their lease ran out), with exactly the converter's
 *     files and nothing left over; the surviving instance serves them all.
 * The processes run from bundles made like `npm run build`'s (no dist/ needed). Takes ~40–90 s.
 */

const SECRET = 'multi-instance-test-secret-0123456789abcdef';
/**
 * Short leases: a killed worker's job is reclaimed within seconds (src/server/jobs/runner.ts); long
 * enough that a live worker on a loaded machine (renewing every lease/3) never loses one.
 */
const WORKER_TIMING = { QUIRE_WORKER_LEASE_MS: '10000', QUIRE_WORKER_POLL_MS: '100', QUIRE_WORKER_BACKOFF_MS: '200' };
const CRASH_BOOKS = 20;
const bundles = bundleServerEntries(['main', 'worker']);

interface Answer {
  status: number;
  body: { status: string; content: Record<string, unknown> & { code?: number; hash?: string } };
  upstream: number;
}

/** A browser of sorts: one cookie jar, every call through the proxy, Origin on calls that change things. */
class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = (pair ?? '').indexOf('=');
      if (at > 0) this.cookies.set((pair as string).slice(0, at).trim(), (pair as string).slice(at + 1).trim());
    }
  }

  async api(
    route: string,
    init: { body?: unknown; form?: { payload: Buffer; contentType: string }; origin?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = this.cookie;
    let body: BodyInit | undefined;
    if (init.form) {
      headers['content-type'] = init.form.contentType;
      body = new Uint8Array(init.form.payload);
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    if (body !== undefined && init.origin !== false) headers.origin = this.base;
    const sep = route.includes('?') ? '&' : '?';
    const res = await fetch(`${this.base}/api${route}${sep}v=2`, { method: body === undefined ? 'GET' : 'POST', headers, body });
    this.remember(res);
    const text = await res.text();
    let json: Answer['body'];
    try {
      json = JSON.parse(text);
    } catch {
      json = { status: 'error', content: { text } };
    }
    return { status: res.status, body: json, upstream: Number(res.headers.get('x-proxy-upstream') ?? -1) };
  }

  async get(url: string): Promise<{ status: number; type: string; bytes: Buffer; upstream: number; text: () => string }> {
    const res = await fetch(new URL(url, this.base), { headers: this.cookies.size > 0 ? { cookie: this.cookie } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes,
      upstream: Number(res.headers.get('x-proxy-upstream') ?? -1),
      text: () => bytes.toString('utf8'),
    };
  }
}

/** Polls `check` until it answers something, or fails after `ms` (no fixed sleeps). */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The files the converter leaves for a PDF of `pages` pages (src/server/storage/paths.ts, src/server/convert). */
function convertedFiles(pages: number): string[] {
  const files = ['document.pdf', 'manifest.json', 'sizes.json', 'source', 'thumbs/large.webp', 'thumbs/medium.webp', 'thumbs/small.webp'];
  for (let n = 1; n <= pages; n++) files.push(`pages/1240/${n}.jpg`, `text/${n}.txt`, `words/${n}.json`);
  return files.sort();
}

describe('multi-instance: two app instances and two workers on one PostgreSQL behind a round-robin proxy', () => {
  const smtp = useSmtpServer();
  /** The first SMTP message to `to` received after the first `since` messages. */
  const mailAfter = (to: string, since: number) =>
    until(`a mail to ${to}`, 15_000, async () => smtp.received.slice(since).find((m) => m.rcpt.includes(to))?.mail);
  let storage: Storage;
  let root: string;
  let databaseUrl: string;
  let db: pg.Client;
  let proxy: RoundRobinProxy;
  let publicDir: string;
  const apps: QuireProcess[] = [];
  const workers: QuireProcess[] = [];
  const appUrls: string[] = [];
  let client: Client;
  const started = Date.now();

  /** An app instance on a free port (index: its place among the proxy's upstreams). */
  async function startApp(index: number): Promise<QuireProcess> {
    const port = await freePort();
    const own = path.join(root, `app-${index}-${port}`);
    await mkdir(own, { recursive: true });
    const proc = spawnQuire(
      NODE,
      bundles.main,
      {
        ...storageEnv(storage, own),
        QUIRE_DATABASE_URL: databaseUrl,
        QUIRE_PORT: String(port),
        QUIRE_HOST: '127.0.0.1',
        QUIRE_PUBLIC_URL: proxy.url,
        QUIRE_TRUST_PROXY: '1',
        QUIRE_SECRET: SECRET,
        QUIRE_CONVERT_CONCURRENCY: '0',
        QUIRE_SMTP_URL: `smtp://127.0.0.1:${smtp.state.port}`,
        QUIRE_PUBLIC_DIR: publicDir,
        QUIRE_DEMO: '0',
        QUIRE_LOG_LEVEL: 'warn',
        // Every request comes from the proxy's one client address: per-IP limits are another test's subject.
        QUIRE_IP_LIMIT_SCALE: '10',
      },
      `app ${index}`,
    );
    await waitForOutput(proc, 'Quire is running at');
    apps[index] = proc;
    appUrls[index] = `http://127.0.0.1:${port}`;
    proxy.upstreams[index] = appUrls[index] as string;
    return proc;
  }

  async function startWorker(index: number): Promise<QuireProcess> {
    const own = path.join(root, `worker-${index}`);
    await mkdir(own, { recursive: true });
    const proc = spawnQuire(
      NODE,
      bundles.worker,
      {
        ...storageEnv(storage, own),
        QUIRE_DATABASE_URL: databaseUrl,
        QUIRE_SECRET: SECRET,
        QUIRE_PUBLIC_URL: proxy.url,
        QUIRE_CONVERT_CONCURRENCY: '1',
        QUIRE_LOG_LEVEL: 'warn',
        ...WORKER_TIMING,
      },
      `worker ${index}`,
    );
    await waitForOutput(proc, ' ready');
    workers[index] = proc;
    return proc;
  }

  beforeAll(async () => {
    root = await tempDir('quire-multi-');
    // On the S3 store (storageKind): a fresh bucket on the suite's S3-compatible server (or the QUIRE_TEST_S3_* store).
    const bucket = storageKind() === 's3' && !process.env.QUIRE_TEST_S3_URL ? await createS3Bucket() : undefined;
    storage = storageFromEnv(
      path.join(root, 'shared'),
      bucket && {
        url: bucket.QUIRE_S3_URL as string,
        bucket: bucket.QUIRE_S3_BUCKET as string,
        region: 'us-east-1',
        accessKeyId: bucket.QUIRE_S3_ACCESS_KEY_ID as string,
        secretAccessKey: bucket.QUIRE_S3_SECRET_ACCESS_KEY as string,
      },
    );
    await mkdir(storage.sharedDir, { recursive: true });
    publicDir = makeReaderPublicDir();
    databaseUrl = await createPgDatabase();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    proxy = await startProxy();
    // The first instance migrates the new database; the others start on it.
    await startApp(0);
    await Promise.all([startApp(1), startWorker(0), startWorker(1)]);
    client = new Client(proxy.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...apps, ...workers].filter(Boolean).map((proc) => stopProcess(proc)));
    await proxy?.close();
    await db?.end();
    if (publicDir) await rm(publicDir, { recursive: true, force: true });
    if (root) await rm(root, { recursive: true, force: true });
    process.stdout.write(`multi-instance: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  });

  const upstreams = new Set<number>();
  /** The same call must have gone to the other instance than the previous one. */
  const seen = <T extends { upstream: number }>(answer: T): T => {
    expect([0, 1]).toContain(answer.upstream);
    upstreams.add(answer.upstream);
    return answer;
  };
  let email = '';
  let journeyBook = '';

  it('the journey runs through alternating instances: captcha, register, activate, sign in, publish, convert, read', async () => {
    // Captcha made by one instance, solved here, checked (and used up) by the other.
    const challenge = seen(await client.api('/public/captcha'));
    const c = challenge.body.content as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    if (!solution) throw new Error('no captcha solution');
    const captcha = Buffer.from(JSON.stringify({ ...c, number: solution.number, maxnumber: undefined })).toString('base64');
    email = uniqueEmail('multi');
    const mails = smtp.received.length;
    const registered = seen(
      await client.api('/account/', {
        body: { name: 'Multi Instance', email, password: PASSWORD, tos: 1, language: 'en', 'g-recaptcha-response': captcha },
      }),
    );
    expect(registered.body).toMatchObject({ status: 'ok', content: { email } });
    expect(registered.upstream).not.toBe(challenge.upstream);

    const activated = seen(
      await client.api('/profile/activate', { body: { hash: activationToken(await mailAfter(email, mails)), context: 'ind' } }),
    );
    expect(activated.body.status).toBe('ok');

    // Password on one instance, the mailed code on the other.
    const beforeCode = smtp.received.length;
    const first = seen(await client.api('/profile/session', { body: { login: email, password: PASSWORD } }));
    expect(first.body.content.code).toBe(155);
    const code = loginCode(await mailAfter(email, beforeCode));
    const second = seen(await client.api('/profile/session', { body: { hash: first.body.content.hash, code, trust_device: 'yes' } }));
    expect(second.body.status).toBe('ok');
    expect(second.upstream).not.toBe(first.upstream);
    expect(client.cookies.get('quire_token')).toBeTruthy();

    // The session cookie without our Origin is refused by either instance (CSRF guard behind the proxy).
    const pdf = makePdf({ pages: 3, word: 'Journey', links: true });
    const form = multipartBody({ name: 'Journey' }, { name: 'journey.pdf', data: pdf, type: 'application/pdf' });
    const forged = await client.api('/pinwheel/document/create', { form, origin: false });
    expect(forged.status).toBe(403);

    const created = seen(await client.api('/pinwheel/document/create', { form }));
    expect(created.body).toMatchObject({ status: 'ok', content: { name: 'Journey' } });
    journeyBook = created.body.content.id as string;

    // Polled through both instances until a worker (either) has converted it.
    const pollers = new Set<number>();
    const done = await until('the journey book to be DONE', 60_000, async () => {
      const res = seen(await client.api(`/account/book/get?id=${journeyBook}`));
      pollers.add(res.upstream);
      const doc = res.body.content.document as { status: string; pages: number };
      if (doc.status === 'ERROR') throw new Error(`conversion failed: ${JSON.stringify(res.body.content)}`);
      return doc.status === 'DONE' ? res.body.content : undefined;
    });
    expect(done.document).toMatchObject({ status: 'DONE', pages: 3 });
    // The book is DONE a moment before its job (the runner records the outcome after the conversion).
    const converted = await until('the journey job to be done', 10_000, async () => {
      const { rows } = await db.query('select worker, attempts, state from jobs where book_id = $1', [journeyBook]);
      return rows.every((r) => r.state === 'done') ? rows : undefined;
    });
    expect(converted).toHaveLength(1);
    expect(converted[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(workers.map((w) => w.pid).some((pid) => String(converted[0].worker).includes(`:${pid}:`))).toBe(true);
    expect(await storeFiles(storage, `books/${journeyBook}`)).toEqual(convertedFiles(3));

    // The reader page and the book's reader call, on both instances.
    for (let i = 0; i < 2; i++) {
      const page = seen(await client.get(`/read/${journeyBook}`));
      expect(page.status).toBe(200);
      expect(page.text()).toContain('Journey');
    }
    const book = seen(await client.api(`/public/book/get?id=${journeyBook}`)).body.content as {
      pageUrl: string;
      pages: unknown[];
      image: Record<'small' | 'medium' | 'large', string>;
    };
    expect(book.pages).toHaveLength(3);

    // Every page image at each width and every thumbnail, twice: once from each instance, same bytes.
    // The WebPs are made on the first request by whichever instance gets it, in the shared store.
    for (let n = 1; n <= 3; n++) {
      for (const width of [240, 1240, 2480]) {
        const url = book.pageUrl.replace('{w}', String(width)).replace('{n}', String(n));
        const pair = [seen(await client.get(url)), seen(await client.get(url))];
        expect(new Set(pair.map((p) => p.upstream))).toEqual(new Set([0, 1]));
        for (const image of pair) {
          expect(image.status, url).toBe(200);
          expect(image.type).toMatch(/^image\/(webp|jpeg)$/);
          expect(image.bytes.length).toBeGreaterThan(500);
        }
      }
      const jpeg = book.pageUrl.replace('{w}', '1240').replace('{n}', String(n)).replace('.webp', '.jpg');
      const [a, b] = [seen(await client.get(jpeg)), seen(await client.get(jpeg))];
      expect([a.status, b.status, a.type]).toEqual([200, 200, 'image/jpeg']);
      expect(a.upstream).not.toBe(b.upstream);
      expect(a.bytes.equals(b.bytes)).toBe(true);
    }
    for (const size of ['small', 'medium', 'large'] as const) {
      const [a, b] = [seen(await client.get(book.image[size])), seen(await client.get(book.image[size]))];
      expect([a.status, b.status, a.type]).toEqual([200, 200, 'image/webp']);
      expect(a.upstream).not.toBe(b.upstream);
      expect(a.bytes.equals(b.bytes)).toBe(true);
    }
    expect(upstreams).toEqual(new Set([0, 1]));
    expect(pollers.size).toBeGreaterThan(0);
    expect(proxy.retried()).toBe(0);
  }, 90_000);

  it('kill -9 of one instance and one worker amid 20 conversions: every book DONE once, converted once, no file lost or left over', async () => {
    expect(journeyBook, 'the journey ran first').not.toBe('');
    const names = Array.from({ length: CRASH_BOOKS }, (_, i) => `Crash ${String(i + 1).padStart(2, '0')}`);
    const pagesOf = (name: string) => 2 + (Number(name.slice(-2)) % 4);
    const pdfOf = (name: string) => makePdf({ pages: pagesOf(name), word: name.replace(' ', ''), charts: 1 });
    const formOf = (name: string) => multipartBody({ name }, { name: `${name}.pdf`, data: pdfOf(name), type: 'application/pdf' });

    /** The account's books by name (what a user sees in their list). */
    const listed = async (): Promise<Map<string, { id: string; status: string; count: number }>> => {
      const res = await client.api('/account/book?step=100');
      expect(res.status).toBe(200);
      const out = new Map<string, { id: string; status: string; count: number }>();
      for (const item of res.body.content.list as { id: string; name: string; document: { status: string } }[]) {
        const known = out.get(item.name);
        out.set(item.name, { id: item.id, status: item.document.status, count: (known?.count ?? 0) + 1 });
      }
      return out;
    };
    let refused = 0;
    /** Uploads like a user: after a failed answer, looks at the list and sends it again unless it is there. */
    const publish = async (name: string): Promise<void> => {
      await until(`the upload of ${name}`, 60_000, async () => {
        const res = await client.api('/pinwheel/document/create', { form: formOf(name) }).catch(() => undefined);
        if (res?.body.status === 'ok') return true;
        refused += 1;
        return (await listed()).has(name) ? true : undefined;
      });
    };

    const [victimApp, victimWorker] = [apps[1] as QuireProcess, workers[1] as QuireProcess];
    const victimJob = async () =>
      (await db.query("select id from jobs where state = 'running' and worker like $1", [`%:${victimWorker.pid}:%`])).rows[0] as
        | { id: string }
        | undefined;

    // The first uploads, until the worker to kill is converting one of them.
    // (A few first, so that the worker has more queued behind it and is still busy at the kill.)
    let next = 0;
    while (next < 6 || (next < 12 && !(await victimJob()))) await publish(names[next++] as string);
    await until('a conversion on the worker to kill', 30_000, victimJob);

    // Two uploads at once (consecutive requests: one on each instance), half sent, when the kill comes.
    const inFlight = [names[next++] as string, names[next++] as string].map((name) => {
      const { payload, contentType } = formOf(name);
      const req = http.request(`${proxy.url}/api/pinwheel/document/create?v=2`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': payload.length, cookie: client.cookie, origin: proxy.url },
      });
      const answer = once(req, 'response').then(
        async ([res]: http.IncomingMessage[]) => {
          if (!res) throw new Error('no answer');
          let text = '';
          for await (const chunk of res) text += chunk;
          return { name, status: res.statusCode ?? 0, text };
        },
        () => ({ name, status: 0, text: '' }),
      );
      req.on('error', () => {});
      req.write(payload.subarray(0, payload.length >> 1));
      return { name, req, payload, answer };
    });
    await until('both uploads in flight on both instances', 15_000, async () => (proxy.inFlight().every((n) => n >= 1) ? true : undefined));
    // In the shared folder, each instance is writing its part file (files/uploads/<host>-<pid>-<start>.<random>.part).
    const partOf = (pid: number) => async () =>
      (await storeFiles(storage, 'uploads')).some((f) => f.split('.')[0]?.split('-')[1] === String(pid));
    if (storage.kind === 'local') {
      await until('both instances receiving', 15_000, async () =>
        (await Promise.all(apps.map((a) => partOf(a.pid)()))).every(Boolean) ? true : undefined,
      );
    }

    victimApp.child.kill('SIGKILL');
    victimWorker.child.kill('SIGKILL');
    await Promise.all([victimApp.exited, victimWorker.exited]);
    // The killed worker's conversions: still "running" under its name, reclaimed once their lease ends.
    const orphaned = (
      await db.query("select id, book_id from jobs where state = 'running' and worker like $1", [`%:${victimWorker.pid}:%`])
    ).rows as { id: string; book_id: string }[];
    expect(orphaned.length).toBeGreaterThan(0);

    for (const upload of inFlight) {
      if (!upload.req.destroyed) upload.req.end(upload.payload.subarray(upload.payload.length >> 1));
    }
    const answers = await Promise.all(inFlight.map((u) => u.answer));
    // The one on the surviving instance went through; the one on the killed instance did not: the user
    // sends it again.
    expect(answers.map((a) => a.status === 200 && JSON.parse(a.text).status === 'ok').sort()).toEqual([false, true]);
    for (const a of answers) {
      if (a.status === 200 && JSON.parse(a.text).status === 'ok') continue;
      refused += 1;
      await publish(a.name);
    }
    while (next < names.length) await publish(names[next++] as string);

    // Every book DONE, each name once (no upload counted twice, none lost).
    const books = await until('all 20 books to be DONE', 90_000, async () => {
      const list = await listed();
      for (const name of names) {
        const status = list.get(name)?.status;
        if (status === 'ERROR') throw new Error(`${name} failed to convert`);
      }
      return names.every((name) => list.get(name)?.status === 'DONE') ? list : undefined;
    });
    for (const name of names) expect(books.get(name)?.count, name).toBe(1);
    expect(books.size).toBe(CRASH_BOOKS + 1); // and the journey's book

    // Each book converted once: one job, done, one attempt — two for those the killed worker had.
    type Job = { id: string; book_id: string; state: string; attempts: number; worker: string };
    const jobs = await until('every job to be done (none left queued or claimed)', 15_000, async () => {
      const { rows } = await db.query("select id, book_id, state, attempts, worker from jobs where kind = 'convert'");
      return rows.every((j) => j.state === 'done') ? (rows as Job[]) : undefined;
    });
    const ids = names.map((name) => books.get(name)?.id as string);
    for (const id of ids) {
      const own = jobs.filter((j) => j.book_id === id);
      expect(own, id).toHaveLength(1);
      const wasOrphaned = orphaned.some((o) => o.book_id === id);
      expect(own[0]?.attempts, id).toBe(wasOrphaned ? 2 : 1);
      if (wasOrphaned) expect(own[0]?.worker).toContain(`:${workers[0]?.pid}:`);
    }
    const pages = new Map(names.map((name) => [books.get(name)?.id as string, pagesOf(name)]));

    // Exactly the converter's files, once each: nothing lost, no second copy, no temp files.
    for (const id of ids) expect(await storeFiles(storage, `books/${id}`), id).toEqual(convertedFiles(pages.get(id) as number));

    // The surviving instance serves every book, directly and through the proxy (which skips the dead one).
    const survivor = new Client(appUrls[0] as string);
    for (const id of ids) {
      const book = (await survivor.api(`/public/book/get?id=${id}`)).body.content as {
        pageUrl: string;
        pages: unknown[];
        image: { large: string };
      };
      expect(book.pages, id).toHaveLength(pages.get(id) as number);
      const last = book.pageUrl
        .replace('{w}', '1240')
        .replace('{n}', String(pages.get(id)))
        .replace('.webp', '.jpg');
      for (const c of [survivor, client]) {
        expect((await c.get(last)).status, `${id} last page`).toBe(200);
        expect((await c.get(book.image.large)).status, `${id} cover`).toBe(200);
      }
    }
    expect(proxy.retried()).toBeGreaterThan(0);
    process.stdout.write(
      `multi-instance: ${refused} uploads failed and were sent again; ${proxy.retried()} requests retried on the other instance\n`,
    );

    // The killed instance restarts (as its service manager would): at start it removes the part file
    // of the upload that died with it, and serves like the other.
    if (storage.kind === 'local') expect(await partOf(victimApp.pid)()).toBe(true);
    await startApp(1);
    await until('no part files of interrupted uploads', 15_000, async () =>
      (await storeFiles(storage, 'uploads')).length === 0 ? true : undefined,
    );
    const again = new Client(appUrls[1] as string);
    expect((await again.api(`/public/book/get?id=${ids[0]}`)).body.status).toBe('ok');
    // The survivors logged no error through it all (the instance's log is pino JSON on stdout, the worker's on stderr).
    expect(apps[0]?.stdout()).not.toMatch(/"level":(50|60)/);
    expect(workers[0]?.stderr()).not.toMatch(/"level":"error"/);
  }, 180_000);
});
