import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type BookTrigger,
  effectiveRepeatingMode,
  INTEGRATION_SUPPORTS,
  type IntegrationKind,
  type Lead,
  type ReaderTrigger,
  type RepeatingMode,
  type TriggerConfig,
  type TriggerType,
} from '../../contracts/triggers';
import type { Database } from '../db/schema';
import type { BookTriggerRow, IntegrationTriggerRow, LeadRow } from './tables';

/** Repository and views of triggers. Functions take `db` (or a transaction) first (DESIGN §6). */
type Db = Kysely<Database>;

const seconds = (ms: number) => Math.floor(ms / 1000);
/** 32 random bytes, hex: the webhook's HMAC key. */
export const newSecret = (): string => randomBytes(32).toString('hex');

export const supportsOf = (kind: string): number => INTEGRATION_SUPPORTS[kind as IntegrationKind] ?? 0;

export function integrationView(row: IntegrationTriggerRow): TriggerConfig {
  return {
    id: row.id,
    name: row.name,
    is_enabled: row.is_enabled === 1,
    kind: row.kind as IntegrationKind,
    integration: { icon: row.kind, supports: supportsOf(row.kind) },
    url: row.url,
    secret: row.secret,
    creation: seconds(row.created_at),
    modification: seconds(row.modified_at),
  };
}

export function bookTriggerView(row: BookTriggerRow): BookTrigger {
  return {
    id: row.id,
    book: { id: row.book_id },
    type: row.type as TriggerType,
    config: row.integration_id,
    is_mandatory: row.is_mandatory === 1,
    repeating_mode: row.repeating_mode as RepeatingMode,
    creation: seconds(row.created_at),
    modification: seconds(row.modified_at),
  };
}

/** A book's triggers as its owner's book view lists them (SPEC §3 Book.triggers), by type. */
export async function bookTriggers(db: Db, bookId: string): Promise<BookTrigger[]> {
  const rows = await db.selectFrom('book_triggers').selectAll().where('book_id', '=', bookId).orderBy('type').execute();
  return rows.map(bookTriggerView);
}

export function leadView(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    book: { id: row.book_id, name: row.book_name },
    type: row.trigger_type as TriggerType,
    integration: row.integration_name,
    created: seconds(row.created_at),
  };
}

export const listIntegrations = (db: Db, accountId: string) =>
  db.selectFrom('integration_triggers').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();

export const findIntegration = (db: Db, accountId: string, id: string) =>
  db.selectFrom('integration_triggers').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();

/** Triggers of one book, the book being the caller's (joined, so another account's book lists nothing). */
export const listBookTriggers = (db: Db, accountId: string, bookId: string) =>
  db
    .selectFrom('book_triggers')
    .innerJoin('books', 'books.id', 'book_triggers.book_id')
    .selectAll('book_triggers')
    .where('book_triggers.book_id', '=', bookId)
    .where('books.account_id', '=', accountId)
    .orderBy('book_triggers.type')
    .execute();

export const findOwnedTrigger = (db: Db, accountId: string, id: string) =>
  db
    .selectFrom('book_triggers')
    .innerJoin('books', 'books.id', 'book_triggers.book_id')
    .selectAll('book_triggers')
    .select('books.settings as book_settings')
    .where('book_triggers.id', '=', id)
    .where('books.account_id', '=', accountId)
    .executeTakeFirst();

/** The triggers a reader meets: those of enabled integrations, with the SPEC §4 rule applied. */
export async function readerTriggers(db: Db, bookId: string): Promise<ReaderTrigger[]> {
  const rows = await db
    .selectFrom('book_triggers')
    .innerJoin('integration_triggers', 'integration_triggers.id', 'book_triggers.integration_id')
    .select([
      'book_triggers.id',
      'book_triggers.type',
      'book_triggers.is_mandatory',
      'book_triggers.repeating_mode',
      'integration_triggers.kind',
    ])
    .where('book_triggers.book_id', '=', bookId)
    .where('integration_triggers.is_enabled', '=', 1)
    .orderBy('book_triggers.type')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as TriggerType,
    is_mandatory: r.is_mandatory === 1,
    repeating_mode: effectiveRepeatingMode(r.is_mandatory === 1, r.repeating_mode as RepeatingMode, supportsOf(r.kind)),
  }));
}

/** The trigger a reader answers, with its integration (enabled only). */
export const findReaderTrigger = (db: Db, bookId: string, triggerId: string) =>
  db
    .selectFrom('book_triggers')
    .innerJoin('integration_triggers', 'integration_triggers.id', 'book_triggers.integration_id')
    .select([
      'book_triggers.id',
      'book_triggers.type',
      'integration_triggers.id as integration_id',
      'integration_triggers.account_id',
      'integration_triggers.kind',
      'integration_triggers.name as integration_name',
      'integration_triggers.url',
      'integration_triggers.secret',
    ])
    .where('book_triggers.id', '=', triggerId)
    .where('book_triggers.book_id', '=', bookId)
    .where('integration_triggers.is_enabled', '=', 1)
    .executeTakeFirst();

export interface LeadQuery {
  start: number;
  step: number;
  book?: string | undefined;
}

export async function listLeads(db: Db, accountId: string, query: LeadQuery): Promise<{ rows: LeadRow[]; total: number }> {
  let base = db.selectFrom('leads').where('account_id', '=', accountId);
  if (query.book) base = base.where('book_id', '=', query.book);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.step).offset(query.start).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
