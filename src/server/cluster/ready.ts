import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { FileStore } from '../storage/index';

/**
 * Readiness (issue 19): whether this process can do its work now, for a load balancer (`GET /readyz`
 * of the app, src/server/app.ts) and for the worker's own health port (src/server/jobs/worker-main.ts).
 * Unlike `/healthz` (alive: the database answers), a failing check takes the instance out of rotation:
 *  - database: `select 1` answers within CHECK_TIMEOUT_MS;
 *  - storage: the file store's own check() (the data folder takes a write; or the bucket answers and
 *    the cache folder takes a write);
 *  - converters: only where this process converts (QUIRE_CONVERT_CONCURRENCY > 0): pdftoppm, pdfinfo
 *    and soffice are found on the PATH ('skipped' otherwise).
 * During a graceful shutdown the answer is 503 `draining` at once, so the balancer stops sending while
 * the requests in flight finish.
 */

export const CHECK_TIMEOUT_MS = 2000;
/** The conversion tools a converting process needs (src/server/convert). */
export const CONVERTER_TOOLS = ['pdftoppm', 'pdfinfo', 'soffice'] as const;

export type CheckState = 'ok' | 'failed' | 'skipped';
export interface Readiness {
  status: 'ready' | 'unready' | 'draining';
  /** Absent while draining (answered at once, nothing checked). */
  checks?: { database: CheckState; storage: CheckState; converters: CheckState };
  /** The failing checks, named (absent when ready). */
  failed?: string[];
}

export interface ReadyDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'convert'>;
  /** The file store of this process. */
  storage: FileStore;
  /** PATH in which the converter tools are looked for (default: the process's). */
  toolPath?: string;
  /** Whether the process is shutting down. */
  draining?: () => boolean;
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers a `select 1` in time. */
export async function databaseReady(db: Kysely<Database>): Promise<void> {
  await withTimeout(sql`select 1`.execute(db), CHECK_TIMEOUT_MS);
}

/** The file store answers its own check (src/server/storage): the folder takes a write; a bucket is reachable, and its cache folder takes a write. */
export async function storageReady(deps: Pick<ReadyDeps, 'storage'>): Promise<void> {
  await withTimeout(deps.storage.check(), CHECK_TIMEOUT_MS);
}

/** A tool is an executable file on `pathEnv`. */
export async function findTool(name: string, pathEnv = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      await access(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The converter tools missing on `pathEnv` (none: ready). */
export async function missingConverters(pathEnv?: string): Promise<string[]> {
  const found = await Promise.all(CONVERTER_TOOLS.map(async (tool) => ((await findTool(tool, pathEnv)) ? undefined : tool)));
  return found.filter((tool): tool is (typeof CONVERTER_TOOLS)[number] => tool !== undefined);
}

const outcome = (promise: Promise<unknown>): Promise<CheckState> =>
  promise.then(
    () => 'ok' as const,
    () => 'failed' as const,
  );

/** Every check, run together. */
export async function readiness(deps: ReadyDeps): Promise<Readiness> {
  if (deps.draining?.()) return { status: 'draining' };
  const converts = deps.config.convert.concurrency > 0;
  const [database, storage, converters] = await Promise.all([
    outcome(databaseReady(deps.db)),
    outcome(storageReady(deps)),
    converts
      ? missingConverters(deps.toolPath).then((missing) => (missing.length === 0 ? ('ok' as const) : ('failed' as const)))
      : Promise.resolve('skipped' as const),
  ]);
  const checks = { database, storage, converters };
  const failed = Object.entries(checks)
    .filter(([, state]) => state === 'failed')
    .map(([name]) => name);
  return failed.length === 0 ? { status: 'ready', checks } : { status: 'unready', checks, failed };
}
