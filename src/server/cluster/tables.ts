/** The tables of src/server/cluster (migration 0025). */
export interface ScheduledRunsTable {
  name: string;
  /** Epoch ms from which the task may run again. */
  due_at: number;
  /** Who claimed the last run (host:pid:random). */
  owner: string | null;
  last_run_at: number | null;
}

/** Beacon hits per `scope|address` and minute, shared by every instance (cluster/ip-caps.ts). */
export interface BeaconIpMinutesTable {
  key: string;
  /** Epoch minute. */
  minute: number;
  hits: number;
}

/** The routes' per-address rate-limit windows on PostgreSQL (cluster/rate-limit-store.ts). */
export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  count: number;
}
