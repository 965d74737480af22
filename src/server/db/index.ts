import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { NodeSqliteDialect } from './sqlite';

export { migrateToLatest } from './migrate';
export type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** What a query function runs on: the database or a transaction on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
  /**
   * PostgreSQL only: calls `onNotify` on every NOTIFY on `channel` (one connection of its own, made
   * again after an error); resolves once listening, with the function that stops it.
   */
  listen?(channel: string, onNotify: () => void, onError?: (error: Error) => void): Promise<() => Promise<void>>;
}

/** int8 (bigint columns, count(*)) as JS numbers, like SQLite gives them; scoped to this pool. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Opens the configured database (SQLite file by default, PostgreSQL for postgres:// URLs). */
export interface CreateDbOptions {
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Errors of idle pooled connections (e.g. the server restarted); default: printed to stderr. */
  onPoolError?: (error: Error) => void;
}

/** How long a lost LISTEN connection waits before it is made again. */
const RELISTEN_MS = 1000;

async function listenPg(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    c.on('error', (error) => {
      onError(error);
      c.end().catch(() => {});
      if (client === c) client = undefined;
      again();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) return void (await c.end());
    client = c;
    // Whatever was queued while this connection was down.
    onNotify();
  };
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: Error) => {
        onError(error);
        again();
      });
    }, RELISTEN_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}

export function createDb(config: Pick<Config, 'database'>, options: CreateDbOptions = {}): DbHandle {
  if (config.database.kind === 'postgres') {
    const { url } = config.database;
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      types: pgTypes as pg.CustomTypesConfig,
    });
    // Without a listener, an idle connection's error would crash the process.
    pool.on('error', options.onPoolError ?? ((error) => process.stderr.write(`Quire: database connection error: ${error.message}\n`)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen = (channel: string, onNotify: () => void, onError?: (error: Error) => void) => listenPg(url, channel, onNotify, onError);
    return { db, dialect: 'postgres', destroy: () => db.destroy(), listen };
  }
  const { file } = config.database;
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ file }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
