import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Gives memory back after a burst (issue 23). Under load V8 grows its heap; once the garbage is
 * collected it keeps the freed 256 KiB pages in its page pool instead of returning them, and Node
 * never tells it the process went idle, so the pool (measured: ~190 MiB after a 20 s burst of 50
 * connections, with 45 MiB of live heap) stays resident for good. A "last resort" collection empties
 * the pool. It runs only when the server has been idle (no request in flight and none for `idleMs`)
 * and the resident set grew by `minGrowthBytes` since the last trim, so a busy server never pays for
 * it and an idle one pays once per burst.
 *
 * The collection needs Node's `gc` (the `--expose-gc` flag of the `start` and `worker` scripts);
 * without it the trimmer is off.
 */
export type FullGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface MemoryTrimOptions {
  gc: FullGc;
  /** Resident set size in bytes now. */
  rss: () => number;
  now: () => number;
  /** Quiet time before a trim. */
  idleMs: number;
  /** Growth of the resident set since the last trim (or the start) that is worth a trim. */
  minGrowthBytes: number;
  onTrim?: (before: number, after: number) => void;
}

export interface MemoryTrimmer {
  requestStarted(): void;
  requestEnded(): void;
  /** Trims when idle and grown; answers whether it did. */
  check(): boolean;
}

export function createMemoryTrimmer(options: MemoryTrimOptions): MemoryTrimmer {
  const { gc, rss, now, idleMs, minGrowthBytes, onTrim } = options;
  let inFlight = 0;
  let lastActivity = now();
  let baseline = rss();
  return {
    requestStarted() {
      inFlight++;
      lastActivity = now();
    },
    requestEnded() {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = now();
    },
    check() {
      const current = rss();
      // Follow the resident set down, so growth is measured from the lowest point since the last trim.
      if (current < baseline) baseline = current;
      if (inFlight > 0 || now() - lastActivity < idleMs || current - baseline < minGrowthBytes) return false;
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      const after = rss();
      baseline = after;
      onTrim?.(current, after);
      return true;
    },
  };
}

/** Node's `gc` when the process was started with `--expose-gc`. */
export function exposedGc(): FullGc | undefined {
  const candidate = (globalThis as { gc?: unknown }).gc;
  return typeof candidate === 'function' ? (candidate as FullGc) : undefined;
}

const MIB = 1024 * 1024;

/** Counts requests in flight and checks every `idleMs` whether the server should give memory back. */
export function registerMemoryTrim(app: FastifyInstance, idleMs = 5_000, minGrowthBytes = 32 * MIB, gc = exposedGc()): void {
  if (!gc) {
    app.log.debug('memory trim off: start Node with --expose-gc (npm start does)');
    return;
  }
  const trimmer = createMemoryTrimmer({
    gc,
    rss: () => process.memoryUsage.rss(),
    now: () => performance.now(),
    idleMs,
    minGrowthBytes,
    onTrim: (before, after) =>
      app.log.info({ rssBeforeMiB: Math.round(before / MIB), rssAfterMiB: Math.round(after / MIB) }, 'memory given back after a burst'),
  });
  // onResponse does not run for a request whose connection was cut: onRequestAbort ends it then; a
  // request ends once whichever comes.
  const open = new WeakSet<FastifyRequest>();
  const end = async (request: FastifyRequest) => {
    if (open.delete(request)) trimmer.requestEnded();
  };
  app.addHook('onRequest', async (request) => {
    open.add(request);
    trimmer.requestStarted();
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  const timer = setInterval(() => trimmer.check(), idleMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
