import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultMemoryBudgetMb, loadConfig } from '../../src/server/config';
import { type ConversionError, isDeterministicFailure } from '../../src/server/convert/errors';
import { OfficeConverter } from '../../src/server/convert/office';
import { renderLanes } from '../../src/server/convert/pdf';
import { StageTimes } from '../../src/server/convert/stages';
import { relativeRect } from '../../src/server/convert/structure';
import {
  configureTools,
  isAlive,
  limited,
  MemoryBudget,
  OWNER_VARIABLE,
  reapOrphanTools,
  runTool,
  runToolOk,
} from '../../src/server/convert/tools';
import { dataDirTag, ownerName, SELF } from '../../src/server/owner';
import { documents, type Fixture, type FixtureName, WORDS } from './fixtures/documents';
import { descendants, programOf } from './fixtures/processes';
import { tempDir } from './helpers';

/** The pieces under the conversion: process limits, the LibreOffice listener's life cycle, geometry. */

const LIMITS = { memoryBytes: 512 * 1024 * 1024, timeoutMs: 30_000 };

describe('QUIRE_CONVERT_* settings', () => {
  it('have defaults and are validated like the others', () => {
    const base = { QUIRE_DATA_DIR: '/tmp/quire-config-test' };
    expect(loadConfig(base).convert).toEqual({
      concurrency: Math.min(2, os.availableParallelism()),
      timeoutMs: 600_000,
      memoryBytes: 2048 * 1024 * 1024,
      memoryBudgetBytes: Math.max(2048, Math.floor(os.totalmem() / 2 / 1024 / 1024)) * 1024 * 1024,
      maxPages: 2000,
    });
    expect(defaultMemoryBudgetMb()).toBe(Math.floor(os.totalmem() / 2 / 1024 / 1024));
    const set = {
      QUIRE_CONVERT_CONCURRENCY: '0',
      QUIRE_CONVERT_TIMEOUT: '30',
      QUIRE_CONVERT_MEMORY: '512',
      QUIRE_CONVERT_MEMORY_BUDGET: '1536',
      QUIRE_CONVERT_MAX_PAGES: '50',
    };
    expect(loadConfig({ ...base, ...set }).convert).toEqual({
      concurrency: 0,
      timeoutMs: 30_000,
      memoryBytes: 512 * 1024 * 1024,
      memoryBudgetBytes: 1536 * 1024 * 1024,
      maxPages: 50,
    });
    // The default budget is never below one process's limit.
    const huge = loadConfig({ ...base, QUIRE_CONVERT_MEMORY: '65536' }).convert;
    expect(huge.memoryBudgetBytes).toBe(Math.max(65536, defaultMemoryBudgetMb()) * 1024 * 1024);
    expect(() => loadConfig({ ...base, QUIRE_CONVERT_MEMORY: '1024', QUIRE_CONVERT_MEMORY_BUDGET: '512' })).toThrow(
      /^QUIRE_CONVERT_MEMORY_BUDGET: must be at least QUIRE_CONVERT_MEMORY/,
    );
    for (const [name, value] of [
      ['QUIRE_CONVERT_CONCURRENCY', '-1'],
      ['QUIRE_CONVERT_CONCURRENCY', '100'],
      ['QUIRE_CONVERT_TIMEOUT', '0'],
      ['QUIRE_CONVERT_TIMEOUT', '1.5'],
      ['QUIRE_CONVERT_MEMORY', '64'],
      ['QUIRE_CONVERT_MEMORY_BUDGET', '100'],
      ['QUIRE_CONVERT_MEMORY_BUDGET', '4G'],
      ['QUIRE_CONVERT_MAX_PAGES', 'lots'],
    ] as const) {
      expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`^${name}: `));
    }
  });
});

