import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dataDirTag, ownerAlive, ownerName, parseOwner, SELF } from '../owner';
import { toolError } from './errors';
import { endedChildrenCpuMs, toolCpuCharge } from './stages';

/**
 * Runs the conversion tools (Poppler, qpdf, LibreOffice) as child processes, so a crash or a runaway
 * document cannot take the server down:
 *  - an address-space limit (`prlimit --as`) caps the memory of each process, and a budget (the sum
 *    of the limits of the tools running at once, `QUIRE_CONVERT_MEMORY_BUDGET`) caps their total:
 *    a tool waits until its limit fits in what is left;
 *  - each process leads its own process group and is killed with the whole group on abort;
 *  - they die with the server: `setpriv --pdeathsig KILL` before `prlimit` (the signal reaches
 *    `timeout` when the server goes, even with kill -9) and again between `timeout` and the tool (it
 *    reaches the tool when `timeout` goes). PDEATHSIG follows the thread that spawned the child: Node
 *    spawns from its main thread, whose end is the process's;
 *  - `timeout -s KILL` is a backstop that ends a tool the server forgot;
 *  - each carries QUIRE_TOOL_OWNER=<data folder tag>:<owner> in its environment, so the next start on
 *    the same data folder kills any a dead server left behind (`reapOrphanTools`: the short window
 *    before setpriv arms the signal).
 */
export interface ToolLimits {
  memoryBytes: number;
  /** Hard wall-clock limit of the process (backstop; the job's signal normally ends it first). */
  timeoutMs: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  limits: ToolLimits;
  /** Collect stdout (default) or hand each chunk to a callback. */
  onStdout?: (chunk: Buffer) => void;
  /** Called for each complete stderr line (progress of pdftoppm). */
  onStderrLine?: (line: string) => void;
  /** Largest stdout kept in memory when collecting. */
  maxStdout?: number;
  /**
   * Runs the tool at a lower CPU priority (`nice -n`): the conversion's side stages (text, word boxes,
   * structure) yield the cores to the page renderer, whose pages the reader waits for.
   */
  nice?: number;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The last few KB of stderr (for error messages and classification). */
  stderr: string;
}

const STDERR_KEEP = 8192;
/** The environment variable that marks a tool as this process's (see reapOrphanTools). */
export const OWNER_VARIABLE = 'QUIRE_TOOL_OWNER';

/** What must die with this process, as a command prefix. */
export const DIE_WITH_PARENT = ['setpriv', '--pdeathsig', 'KILL', '--'] as const;

/** The command line with its limits (and its lower priority, if any) applied. */
export function limited(cmd: string, args: readonly string[], limits: ToolLimits, nice = 0): [string, string[]] {
  const seconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  const [setpriv, ...die] = DIE_WITH_PARENT;
  const niced = nice > 0 ? ['nice', '-n', String(Math.min(19, Math.round(nice)))] : [];
  return [
    setpriv,
    [
      ...die,
      'prlimit',
      `--as=${limits.memoryBytes}`,
      '--',
      'timeout',
      '-s',
      'KILL',
      `${seconds}s`,
      ...DIE_WITH_PARENT,
      ...niced,
      cmd,
      ...args,
    ],
  ];
}

/**
 * The sum of the address-space limits of the tools running at once stays within `totalBytes`: a tool
 * waits (first come, first served) until its limit fits. A limit larger than the whole budget counts
 * as the whole budget (the tool then runs alone).
 */
export class MemoryBudget {
  #free: number;
  readonly #waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly totalBytes: number) {
    this.#free = totalBytes;
  }

  get freeBytes(): number {
    return this.#free;
  }

  /** Resolves with the function that gives the memory back; rejects with the signal's reason if it aborts first. */
  acquire(bytes: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const need = Math.min(bytes, this.totalBytes);
    return new Promise((resolve, reject) => {
      const entry = {
        bytes: need,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          let given = false;
          resolve(() => {
            if (given) return;
            given = true;
            this.#free += need;
            this.#drain();
          });
        },
      };
      const onAbort = () => {
        const i = this.#waiting.indexOf(entry);
        if (i >= 0) this.#waiting.splice(i, 1);
        reject(signal?.reason);
        this.#drain();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(entry);
      this.#drain();
    });
  }

  #drain(): void {
    for (let next = this.#waiting[0]; next && next.bytes <= this.#free; next = this.#waiting[0]) {
      this.#waiting.shift();
      this.#free -= next.bytes;
      next.grant();
    }
  }
}

