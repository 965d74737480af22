import type { ExportState, ExportView } from '../../contracts/privacy';
import { hmacHex, newId } from '../auth/crypto';
import type { Executor } from '../db/index';
import type { DataExportRow } from './tables';

/** Exports of an account's data (table data_exports, migration 0015). Functions take `db` or a transaction first. */

export const EXPORT_TOKEN_CHARS = 32;
const DAY_MS = 86_400_000;
export const daysMs = (days: number) => days * DAY_MS;

/**
 * The token of an export's download link: an HMAC of its id and creation time keyed by the instance
 * secret, so nothing secret is stored and a new export (a new id) never opens an old link.
 */
export const exportToken = (key: Uint8Array, row: Pick<DataExportRow, 'id' | 'created_at'>): string =>
  hmacHex(key, `export:${row.id}:${row.created_at}`).slice(0, EXPORT_TOKEN_CHARS);

export const latestExport = (db: Executor, accountId: string): Promise<DataExportRow | undefined> =>
  db.selectFrom('data_exports').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').executeTakeFirst();

export const findExport = (db: Executor, id: string): Promise<DataExportRow | undefined> =>
  db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();

/** A ready export whose link time is over reads as expired even before its removal job has run. */
export function effectiveState(row: DataExportRow, now: number): ExportState {
  if (row.state === 'ready' && row.expires_at !== null && row.expires_at <= now) return 'expired';
  return row.state as ExportState;
}

export function exportView(row: DataExportRow, key: Uint8Array, now: number): ExportView {
  const state = effectiveState(row, now);
  return {
    state,
    done: Number(row.done),
    total: Number(row.total),
    created_at: Number(row.created_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    size: row.size === null ? null : Number(row.size),
    download: state === 'ready' ? `account/privacy/export/download?token=${exportToken(key, row)}` : null,
  };
}

/** A new queued export (the caller's transaction also removes the previous one and queues the job). */
export async function insertExport(db: Executor, accountId: string, now: number): Promise<DataExportRow> {
  return db
    .insertInto('data_exports')
    .values({
      id: newId(),
      account_id: accountId,
      state: 'queued',
      done: 0,
      total: 0,
      size: null,
      created_at: now,
      finished_at: null,
      expires_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setExport(
  db: Executor,
  id: string,
  patch: Partial<Pick<DataExportRow, 'state' | 'done' | 'total' | 'size' | 'finished_at' | 'expires_at'>>,
): Promise<boolean> {
  const r = await db.updateTable('data_exports').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
