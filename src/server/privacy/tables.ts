import type { Selectable } from 'kysely';

/** Table types of migration 0015 (issue 16, /account/privacy). */

/** An export of an account's data (one per account at a time): the ZIP at files/exports/<account_id>/<id>.zip. */
export interface DataExportsTable {
  id: string;
  account_id: string;
  /** ExportState of src/contracts/privacy.ts. */
  state: string;
  done: number;
  total: number;
  size: number | null;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}
export type DataExportRow = Selectable<DataExportsTable>;

/** An account scheduled for deletion (one row per account). */
export interface AccountDeletionsTable {
  id: string;
  account_id: string;
  /** scheduled | purging */
  state: string;
  requested_at: number;
  purge_at: number;
  /** JSON object: book id → publish_at before the request (restored when the deletion is cancelled). */
  hidden_books: string;
}
export type AccountDeletionRow = Selectable<AccountDeletionsTable>;

/** The mailed code confirming the deletion of an account without a password. */
export interface DeletionCodesTable {
  profile_id: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
}
