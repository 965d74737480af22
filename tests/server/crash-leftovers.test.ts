import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { isAlive, OWNER_VARIABLE } from '../../src/server/convert/tools';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import { dataDirTag, ownerName, SELF } from '../../src/server/owner';
import { uploadsDir } from '../../src/server/storage/paths';
import { type AccountsCtx, signedIn } from './accounts-support';
import { bundleServerEntry, freePort, type ServerRun, startServer, waitForOutput } from './bundle-support';
import { getBook, insertAccount, insertBook, waitFor } from './fixtures/books';
import { documents } from './fixtures/documents';
import { descendants, programOf, startOf } from './fixtures/processes';
import { testConfig } from './helpers';

/**
 * The built server killed with -9 mid-work, then started again on the same data folder: nothing of
 * the killed one keeps running (its conversion tools and LibreOffice die with it; any that did not are
 * killed by the restart) or stays on disk (the part file of the upload it was receiving).
 */
const BUNDLE = bundleServerEntry('main');

const serverEnv = async (config: Config, extra: Record<string, string> = {}) => ({
  QUIRE_DATA_DIR: config.dataDir,
  QUIRE_PORT: String(await freePort()),
  QUIRE_HOST: '127.0.0.1',
  QUIRE_LOG_LEVEL: 'warn',
  QUIRE_PUBLIC_DIR: path.join(config.dataDir, 'no-client'),
  QUIRE_DEMO: '0',
  ...extra,
});

/**
 * A few KB of PDF whose every page draws one form that draws another ten times, six levels deep: a
 * million rectangles a page, seconds of silent work for pdftoppm and pdftotext (like the documents
 * that made Poppler run away).
 */
