/** The table of src/server/cluster/schedule.ts (migration 0025). */
export interface ScheduledRunsTable {
  name: string;
  /** Epoch ms from which the task may run again. */
  due_at: number;
  /** Who claimed the last run (host:pid:random). */
  owner: string | null;
  last_run_at: number | null;
}
