import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';

/**
 * Where a conversion's time goes: named spans (start and duration in ms from the attempt's start), for
 * the log line of each conversion and `npm run bench` (tests/bench/convert.mjs reads that line).
 * Spans may overlap: the stages after pdfinfo run side by side.
 *
 * CPU too: `cpuMs` of a span is the CPU time (user + system) of the tools its work ran (runTool in
 * tools.ts reports each one's through `chargeToolCpu`), so a stage's cost shows even when a busy
 * machine stretches its wall time. A tool's CPU is read when it ends, as the growth of the CPU time of
 * this process's ended children (/proc/self/stat): children ending in the same instant (rare) are
 * charged to the one reported first, and so is a child other than a tool (an image encoder retiring).
 */
export interface StageSpan {
  /** When it started, ms after the attempt's start (negative: before it, like the upload). */
  at: number;
  ms: number;
  /** CPU ms of the tools the stage ran (absent: none, or not measurable on this system). */
  cpuMs?: number;
}

/** The stage a piece of work belongs to: its tools' CPU is added there. */
const current = new AsyncLocalStorage<{ times: StageTimes; name: string }>();

export class StageTimes {
  readonly spans: Record<string, StageSpan> = {};
  readonly #cpu: Record<string, number> = {};
  readonly #t0: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.#t0 = now();
  }

  /** ms since the attempt's start. */
  elapsed(): number {
    return round(this.now() - this.#t0);
  }

  /** Records a span that ended now and began `ms` ago (with the CPU its tools used so far). */
  record(name: string, ms: number): void {
    const cpu = this.#cpu[name];
    this.spans[name] = { at: round(this.now() - this.#t0 - ms), ms: round(ms), ...(cpu !== undefined ? { cpuMs: round(cpu) } : {}) };
  }

  /** Records a moment (a span without length), like the first page being ready. */
  mark(name: string): void {
    this.spans[name] ??= { at: this.elapsed(), ms: 0 };
  }

  /** Adds a tool's CPU ms to the stage `name` (a span recorded later includes it). */
  chargeCpu(name: string, ms: number): void {
    this.#cpu[name] = (this.#cpu[name] ?? 0) + ms;
  }

  /** Times `work` as the span `name` (also when it fails); the tools it runs are charged to it. */
  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = this.now();
    try {
      return await current.run({ times: this, name }, work);
    } finally {
      this.record(name, this.now() - start);
    }
  }

  /** Runs `work` with its tools charged to `name`, without a span of its own (a lane of the renderer). */
  charged<T>(name: string, work: () => Promise<T>): Promise<T> {
    return current.run({ times: this, name }, work);
  }
}

/**
 * The function that charges the tool starting now to its stage (if it runs inside one), called with
 * its CPU ms once it has ended.
 */
export function toolCpuCharge(): ((ms: number) => void) | undefined {
  const stage = current.getStore();
  return stage ? (ms) => stage.times.chargeCpu(stage.name, ms) : undefined;
}

/** Linux's clock ticks (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_MS = 100 / 1000;

/** CPU ms of this process's ended children so far (cutime + cstime, /proc/self/stat); undefined without /proc. */
function childrenCpuMs(): number | undefined {
  try {
    const text = readFileSync('/proc/self/stat', 'latin1');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const total = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_MS;
    return Number.isFinite(total) ? total : undefined;
  } catch {
    return undefined;
  }
}

let lastChildrenMs = childrenCpuMs();

/** CPU ms of the children that ended since the previous call (called as each tool ends). */
export function endedChildrenCpuMs(): number | undefined {
  const total = childrenCpuMs();
  if (total === undefined || lastChildrenMs === undefined) return undefined;
  const ended = total - lastChildrenMs;
  lastChildrenMs = total;
  return ended;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
