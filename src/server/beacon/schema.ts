/** Table type of migration 0009 (listed in the Database interface of src/server/db/schema.ts). */
export interface ShareCountsTable {
  account_id: string;
  /** '' when the account's page was shared. */
  book_id: string;
  source: string;
  device: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  count: number;
}
