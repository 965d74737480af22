import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EncodeAnswer, EncodeTask } from './encoder-process';
import { ConversionError } from './errors';
import { endedChildrenCpuMs } from './stages';
import { acquireToolMemory, killGroup, limited, MemoryBudget, type ToolLimits, toolEnv } from './tools';

export type { EncodeTask } from './encoder-process';

/**
 * Image encoding (WebP page images and thumbnails, the placeholder page) runs in a few short-lived
 * child processes (encoder-process.ts), never in the server: libvips and malloc keep what an encode
 * touched (a 2480-px page is ~26 MB of pixels plus the encoder's picture), so a burst of first
 * requests left the server hundreds of MiB larger for good (issue 23, `npm run bench`). A process
 * that has been idle for ENCODER_IDLE_MS exits, and its memory goes back to the system with it.
 *
 * Limits, as for the other tools (tools.ts): each process runs under `prlimit --as` (the configured
 * per-tool limit, at least what Node itself reserves), dies with the server (`setpriv --pdeathsig`),
 * carries the owner mark, and is killed when a task takes longer than ENCODE_TIMEOUT_MS or its caller
 * aborts. A running task holds the process's limit in the tools' memory budget; an idle process holds
 * none (it is small, and gone within ENCODER_IDLE_MS).
 */

/** Processes at most (each encodes one image at a time). */
export const ENCODER_PROCESSES = 2;
/** An idle process exits after this long. */
export const ENCODER_IDLE_MS = 5_000;
/** Longest one image may take. */
export const ENCODE_TIMEOUT_MS = 120_000;
/** A process is replaced after this long (the `timeout` backstop around it allows one more task). */
const RETIRE_MS = 5 * 60_000;
/**
 * Address space the encoder needs to run at all: V8 reserves its code range and tables up front
 * (without using them) and Node does not start under 1.5 GiB; libvips' threads need some more.
 */
export const ENCODER_MIN_ADDRESS_SPACE = 2048 * 1024 * 1024;

/** The encoder's entry: beside this module in the sources, dist/server/image-encoder.js when built. */
const here = fileURLToPath(import.meta.url);
const SCRIPT = here.endsWith('.ts')
  ? path.join(path.dirname(here), 'encoder-process.ts')
  : path.join(path.dirname(here), 'image-encoder.js');

interface Running {
  resolve: () => void;
  reject: (error: Error) => void;
}

class EncoderProcess {
  readonly child: ChildProcess;
  readonly started = Date.now();
  #nextId = 1;
  #running = new Map<number, Running>();
  #idle: NodeJS.Timeout | undefined;
  #stderr = '';
  #ending = false;
  exited = false;