/** This process's tools: the memory budget they share and the mark in their environment. */
let budget = new MemoryBudget(Number.POSITIVE_INFINITY);
let ownerMark: string | undefined;

/**
 * Sets the budget of this process's tools and marks them as belonging to this process on `dataDir`
 * (called once at start, by createWorker; until then: no budget, no mark).
 */
export function configureTools(options: { dataDir: string; memoryBudgetBytes: number }): void {
  if (budget.totalBytes !== options.memoryBudgetBytes) budget = new MemoryBudget(options.memoryBudgetBytes);
  ownerMark = `${dataDirTag(options.dataDir)}:${ownerName(SELF)}`;
}

/** The environment of a tool: the server's, with the owner mark. */
export function toolEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra, ...(ownerMark ? { [OWNER_VARIABLE]: ownerMark } : {}) };
}

/** Waits until `bytes` fit in this process's tool memory budget (see MemoryBudget). */
export const acquireToolMemory = (bytes: number, signal?: AbortSignal) => budget.acquire(bytes, signal);

/**
 * Kills the tools that an earlier server on `dataDir` left running: processes of this user marked
 * with this data folder whose owner is gone (in this pid space). Tools of live processes — another
 * server or worker on the same folder, this one — and processes without the mark are never touched.
 * Answers the pids killed.
 */
export function reapOrphanTools(dataDir: string): number[] {
  const prefix = `${OWNER_VARIABLE}=${dataDirTag(dataDir)}:`;
  const killed: number[] = [];
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return killed;
  }
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1'); // another user's: EACCES, skipped
    } catch {
      continue;
    }
    const mark = environ.split('\0').find((entry) => entry.startsWith(prefix));
    const owner = mark ? parseOwner(mark.slice(prefix.length)) : undefined;
    if (!owner || ownerAlive(owner) !== false) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {}
  }
  return killed;
}

/** Kills a child's whole process group (the tool and anything it started). */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Runs a tool to completion, once its memory limit fits in the budget; rejects only when it cannot
 * start or the signal aborts (with the signal's reason).
 */
export async function runTool(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const release = await acquireToolMemory(options.limits.memoryBytes, options.signal);
  try {
    return await spawnTool(cmd, args, options);
  } finally {
    release();
  }
}

function spawnTool(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { signal, limits } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const [file, argv] = limited(cmd, args, limits, options.nice);
  const charge = toolCpuCharge();
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: toolEnv() });
    // Its CPU time, for the stage that ran it (stages.ts): read as it is reaped.
    child.once('exit', () => {
      const ms = endedChildrenCpuMs();
      if (ms !== undefined) charge?.(ms);
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let partial = '';
    const maxStdout = options.maxStdout ?? 64 * 1024 * 1024;
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) return options.onStdout(chunk);
      outBytes += chunk.length;
      if (outBytes <= maxStdout) out.push(chunk);
      else killGroup(child);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
      if (!options.onStderrLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStderrLine(line);
    });
    const onAbort = () => killGroup(child);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (partial && options.onStderrLine) options.onStderrLine(partial);
      if (signal?.aborted) return reject(signal.reason);
      if (outBytes > maxStdout) return reject(new Error(`${cmd}: output larger than ${maxStdout} bytes`));
      resolve({ code, signal: sig, stdout: Buffer.concat(out), stderr });
    });
  });
}

/** Runs a tool and rejects with a readable error unless it exits 0 (permanent when deterministic: errors.ts). */
export async function runToolOk(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const result = await runTool(cmd, args, options);
  if (result.code !== 0) throw toolError(describeFailure(cmd, result), result);
  return result;
}

export function describeFailure(cmd: string, result: RunResult): string {
  const how =
    result.code === null
      ? `was killed (${result.signal})`
      : result.code === 137 || result.code === 124
        ? 'ran out of time'
        : `exited with ${result.code}`;
  const tail = result.stderr.trim().split('\n').slice(-3).join(' | ');
  return `${cmd} ${how}${tail ? `: ${tail}` : ''}`;
}

/**
 * Whether a process with this pid runs on this machine (EPERM: it exists, owned by someone else). A
 * zombie (killed, not yet reaped — where PID 1 does not reap orphans) counts as dead.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The promise, or the signal's reason as soon as it aborts (the work itself goes on). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
