import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for Node's built-in `node:sqlite` (DatabaseSync): one connection, WAL mode,
 * foreign keys on, a busy timeout, and a mutex so a transaction owns the connection until it ends.
 */
export interface NodeSqliteDialectConfig {
  /** File path, or ':memory:'. */
  file: string;
  busyTimeoutMs?: number;
}

export class NodeSqliteDialect implements Dialect {
  constructor(private readonly config: NodeSqliteDialectConfig) {}
  createDriver(): Driver {
    return new NodeSqliteDriver(this.config);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** A minimal promise mutex (FIFO). */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  async lock(): Promise<void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
  }
  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

class NodeSqliteDriver implements Driver {
  #db: DatabaseSync | undefined;
  #connection: NodeSqliteConnection | undefined;
  readonly #mutex = new Mutex();

  constructor(private readonly config: NodeSqliteDialectConfig) {}

  async init(): Promise<void> {
    const db = new DatabaseSync(this.config.file, {
      enableForeignKeyConstraints: true,
      timeout: this.config.busyTimeoutMs ?? 5000,
    });
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    if (!this.#connection) throw new Error('SQLite driver is not initialised or was destroyed');
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // IMMEDIATE takes the write lock up front, so another process on the same file waits
    // (busy timeout) instead of failing later on a read→write upgrade.
    const mode = settings.accessMode === 'read only' ? 'deferred' : 'immediate';
    await connection.executeQuery(CompiledQuery.raw(`begin ${mode}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteId(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteId(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteId(name)}`));
  }

  async destroy(): Promise<void> {
    this.#connection = undefined;
    if (this.#db?.isOpen) this.#db.close();
    this.#db = undefined;
  }
}

/** node:sqlite binds numbers, bigints, strings, null and bytes; map booleans and undefined. */
function bindable(values: readonly unknown[]): SQLInputValue[] {
  return values.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

class NodeSqliteConnection implements DatabaseConnection {
  /** Prepared statements by SQL text (bounded; SQLite re-prepares them after schema changes). */
  readonly #statements = new Map<string, StatementSync>();

  constructor(private readonly db: DatabaseSync) {}

  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.#statements.size >= 256) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = bindable(compiledQuery.parameters);
    if (statement.columns().length > 0) {
      return { rows: statement.all(...parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.db.prepare(compiledQuery.sql);
    for (const row of statement.iterate(...bindable(compiledQuery.parameters))) {
      yield { rows: [row as R] };
    }
  }
}
