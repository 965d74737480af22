/** Table types of migration 0021 (the dashboard's account-wide sums and the weekly digest; listed in src/server/db/schema.ts). */

/** One profile's weekly statistics digest, sent (src/server/stats/digest.ts). */
export interface StatsDigestsTable {
  profile_id: string;
  /** The Monday of the week the digest told (`YYYY-MM-DD`, UTC). */
  week: string;
  sent_at: number;
}

/** An account's counters summed over its publications, per closed day (src/server/stats/queries.ts). */
export interface StatsAccountDailyTable {
  account_id: string;
  day: string;
  views: number;
  readers: number;
  reads: number;
  pages: number;
  time_ms: number;
  downloads: number;
  prints: number;
  shares: number;
  leads: number;
}

/** An account's dimension values summed over its publications, per closed day (src/server/stats/queries.ts). */
export interface StatsAccountDimsTable {
  account_id: string;
  dim: string;
  day: string;
  value: string;
  detail: string;
  views: number;
  readers: number;
}

/** An account's publications summed per closed week (from Monday). */
export interface StatsAccountBooksTable {
  account_id: string;
  week: string;
  book_id: string;
  views: number;
  readers: number;
  reads: number;
  time_ms: number;
}

/** What of an account's closed days is summed: kind `daily` or `dims` (period: a day) or `books` (period: a week's Monday). */
export interface StatsAccountCachedTable {
  account_id: string;
  kind: string;
  period: string;
}

/** Migration 0023: an account's top table summed over the closed days `first..last` of a range (src/server/stats/queries.ts). */
export interface StatsAccountRangesTable {
  account_id: string;
  /** `books` (key: the publication) or a dimension (key and detail: its value and detail). */
  kind: string;
  first: string;
  last: string;
  key: string;
  detail: string;
  views: number;
  readers: number;
  reads: number;
  time_ms: number;
  /** Sources: the shares readers made to a `share` row's service. */
  shares: number;
}

/** Which ranges of `stats_account_ranges` are built, and when (epoch ms): an account keeps its latest few. */
export interface StatsAccountRangesBuiltTable {
  account_id: string;
  kind: string;
  first: string;
  last: string;
  built_at: number;
}