function slowPdf(pages: number, levels = 6, fanout = 10): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const stream = (dict: string, data: string) => `<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`;
  const form = '/Type /XObject /Subtype /Form /BBox [0 0 595 842]';
  let inner = add(stream(form, '0 0 1 rg 0 0 10 10 re f 20 20 10 10 re f'));
  for (let level = 0; level < levels; level++) {
    const draws = Array.from({ length: fanout }, (_, i) => `q 1 0 0 1 ${i * 0.5} ${i * 0.5} cm /N Do Q`).join('\n');
    inner = add(stream(`${form} /Resources << /XObject << /N ${inner} 0 R >> >>`, draws));
  }
  const content = add(stream('', '/N Do'));
  const parent = objects.length + pages + 1;
  const kids = Array.from({ length: pages }, () =>
    add(
      `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /N ${inner} 0 R >> >> /Contents ${content} 0 R >>`,
    ),
  );
  add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`);
  const root = add(`<< /Type /Catalog /Pages ${parent} 0 R >>`);
  let out = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
};

async function killHard(run: ServerRun): Promise<void> {
  run.child.kill('SIGKILL');
  await run.exited;
}

async function stop(run: ServerRun | undefined): Promise<void> {
  if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  await run.exited;
}

describe('a server killed with -9', () => {
  let config: Config;
  let handle: DbHandle;
  const runs: ServerRun[] = [];
  const planted: ChildProcess[] = [];

  beforeAll(async () => {
    config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '1', QUIRE_DEV: '1' });
    handle = createDb(config);
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    for (const run of runs) run.child.kill('SIGKILL');
    for (const child of planted) child.kill('SIGKILL');
    await handle?.destroy();
    if (config) await rm(config.dataDir, { recursive: true, force: true });
  });

  it('leaves no conversion tool running: they die with it, and the restart kills any left behind', async () => {
    const docs = await documents();
    const accountId = await insertAccount(handle.db);
    // A document for LibreOffice first (its listener stays warm), then a small PDF whose pages take
    // Poppler long to draw: its tools work silently (no output that would fail once the server is gone).
    const office = await insertBook(
      handle.db,
      config.dataDir,
      accountId,
      { file: docs.docx.file, kind: 'docx' },
      { now: Date.now() - 1000 },
    );
    const slow = path.join(config.dataDir, 'slow.pdf');
    await writeFile(slow, slowPdf(3));
    const pdf = await insertBook(handle.db, config.dataDir, accountId, { file: slow, kind: 'pdf' });

    const env = await serverEnv(config, { QUIRE_CONVERT_CONCURRENCY: '1' });
    const first = startServer(BUNDLE, env);
    runs.push(first);
    await waitForOutput(first, 'Quire is running at', 60_000);
    const server = first.child.pid as number;
    const tools = await waitFor(
      async () => {
        if (first.child.exitCode !== null) throw new Error(`the server exited: ${first.stderr()}`);
        if ((await getBook(handle.db, office.bookId)).status !== 'DONE') return undefined;
        if ((await getBook(handle.db, pdf.bookId)).status !== 'CONVERTING') return undefined;
        const now = descendants(server).map((pid) => ({ pid, program: path.basename(programOf(pid)) }));
        const running = new Set(now.map((p) => p.program));
        return ['pdftoppm', 'soffice.bin', 'python3'].every((p) => running.has(p)) ? now : undefined;
      },
      180_000,
      'the office book to be done and the PDF to be converting',
    );
    const serverStart = startOf(server);

    await killHard(first);
    await until(() => tools.every((t) => !isAlive(t.pid)));
    expect(tools.filter((t) => isAlive(t.pid))).toEqual([]);

    // What the window before setpriv arms the signal could leave: a tool marked as the killed server's.
    const mark = (owner: string) => ({ PATH: process.env.PATH ?? '', [OWNER_VARIABLE]: `${dataDirTag(config.dataDir)}:${owner}` });
    const plant = (env: NodeJS.ProcessEnv) => {
      const child = spawn('sleep', ['600'], { env, stdio: 'ignore', detached: true });
      planted.push(child);
      return child.pid as number;
    };
    const orphan = plant(mark(ownerName({ ...SELF, pid: server, start: serverStart })));
    const ofLiveProcess = plant(mark(ownerName(SELF))); // this test process: alive, not to be touched
    await until(() => programOf(orphan) === 'sleep' && programOf(ofLiveProcess) === 'sleep');

    const second = startServer(BUNDLE, env);
    runs.push(second);
    await waitForOutput(second, 'Quire is running at', 60_000);
    await until(() => !isAlive(orphan));
    expect({ orphan: isAlive(orphan), ofLiveProcess: isAlive(ofLiveProcess) }).toEqual({ orphan: false, ofLiveProcess: true });
    await stop(second);
  }, 300_000);

  it('leaves no part file of the upload it was receiving: the restart removes it', async () => {
    // A session made by the app in this process, on the same database the server process uses.
    const app = await buildApp({ ...config, convert: { ...config.convert, concurrency: 0 } });
    const { token } = await signedIn({ app, config } as AccountsCtx, 'crash');
    await app.close();

    const env = await serverEnv(config, { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_IP_LIMIT_SCALE: '100' });
    const first = startServer(BUNDLE, env);
    runs.push(first);
    await waitForOutput(first, 'Quire is running at', 60_000);

    // An upload that never ends: 8 MB of a declared 64 MB, then the server dies.
    const boundary = 'crash-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const upload = request(`http://127.0.0.1:${env.QUIRE_PORT}/api/pinwheel/document/create?v=2`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(64 * 1024 * 1024),
      },
    });
    upload.on('error', () => {});
    upload.write(head);
    upload.write('%PDF-1.7\n');
    for (let i = 0; i < 128; i++) upload.write(Buffer.alloc(64 * 1024, 0x20));
    const uploads = uploadsDir(config.dataDir);
    const part = await waitFor(
      async () => {
        for (const name of await readdir(uploads).catch(() => [] as string[])) {
          const size = await stat(path.join(uploads, name)).then(
            (s) => s.size,
            () => 0,
          );
          if (name.endsWith('.part') && size >= 4 * 1024 * 1024) return name;
        }
        return undefined;
      },
      30_000,
      'the part file to grow',
    );
    // Beside it, a part file of a live process on the same folder (this one): not to be touched.
    await mkdir(uploads, { recursive: true });
    const live = `${ownerName(SELF)}.${'ab'.repeat(12)}.part`;
    await writeFile(path.join(uploads, live), 'live');

    await killHard(first);
    upload.destroy();
    expect((await readdir(uploads)).sort()).toEqual([part, live].sort()); // the crash left it

    const second = startServer(BUNDLE, env);
    runs.push(second);
    await waitForOutput(second, 'Quire is running at', 60_000);
    expect(await readdir(uploads)).toEqual([live]);
    await stop(second);
  }, 120_000);
});