describe('tool processes', () => {
  it('are killed by the hard time limit even without an abort', async () => {
    const started = Date.now();
    const result = await runTool('sleep', ['30'], { limits: { ...LIMITS, timeoutMs: 1000 } });
    // `timeout -s KILL` kills its whole process group, itself included.
    expect({ code: result.code, signal: result.signal }).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cannot take more memory than the limit', async () => {
    // Python allocating 200 MB under a 100 MB address-space limit fails; without the limit it works.
    const grab = ['-c', 'x = bytearray(200 * 1024 * 1024); print(len(x))'];
    const limited = await runTool('/usr/bin/python3', grab, { limits: { ...LIMITS, memoryBytes: 100 * 1024 * 1024 } });
    expect(limited.code).not.toBe(0);
    expect(limited.stderr).toContain('MemoryError');
    const roomy = await runTool('/usr/bin/python3', grab, { limits: LIMITS });
    expect({ code: roomy.code, out: roomy.stdout.toString().trim() }).toEqual({ code: 0, out: String(200 * 1024 * 1024) });
  });

  it('fail for good when the failure is the document’s (an exit code, a crash), for this attempt when killed', async () => {
    const failure = (cmd: string, args: string[], limits = LIMITS) =>
      runToolOk(cmd, args, { limits }).then(
        () => undefined,
        (error: unknown) => ({ type: (error as Error).constructor.name, permanent: (error as ConversionError).permanent }),
      );
    // pdftoppm's "Could not write image" (exit 1) and a crash come again on the same file: no retry.
    expect(await failure('sh', ['-c', 'echo "Could not write image" >&2; exit 1'])).toEqual({ type: 'ConversionError', permanent: true });
    expect(await failure('sh', ['-c', 'kill -SEGV $$'])).toEqual({ type: 'ConversionError', permanent: true });
    // Killed from outside (the time limit, the OOM killer), or not installed: the next attempt may work.
    expect(await failure('sleep', ['30'], { ...LIMITS, timeoutMs: 1000 })).toEqual({ type: 'ConversionError', permanent: false });
    expect(await failure('no-such-tool-quire', [])).toEqual({ type: 'ConversionError', permanent: false });
    expect(isDeterministicFailure({ code: 137, signal: null })).toBe(false);
  });

  it('are killed with their process group when the signal aborts', async () => {
    const controller = new AbortController();
    const run = runTool('sh', ['-c', 'sleep 30 & sleep 30; wait'], { signal: controller.signal, limits: LIMITS });
    setTimeout(() => controller.abort(new Error('stop')), 100);
    await expect(run).rejects.toThrow('stop');
  });
});

describe('stage times', () => {
  it('charge each stage the CPU of the tools it ran, and run a niced tool at the lower priority', async () => {
    const stages = new StageTimes();
    // A few hundred ms of CPU in one tool; the other stage's tool sleeps (no CPU) at nice 7 and ends first.
    const busy = 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done';
    const [, niced] = await Promise.all([
      stages.time('busy', () => runToolOk('sh', ['-c', busy], { limits: LIMITS })),
      stages.time('idle', () => runToolOk('sh', ['-c', 'sleep 0.05; nice'], { limits: LIMITS, nice: 7 })),
    ]);
    // 7 above this process's own niceness (0 in CI; more when the suite itself runs niced), at most 19.
    expect(Number(niced.stdout.toString().trim())).toBe(Math.min(19, os.getPriority() + 7));
    expect(stages.spans.busy?.cpuMs).toBeGreaterThan(50);
    expect(stages.spans.idle?.cpuMs ?? 0).toBeLessThan(50);
  });
});

