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

export function createDb(config: Pick<Config, 'database'>, options: CreateDbOptions = {}): DbHandle {
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.database.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      types: pgTypes as pg.CustomTypesConfig,
    });
    // Without a listener, an idle connection's error would crash the process.
    pool.on('error', options.onPoolError ?? ((error) => process.stderr.write(`Quire: database connection error: ${error.message}\n`)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const { file } = config.database;
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ file }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
