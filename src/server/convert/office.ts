import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { DocumentKind } from '../../contracts/books';
import { ConversionError, documentError } from './errors';
import { BRIDGE_PY } from './office-bridge';
import { endedChildrenCpuMs } from './stages';
import { acquireToolMemory, DIE_WITH_PARENT, describeFailure, isAlive, killGroup, runTool, toolEnv, untilAborted } from './tools';

/**
 * Office documents → PDF with LibreOffice headless. A new soffice per document costs ~0.9 s; a
 * kept-warm listener converts a small document in 0.05–0.2 s (TECH-NOTES), so each worker slot keeps
 * one listener (bridge process + soffice.bin with its own profile) warm, restarts it after
 * RESTART_AFTER documents or when it grows past RSS_LIMIT, stops it after IDLE_MS unused, and kills it
 * when a conversion runs out of time or is aborted. When the bridge cannot start (python3-uno
 * missing…), conversions fall back to one-shot `soffice.bin --convert-to pdf` with a fresh profile.
 * Every process dies with its parent (the bridge with the server, soffice.bin with the bridge or the
 * tool wrapper: see tools.ts) and carries the tools' owner mark. A conversion holds its memory limit
 * in the tools' budget while it runs (an idle listener does not).
 */
export interface OfficeOptions {
  /** Listeners at most (one per conversion slot). */
  slots: number;
  memoryBytes: number;
  /** Time limit of one one-shot fallback process (the signal normally ends it first). */
  timeoutMs: number;
  python?: string;
  sofficeBin?: string;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

const RESTART_AFTER = 200;
const RSS_LIMIT = 1024 * 1024 * 1024;
const IDLE_MS = 10 * 60_000;
const START_TIMEOUT_MS = 120_000;
const BRIDGE_RETRY_MS = 5 * 60_000;
const BRIDGE_EXIT_MS = 2_000;
const PROFILE_PREFIX = 'quire-office-';
const SOFFICE_BIN = '/usr/lib/libreoffice/program/soffice.bin';
/** soffice.bin's exit code after it set up a new profile: start it again. */
const RESTART_REQUESTED = 81;

/** Extension LibreOffice's type detection expects for each kind. */
const EXTENSION: Record<Exclude<DocumentKind, 'pdf'>, string> = {
  docx: 'docx',
  dotx: 'dotx',
  pptx: 'pptx',
  potx: 'potx',
  ppsx: 'ppsx',
  xlsx: 'xlsx',
  xltx: 'xltx',
  docm: 'docm',
  dotm: 'dotm',
  pptm: 'pptm',
  potm: 'potm',
  ppsm: 'ppsm',
  xlsm: 'xlsm',
  xltm: 'xltm',
  odt: 'odt',
  ott: 'ott',
  odp: 'odp',
  otp: 'otp',
  ods: 'ods',
  ots: 'ots',
  doc: 'doc',
  ppt: 'ppt',
  xls: 'xls',
  rtf: 'rtf',
  txt: 'txt',
};
/**
 * The settings every LibreOffice profile of the converter starts with: macros never run, whatever a
 * document asks — the security level "very high" (only macros from trusted locations, and there are
 * none), macro execution switched off altogether, and VBA code not even loaded from Word, Excel and
 * PowerPoint files. On top of that each load passes MacroExecutionMode NEVER_EXECUTE (the bridge) and
 * the document is opened hidden and read-only.
 */
const MACRO_FREE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  ['org.openoffice.Office.Writer/Filter/Import/VBA', 'Load', 'false'],
  ['org.openoffice.Office.Writer/Filter/Import/VBA', 'Executable', 'false'],
  ['org.openoffice.Office.Calc/Filter/Import/VBA', 'Load', 'false'],
  ['org.openoffice.Office.Calc/Filter/Import/VBA', 'Executable', 'false'],
  ['org.openoffice.Office.Impress/Filter/Import/VBA', 'Load', 'false'],
]
  .map(([node, prop, value]) => `<item oor:path="/${node}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`)
  .join('\n')}