describe('the memory budget of the tools', () => {
  const MB = 1024 * 1024;

  it('hands memory out first come, first served, and takes it back', async () => {
    const budget = new MemoryBudget(300 * MB);
    const order: string[] = [];
    const take = (name: string, bytes: number) =>
      budget.acquire(bytes).then((release) => {
        order.push(name);
        return release;
      });
    const a = await budget.acquire(200 * MB);
    const b = take('b', 200 * MB);
    const c = take('c', 50 * MB); // would fit, but b came first
    const huge = take('huge', 10_000 * MB); // counts as the whole budget
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    a();
    a(); // twice: given back once
    const releaseB = await b;
    const releaseC = await c;
    expect(order).toEqual(['b', 'c']);
    expect(budget.freeBytes).toBe(50 * MB);
    releaseB();
    releaseC();
    (await huge)();
    expect(order).toEqual(['b', 'c', 'huge']);
    expect(budget.freeBytes).toBe(300 * MB);

    const held = await budget.acquire(300 * MB);
    const controller = new AbortController();
    const waiting = budget.acquire(100 * MB, controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    held();
    expect(budget.freeBytes).toBe(300 * MB);
  });

  it('makes concurrent tools wait until their limits fit, and lets an aborted one go without running', async () => {
    const dataDir = await tempDir('quire-budget-');
    configureTools({ dataDir, memoryBudgetBytes: 300 * MB });
    try {
      // Each prints when it starts and ends (ms). Three tools of 200 MB under a 300 MB budget: one at a time.
      const stamp = ['-c', 'date +%s%3N; sleep 0.3; date +%s%3N'];
      const span = (r: { stdout: Buffer }) => r.stdout.toString().trim().split('\n').map(Number) as [number, number];
      const limits = { memoryBytes: 200 * MB, timeoutMs: 30_000 };
      const controller = new AbortController();
      const runs = [1, 2, 3].map(() => runTool('sh', stamp, { limits }));
      const aborted = runTool('sh', ['-c', `touch ${path.join(dataDir, 'ran')}`], { limits, signal: controller.signal });
      controller.abort(new Error('no longer needed'));
      await expect(aborted).rejects.toThrow('no longer needed');
      const spans = (await Promise.all(runs)).map(span).sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? 0);
      expect(existsSync(path.join(dataDir, 'ran'))).toBe(false);
      // Two of 100 MB fit together: they overlap.
      const small = { memoryBytes: 100 * MB, timeoutMs: 30_000 };
      const [first, second] = (await Promise.all([1, 2].map(() => runTool('sh', stamp, { limits: small })))).map(span) as [
        [number, number],
        [number, number],
      ];
      expect(first[0] < second[1] && second[0] < first[1]).toBe(true);
    } finally {
      configureTools({ dataDir, memoryBudgetBytes: Number.POSITIVE_INFINITY });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('tools of a server that is gone', () => {
  it('are killed at start on the same data folder; those of live servers, other folders and others are not', async () => {
    const dataDir = await tempDir('quire-reap-');
    const gone = ownerName({ ...SELF, start: SELF.start + 1 }); // this pid, another start: a process that is gone
    const mark = (dir: string, owner: string) => ({ [OWNER_VARIABLE]: `${dataDirTag(dir)}:${owner}` });
    const cases = {
      orphan: mark(dataDir, gone),
      otherFolder: mark(`${dataDir}-other`, gone),
      live: mark(dataDir, ownerName(SELF)),
      unmarked: {},
    };
    const children = Object.fromEntries(
      Object.entries(cases).map(([name, env]) => [
        name,
        spawn('sleep', ['300'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore', detached: true }),
      ]),
    );
    const pids = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, child.pid as number]));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100)); // exec'd, environment in place
      expect(reapOrphanTools(dataDir)).toEqual([pids.orphan]);
      const deadline = Date.now() + 5000;
      while (isAlive(pids.orphan as number) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, isAlive(pid)]))).toEqual({
        orphan: false,
        otherFolder: true,
        live: true,
        unmarked: true,
      });
    } finally {
      for (const child of Object.values(children)) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('carry the owner mark and die with the process that started them', async () => {
    const dataDir = await tempDir('quire-mark-');
    configureTools({ dataDir, memoryBudgetBytes: Number.POSITIVE_INFINITY });
    try {
      const env = await runTool('sh', ['-c', `echo "$${OWNER_VARIABLE}"`], { limits: LIMITS });
      expect(env.stdout.toString().trim()).toBe(`${dataDirTag(dataDir)}:${ownerName(SELF)}`);
      // A shell that starts a tool the way runTool does (setpriv prlimit timeout setpriv tool), then
      // is killed with -9: the tool goes with it.
      const [file, argv] = limited('sleep', ['300'], LIMITS);
      const parent = spawn('sh', ['-c', `${[file, ...argv].join(' ')} & echo $!; wait`], { stdio: ['ignore', 'pipe', 'ignore'] });
      const wrapper = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
      let tool = 0;
      const until = Date.now() + 5000;
      while (!tool && Date.now() < until) {
        tool = descendants(wrapper).find((pid) => programOf(pid) === 'sleep') ?? 0;
        if (!tool) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(tool).toBeGreaterThan(0);
      parent.kill('SIGKILL');
      const deadline = Date.now() + 5000;
      while ((isAlive(wrapper) || isAlive(tool)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect({ wrapper: isAlive(wrapper), tool: isAlive(tool) }).toEqual({ wrapper: false, tool: false });
    } finally {
      configureTools({ dataDir, memoryBudgetBytes: Number.POSITIVE_INFINITY });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('page geometry', () => {
  it('splits pages into odd/even lanes', () => {
    expect(renderLanes(1, 2)).toEqual([['-f', '1', '-l', '1']]);
    expect(renderLanes(10, 1)).toEqual([['-f', '1', '-l', '10']]);
    expect(renderLanes(10, 2)).toEqual([
      ['-f', '1', '-l', '10', '-o'],
      ['-f', '1', '-l', '10', '-e'],
    ]);
    expect(renderLanes(10, 4).map((l) => l.join(' '))).toEqual(['-f 1 -l 5 -o', '-f 1 -l 5 -e', '-f 6 -l 10 -o', '-f 6 -l 10 -e']);
  });

  it('maps link rectangles onto the displayed page, rotation included', () => {
    const view = [0, 0, 100, 200];
    const rect = [10, 150, 30, 190]; // near the top left of an upright page
    expect(relativeRect(rect, view, 0)).toEqual([0.1, 0.05, 0.2, 0.2]);
    expect(relativeRect(rect, view, 90)).toEqual([0.75, 0.1, 0.2, 0.2]);
    expect(relativeRect(rect, view, 180)).toEqual([0.7, 0.75, 0.2, 0.2]);
    expect(relativeRect(rect, view, 270)).toEqual([0.05, 0.7, 0.2, 0.2]);
    expect(relativeRect([-50, -50, 500, 500], view, 0)).toEqual([0, 0, 1, 1]);
  });
});

describe('LibreOffice', () => {
  let docs: Record<FixtureName, Fixture>;
  let dir: string;
  beforeAll(async () => {
    docs = await documents();
    dir = await tempDir('quire-office-');
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const pdfText = async (file: string) => (await runTool('pdftotext', [file, '-'], { limits: LIMITS })).stdout.toString();

  it('a time-out kills the kept-warm listener; the next document gets a new one', async () => {
    const office = new OfficeConverter({ slots: 1, memoryBytes: 2048 * 1024 * 1024, timeoutMs: 60_000 });
    try {
      const first = path.join(dir, 'first.pdf');
      await office.convert(docs.docx.file, 'docx', first, new AbortController().signal);
      expect(await pdfText(first)).toContain(WORDS.writer);
      const before = office.listenerPids();
      expect(before).toHaveLength(2);

      // A long text (hundreds of pages to lay out): still converting when its time is up.
      const long = path.join(dir, 'long.txt');
      await writeFile(
        long,
        Array.from({ length: 40_000 }, (_, i) => `Line ${i} of a long document that takes a while to lay out.`).join('\n'),
      );
      const controller = new AbortController();
      const slow = office.convert(long, 'txt', path.join(dir, 'aborted.pdf'), controller.signal);
      setTimeout(() => controller.abort(new Error('time is up')), 500);
      await expect(slow).rejects.toThrow('time is up');
      // soffice is killed at once; the bridge reaps it and exits (or is killed 2 s later).
      const deadline = Date.now() + 5000;
      while (before.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(before.filter(isAlive)).toEqual([]);
      expect(office.listenerPids()).toEqual([]);

      const after = path.join(dir, 'after.pdf');
      await office.convert(docs.odp.file, 'odp', after, new AbortController().signal);
      expect(await pdfText(after)).toContain(WORDS.impress);
    } finally {
      await office.close();
    }
  }, 120_000);

  it('reports a document it cannot open as CORRUPT', async () => {
    const office = new OfficeConverter({ slots: 1, memoryBytes: 2048 * 1024 * 1024, timeoutMs: 60_000 });
    const broken = path.join(dir, 'broken.docx');
    await writeFile(broken, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]));
    try {
      await expect(office.convert(broken, 'docx', path.join(dir, 'broken.pdf'), new AbortController().signal)).rejects.toMatchObject({
        code: 'CORRUPT',
      });
    } finally {
      await office.close();
    }
  }, 120_000);

  it('falls back to one soffice per document when the bridge cannot start', async () => {
    const office = new OfficeConverter({ slots: 1, memoryBytes: 2048 * 1024 * 1024, timeoutMs: 60_000, python: '/nonexistent/python3' });
    try {
      const out = path.join(dir, 'fallback.pdf');
      await office.convert(docs.txt.file, 'txt', out, new AbortController().signal);
      expect(existsSync(out)).toBe(true);
      expect(await pdfText(out)).toContain('naïve café');
    } finally {
      await office.close();
    }
  }, 120_000);
});
