import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { toolError } from './errors';

/**
 * Runs the conversion tools (Poppler, qpdf, LibreOffice) as child processes, so a crash or a runaway
 * document cannot take the server down:
 *  - an address-space limit (`prlimit --as`) caps memory;
 *  - each process leads its own process group and is killed with the whole group on abort;
 *  - `timeout -s KILL` is a backstop that ends the tool even when the server itself was killed -9
 *    (nothing would be left to abort it).
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
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The last few KB of stderr (for error messages and classification). */
  stderr: string;
}

const STDERR_KEEP = 8192;

/** The command line with its limits applied. */
export function limited(cmd: string, args: readonly string[], limits: ToolLimits): [string, string[]] {
  const seconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  return ['prlimit', [`--as=${limits.memoryBytes}`, '--', 'timeout', '-s', 'KILL', `${seconds}s`, cmd, ...args]];
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

/** Runs a tool to completion; rejects only when it cannot start or the signal aborts (with the signal's reason). */
export function runTool(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const { signal, limits } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const [file, argv] = limited(cmd, args, limits);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