</oor:items>
`;

/** Writes the macro-free settings into a LibreOffice profile (`-env:UserInstallation`), before it starts. */
export function macroFreeProfile(profile: string): void {
  mkdirSync(path.join(profile, 'user'), { recursive: true });
  writeFileSync(path.join(profile, 'user', 'registrymodifications.xcu'), MACRO_FREE_SETTINGS);
}

/** Plain text is read as UTF-8 (the type detection would guess a legacy encoding). */
const TEXT_FILTER = { filter: 'Text (encoded)', options: 'UTF8,LF,,,' };

interface Answer {
  id: number;
  ok: boolean;
  code?: string;
  error?: string;
  fatal?: boolean;
}

class Listener {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly ready: Promise<number>;
  count = 0;
  sofficePid = 0;
  dead = false;
  #nextId = 1;
  #waiting = new Map<number, (answer: Answer) => void>();
  #idle: NodeJS.Timeout | undefined;

  constructor(
    readonly slot: number,
    python: string,
    sofficeBin: string,
    profile: string,
    memoryBytes: number,
    private readonly onExit: (l: Listener) => void,
  ) {
    const pipe = `quire-${process.pid}-${slot}-${Math.random().toString(36).slice(2, 8)}`;
    const [setpriv, ...die] = DIE_WITH_PARENT;
    this.proc = spawn(setpriv, [...die, python, '-c', BRIDGE_PY, sofficeBin, pathToFileURL(profile).href, pipe, String(memoryBytes)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: toolEnv({ PYTHONDONTWRITEBYTECODE: '1' }),
    });
    this.proc.stderr.resume();
    // Writing to a bridge that just died must not throw an unhandled 'error' (EPIPE) in the server.
    this.proc.stdin.on('error', () => {});
    const lines = createInterface({ input: this.proc.stdout });
    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the LibreOffice bridge did not start in time')), START_TIMEOUT_MS);
      lines.once('line', (line) => {
        clearTimeout(timer);
        try {
          const hello = JSON.parse(line) as { ready: boolean; pid?: number; error?: string };
          if (!hello.ready) return reject(new Error(hello.error ?? 'the LibreOffice bridge failed'));
          this.sofficePid = hello.pid ?? 0;
          resolve(this.sofficePid);
          lines.on('line', (l) => this.#answer(l));
        } catch {
          reject(new Error(`the LibreOffice bridge said: ${line.slice(0, 200)}`));
        }
      });
      this.proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the LibreOffice bridge exited with ${code}`));
      });
      this.proc.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    this.ready.catch(() => this.kill());
    this.proc.once('exit', () => {
      endedChildrenCpuMs(); // LibreOffice's CPU is not the next tool's (stages.ts)
      this.dead = true;
      for (const resolve of this.#waiting.values())
        resolve({ id: 0, ok: false, code: 'FAILED', error: 'LibreOffice stopped', fatal: true });
      this.#waiting.clear();
      this.onExit(this);
    });
  }

  #answer(line: string): void {
    let answer: Answer;
    try {
      answer = JSON.parse(line) as Answer;
    } catch {
      return;
    }
    this.#waiting.get(answer.id)?.(answer);
    this.#waiting.delete(answer.id);
  }

  request(body: { in: string; out: string; filter?: string; options?: string }): Promise<Answer> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.proc.stdin.write(`${JSON.stringify({ id, ...body })}\n`);
    });
  }

  /** Resident memory of soffice.bin (0 when unknown). */
  rss(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.sofficePid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  }

  /** In use: no idle stop while a document converts. */
  hold(): void {
    clearTimeout(this.#idle);
  }

  touch(onIdle: () => void): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(onIdle, IDLE_MS);
    this.#idle.unref();
  }

  /** Closing stdin lets the bridge terminate LibreOffice cleanly. */
  stop(): void {
    clearTimeout(this.#idle);
    this.proc.stdin.end();
    setTimeout(() => this.kill(), 10_000).unref();
  }

  /**
   * soffice first: the bridge notices, reaps it and exits (no zombie where PID 1 does not reap); the
   * bridge's process group goes too if it has not exited within BRIDGE_EXIT_MS.
   */
  kill(): void {
    clearTimeout(this.#idle);
    this.dead = true;
    if (this.sofficePid) {
      try {
        process.kill(this.sofficePid, 'SIGKILL');
      } catch {}
    }
    if (!this.sofficePid || this.proc.exitCode !== null) {
      killGroup(this.proc);
      return;
    }
    this.proc.stdin.end();
    setTimeout(() => killGroup(this.proc), BRIDGE_EXIT_MS).unref();
  }
}

export class OfficeConverter {
  readonly #listeners: (Listener | undefined)[];
  readonly #queue: ((l: number) => void)[] = [];
  readonly #profileRoot: string;
  #bridgeBrokenUntil = 0;
  #closed = false;

  constructor(private readonly options: OfficeOptions) {
    this.#listeners = new Array(Math.max(1, options.slots)).fill(undefined);
    this.#profileRoot = os.tmpdir();
    removeStaleProfiles(this.#profileRoot);
  }

  /** Converts `input` (a document of `kind`) to the PDF `output`. */
  async convert(input: string, kind: Exclude<DocumentKind, 'pdf'>, output: string, signal: AbortSignal): Promise<void> {
    // LibreOffice's type detection looks at the name too: give it one with the right extension.
    const work = await mkdtemp(path.join(os.tmpdir(), 'quire-convert-'));
    try {
      const named = path.join(work, `document.${EXTENSION[kind]}`);
      await symlink(path.resolve(input), named);
      const filter = kind === 'txt' ? TEXT_FILTER : undefined;
      if (Date.now() < this.#bridgeBrokenUntil) return await this.#oneShot(named, work, output, filter, signal);
      const slot = await this.#acquire(signal);
      try {
        const listener = await untilAborted(this.#listener(slot), signal).catch((error: unknown) => {
          if (signal.aborted) throw error;
          this.options.log?.warn({ err: error }, 'LibreOffice bridge unavailable: converting with one soffice per document');
          this.#bridgeBrokenUntil = Date.now() + BRIDGE_RETRY_MS;
          return undefined;
        });
        if (!listener) return await this.#oneShot(named, work, output, filter, signal);
        await this.#viaBridge(listener, named, output, filter, signal);
      } finally {
        this.#release(slot);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async #viaBridge(
    listener: Listener,
    input: string,
    output: string,
    filter: typeof TEXT_FILTER | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    if (signal.aborted) throw signal.reason;
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        listener.kill();
        reject(signal.reason);
      };
    });
    const release = await acquireToolMemory(this.options.memoryBytes, signal);
    signal.addEventListener('abort', onAbort, { once: true });
    listener.hold();
    let answer: Answer;
    try {
      answer = await Promise.race([listener.request({ in: input, out: output, ...filter }), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
      release();
    }
    listener.count += 1;
    if (answer.fatal || listener.count >= RESTART_AFTER || listener.rss() > RSS_LIMIT) this.#retire(listener);
    else listener.touch(() => this.#retire(listener));
    if (answer.ok) return;
    if (answer.code === 'CORRUPT') throw documentError('CORRUPT', answer.error ?? 'LibreOffice could not open the document');
    throw new ConversionError('FAILED', answer.error ?? 'LibreOffice failed', false);
  }

  /**
   * The fallback: one soffice.bin process for this document, with a profile of its own. soffice.bin
   * itself, not the `soffice` launcher (oosplash would be the tool and soffice.bin its child, which
   * outlives it): so it asks for its restart after making the new profile (exit 81) and runs again.
   */
  async #oneShot(input: string, work: string, output: string, filter: typeof TEXT_FILTER | undefined, signal: AbortSignal): Promise<void> {
    const outDir = path.join(work, 'out');
    await mkdir(outDir);
    macroFreeProfile(path.join(work, 'profile'));
    const args = ['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=${pathToFileURL(path.join(work, 'profile')).href}`];
    if (filter) args.push(`--infilter=${filter.filter}:${filter.options}`);
    args.push('--convert-to', 'pdf', '--outdir', outDir, input);
    const run = () =>
      runTool(this.options.sofficeBin ?? SOFFICE_BIN, args, {
        signal,
        limits: { memoryBytes: this.options.memoryBytes, timeoutMs: this.options.timeoutMs },
      });
    let result = await run();
    if (result.code === RESTART_REQUESTED) result = await run();
    const pdf = (await readdir(outDir)).find((f) => f.endsWith('.pdf'));
    if (!pdf) {
      if (result.code === 0) throw documentError('CORRUPT', 'LibreOffice could not open the document');
      throw new ConversionError('FAILED', describeFailure('soffice', result), false);
    }
    await rename(path.join(outDir, pdf), output);
  }

  async #listener(slot: number): Promise<Listener> {
    let listener = this.#listeners[slot];
    if (!listener || listener.dead) {
      const profile = path.join(this.#profileRoot, `${PROFILE_PREFIX}${process.pid}-${slot}`);
      macroFreeProfile(profile);
      listener = new Listener(
        slot,
        this.options.python ?? '/usr/bin/python3',
        this.options.sofficeBin ?? SOFFICE_BIN,
        profile,
        this.options.memoryBytes,
        (l) => {
          if (this.#listeners[l.slot] === l) this.#listeners[l.slot] = undefined;
        },
      );
      this.#listeners[slot] = listener;
      const started = Date.now();
      await listener.ready;
      this.options.log?.info({ slot, ms: Date.now() - started }, 'LibreOffice listener started');
    }
    await listener.ready;
    return listener;
  }

  #retire(listener: Listener): void {
    if (this.#listeners[listener.slot] === listener) this.#listeners[listener.slot] = undefined;
    listener.stop();
  }

  #used = new Set<number>();
  #acquire(signal: AbortSignal): Promise<number> {
    for (let slot = 0; slot < this.#listeners.length; slot++) {
      if (!this.#used.has(slot)) {
        this.#used.add(slot);
        return Promise.resolve(slot);
      }
    }
    return new Promise((resolve, reject) => {
      const take = (slot: number) => {
        signal.removeEventListener('abort', onAbort);
        resolve(slot);
      };
      const onAbort = () => {
        const i = this.#queue.indexOf(take);
        if (i >= 0) this.#queue.splice(i, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(take);
    });
  }

  #release(slot: number): void {
    const next = this.#queue.shift();
    if (next) next(slot);
    else this.#used.delete(slot);
  }

  /** Processes of the live listeners (bridges and soffice.bin), for tests and diagnostics. */
  listenerPids(): number[] {
    return this.#listeners.flatMap((l) => (l && !l.dead ? [l.proc.pid ?? 0, l.sofficePid].filter((p) => p > 0) : []));
  }

  /** Stops every listener and removes their profiles. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const l of this.#listeners) l?.kill();
    for (let slot = 0; slot < this.#listeners.length; slot++) {
      await rm(path.join(this.#profileRoot, `${PROFILE_PREFIX}${process.pid}-${slot}`), { recursive: true, force: true });
    }
  }
}

/** Profiles left by a server that was killed (its pid is gone). */
function removeStaleProfiles(root: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const m = new RegExp(`^${PROFILE_PREFIX}(\\d+)-\\d+$`).exec(name);
    if (!m || Number(m[1]) === process.pid) continue;
    if (!isAlive(Number(m[1]))) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
