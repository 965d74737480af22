/** Table type of migration 0021 (listed in the Database interface of src/server/db/schema.ts). */

/** One profile's weekly statistics digest, sent (src/server/stats/digest.ts). */
export interface StatsDigestsTable {
  profile_id: string;
  /** The Monday of the week the digest told (`YYYY-MM-DD`, UTC). */
  week: string;
  sent_at: number;
}