  constructor(memoryBytes: number, onExit: (p: EncoderProcess) => void) {
    const [file, argv] = limited(process.execPath, ['--max-old-space-size=64', SCRIPT], {
      memoryBytes: Math.max(memoryBytes, ENCODER_MIN_ADDRESS_SPACE),
      timeoutMs: RETIRE_MS + ENCODE_TIMEOUT_MS + 60_000,
    });
    this.child = spawn(file, argv, {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: toolEnv({ NODE_OPTIONS: undefined, UV_THREADPOOL_SIZE: '2', MALLOC_ARENA_MAX: '2' }),
    });
    let partial = '';
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.#answer(line);
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-4096);
    });
    this.child.stdin?.on('error', () => {}); // a process that died: reported by 'close'
    const gone = (reason: string) => {
      if (this.exited) return;
      this.exited = true;
      clearTimeout(this.#idle);
      const tail = this.#stderr.trim().split('\n').slice(-3).join(' | ');
      for (const task of this.#running.values()) task.reject(new Error(`the image encoder ${reason}${tail ? `: ${tail}` : ''}`));
      this.#running.clear();
      onExit(this);
    };
    this.child.once('error', (error) => gone(`could not start (${error.message})`));
    this.child.once('close', (code, signal) => gone(code === null ? `was killed (${signal})` : `exited with ${code}`));
    // Its CPU is not a tool's: taken out of what the next tool to end would be charged (stages.ts).
    this.child.once('exit', () => endedChildrenCpuMs());
    this.#hold(false);
  }

  get busy(): boolean {
    return this.#running.size > 0;
  }

  /** Alive, idle and not on its way out. */
  get available(): boolean {
    return !this.busy && !this.exited && !this.#ending;
  }

  /** Encodes one task; rejects on the task's error, a time-out, an abort, or the process's end. */
  encode(task: EncodeTask, signal?: AbortSignal): Promise<void> {
    clearTimeout(this.#idle);
    this.#hold(true);
    const id = this.#nextId++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        finish();
        killGroup(this.child);
        reject(new ConversionError('TIMEOUT', `encoding an image took longer than ${ENCODE_TIMEOUT_MS / 1000} s`, false));
      }, ENCODE_TIMEOUT_MS);
      const onAbort = () => {
        finish();
        killGroup(this.child);
        reject(signal?.reason);
      };
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#running.delete(id);
        if (!this.busy) this.#rest();
      };
      this.#running.set(id, {
        resolve: () => {
          finish();
          resolve();
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.child.stdin?.write(`${JSON.stringify({ ...task, id })}\n`);
    });
  }

  /** Asks the process to exit once its tasks are done (it exits when its stdin closes). */
  end(): void {
    this.#ending = true;
    clearTimeout(this.#idle);
    this.child.stdin?.end();
  }

  #answer(line: string): void {
    let answer: EncodeAnswer;
    try {
      answer = JSON.parse(line) as EncodeAnswer;
    } catch {
      return;
    }
    const task = this.#running.get(answer.id);
    if (!task) return;
    if (answer.ok) task.resolve();
    else task.reject(new Error(`image encoding failed: ${answer.error}`));
  }

  /** Idle: the server may exit without waiting for it, and it exits after ENCODER_IDLE_MS (or now, when old). */
  #rest(): void {
    this.#hold(false);
    if (this.exited) return;
    if (Date.now() - this.started > RETIRE_MS) {
      this.end();
      return;
    }
    this.#idle = setTimeout(() => this.end(), ENCODER_IDLE_MS);
    this.#idle.unref();
  }

  /** Whether the process (and its pipes) keep this process's event loop alive: only while it works. */
  #hold(on: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as const) {
      const h = handle as { ref?: () => void; unref?: () => void } | null;
      if (on) h?.ref?.();
      else h?.unref?.();
    }
  }
}

const processes = new Set<EncoderProcess>();
/** One task per process: at most ENCODER_PROCESSES tasks run, the others wait in line. */
const slots = new MemoryBudget(ENCODER_PROCESSES);

/**
 * Encodes one image in an encoder process (started when none is idle). Waits for a free process and
 * for the task's memory in the tools' budget.
 */
export async function encodeImage(
  task: EncodeTask,
  options: { limits: Pick<ToolLimits, 'memoryBytes'>; signal?: AbortSignal },
): Promise<void> {
  const slot = await slots.acquire(1, options.signal);
  try {
    const memory = await acquireToolMemory(Math.max(options.limits.memoryBytes, ENCODER_MIN_ADDRESS_SPACE), options.signal);
    try {
      let worker = [...processes].find((p) => p.available);
      if (!worker) {
        worker = new EncoderProcess(options.limits.memoryBytes, (p) => processes.delete(p));
        processes.add(worker);
      }
      await worker.encode(task, options.signal);
    } finally {
      memory();
    }
  } finally {
    slot();
  }
}

/** The pids of the encoder processes alive now (tests, diagnostics). */
export const encoderPids = (): number[] => [...processes].flatMap((p) => (p.child.pid === undefined ? [] : [p.child.pid]));

/** Ends every encoder process (idle ones at once, busy ones after their task). */
export function stopEncoders(): void {
  for (const p of processes) p.end();
}
