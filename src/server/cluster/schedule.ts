import { hostname } from 'node:os';
import type { Db } from '../db/index';

/**
 * Periodic tasks that run once across every process on one database (issue 19). Several app instances
 * (and `npm run worker` processes) each keep a timer; when it fires, a process claims the task's row of
 * `scheduled_runs` (migration 0025) with one conditional UPDATE — `due_at <= now` becomes
 * `due_at = now + everyMs` — so exactly one of them runs the task per interval, whatever the number of
 * processes and however their timers line up. A run that fails gives the task back (due again after
 * RETRY_MS, only while this process's claim still holds the row). On SQLite (one process) the same
 * code runs, trivially.
 */

export type { ScheduledRunsTable } from './tables';

/** How soon a failed run may be tried again (by any process). */
export const RETRY_MS = 60_000;

const SELF = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/** Claims the run of `name` if it is due (true for exactly one caller across processes). */
export async function claimRun(db: Db, name: string, everyMs: number, now: number, owner = SELF): Promise<boolean> {
  await db
    .insertInto('scheduled_runs')
    .values({ name, due_at: 0, owner: null, last_run_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('scheduled_runs')
    .set({ due_at: now + everyMs, owner, last_run_at: now })
    .where('name', '=', name)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Makes a task claimed by `owner` at `claimedAt` due again soon (its run failed). */
async function giveBack(db: Db, name: string, owner: string, claimedAt: number, dueAt: number): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ due_at: dueAt })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .where('last_run_at', '=', claimedAt)
    .execute();
}

export interface ScheduledTask {
  /** Unique name of the task (its row). */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface Schedule {
  /** Looks at once (claims and runs the task if due); resolves when that run ended. */
  check(): Promise<boolean>;
  /** Starts the timer (looks every checkMs) after a first look. */
  start(): Promise<void>;
  /** Stops the timer; resolves once a run in progress ended. */
  stop(): Promise<void>;
}

/**
 * A task run at most once per `everyMs` across processes: every `checkMs` (default a quarter of the
 * interval, at most 5 minutes) each process tries to claim it; the one that claims it runs it.
 */
export function scheduleOnce(
  db: Db,
  task: ScheduledTask,
  options: { clock: () => number; log?: { warn(obj: object, msg: string): void }; checkMs?: number; owner?: string },
): Schedule {
  const owner = options.owner ?? SELF;
  const checkMs = options.checkMs ?? Math.min(Math.max(1000, Math.floor(task.everyMs / 4)), 5 * 60_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;
  const check = (): Promise<boolean> => {
    if (running) return running;
    running = (async () => {
      const now = options.clock();
      let claimed = false;
      try {
        claimed = await claimRun(db, task.name, task.everyMs, now, owner);
        if (claimed) await task.run();
      } catch (err) {
        options.log?.warn({ err, task: task.name }, 'scheduled task failed');
        if (claimed) await giveBack(db, task.name, owner, now, now + Math.min(RETRY_MS, task.everyMs)).catch(() => undefined);
      }
      return claimed;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    check,
    async start() {
      stopped = false;
      await check();
      // Stopped during that first look: no timer after all.
      if (stopped) return;
      clearInterval(timer);
      timer = setInterval(() => void check(), checkMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => false);
    },
  };
}
