import type { Db } from '../db/index';

/**
 * Per-address caps of the beacons (share hits, statistics batches: `perIpPerMinute`) shared by every
 * app instance on one PostgreSQL database (issue 19). Each process still counts in memory first (its
 * own cap, a cheap filter: a flood costs no database work); at its flush it adds the hits it kept per
 * address and minute to `beacon_ip_minutes` (migration 0025) in a few multi-row upserts and learns,
 * from the totals those return, how many of them still fit under the cap — the rest are dropped before
 * anything is counted. The upserts are atomic per row, so N instances never count more than the cap for
 * an address in a minute together. SQLite (one process) needs none of it.
 */

/** `${minute}|${address}` → hits kept this flush; answers how many of them fit under the shared cap. */
export type SharedIpCap = (hits: Map<string, number>) => Promise<Map<string, number>>;

const CHUNK = 200;

/** Minutes of counts kept (the prune removes older ones). */
export const IP_MINUTES_KEPT = 10;

export const ipMinuteKey = (at: number, address: string) => `${Math.floor(at / 60_000)}|${address}`;

export function sharedIpCap(db: Db, scope: string, cap: number): SharedIpCap {
  return async (hits) => {
    const allowed = new Map<string, number>();
    const rows = [...hits].map(([key, n]) => {
      const at = key.indexOf('|');
      return { key: `${scope}|${key.slice(at + 1)}`, minute: Number(key.slice(0, at)), hits: n, local: key };
    });
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      const totals = await db
        .insertInto('beacon_ip_minutes')
        .values(part.map(({ key, minute, hits: n }) => ({ key, minute, hits: n })))
        .onConflict((oc) =>
          oc.columns(['key', 'minute']).doUpdateSet((eb) => ({ hits: eb('beacon_ip_minutes.hits', '+', eb.ref('excluded.hits')) })),
        )
        .returning(['key', 'minute', 'hits'])
        .execute();
      const totalOf = new Map(totals.map((t) => [`${t.key}\0${Number(t.minute)}`, Number(t.hits)]));
      for (const row of part) {
        const total = totalOf.get(`${row.key}\0${row.minute}`) ?? row.hits;
        // Before this flush the others (and earlier flushes) had counted total − hits.
        allowed.set(row.local, Math.max(0, Math.min(row.hits, cap - (total - row.hits))));
      }
    }
    return allowed;
  };
}

/** Counts older than IP_MINUTES_KEPT minutes go (the hourly prune). */
export async function pruneIpMinutes(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('beacon_ip_minutes')
    .where('minute', '<', Math.floor(now / 60_000) - IP_MINUTES_KEPT)
    .execute();
}
