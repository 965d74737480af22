import type { BeaconQuery } from '../../contracts/share';
import { ipMinuteKey, type SharedIpCap } from '../cluster/ip-caps';
import type { Db } from '../db/index';
import { SerialFlusher } from '../flush/serial';
import { type PendingCount, writeShareCounts } from './repo';

/**
 * The beacon's write buffer (issue 7: "recorded cheaply, thousands of hits per second without slowing
 * the API"). A hit only adds 1 to an in-memory counter keyed by (account or book, source, device, day);
 * the counters go to the database in one transaction per batch: every FLUSH_MS, as soon as
 * FLUSH_ROWS distinct counters wait, and when the app closes. So the database sees at most one small
 * upsert statement per second whatever the hit rate, and a hit costs a map lookup.
 *
 * Bounded: one address counts at most `perIpPerMinute` hits a minute (the rest are still answered the
 * GIF, not counted: the beacon is anonymous and must not be a way to inflate someone's statistics),
 * and at most MAX_PENDING counters wait while the database is slow (then hits are dropped, not queued).
 */

export const FLUSH_MS = 1000;
export const FLUSH_ROWS = 500;
export const MAX_PENDING = 50_000;
/** Hits one address may have counted per minute (times QUIRE_IP_LIMIT_SCALE). */
export const BEACON_IP_PER_MINUTE = 120;

export interface BeaconLog {
  warn(obj: object, msg: string): void;
}

export interface ShareBeaconOptions {
  db: Db;
  clock: () => number;
  log: BeaconLog;
  perIpPerMinute?: number;
  flushMs?: number;
  flushRows?: number;
  /** Several instances (PostgreSQL): the per-address cap counted across all of them at flush (cluster/ip-caps.ts). */
  sharedCap?: SharedIpCap;
}

/** A waiting counter; with a shared cap its hits by address and minute too (the cap drops hits by address). */
interface Pending extends PendingCount {
  byIp?: Map<string, number>;
}

export class ShareBeacon {
  private pending = new Map<string, Pending>();
  private perIp = new Map<string, number>();
  private ipWindow = 0;
  private dayStart = 0;
  private dayEnd = 0;
  private day = '';
  private readonly flusher: SerialFlusher;
  /** Counters written so far (tests and the bench read it). */
  written = 0;
  /** Hits counted / dropped (over an address's limit or the pending bound). */
  counted = 0;
  dropped = 0;

  constructor(private readonly options: ShareBeaconOptions) {
    this.flusher = new SerialFlusher(
      () => this.writePending(),
      () => this.pending.size >= (options.flushRows ?? FLUSH_ROWS),
      options.flushMs ?? FLUSH_MS,
    );
  }

  /** Counts one valid hit from `ip`. */
  add(q: BeaconQuery, ip: string): void {
    if (this.flusher.closed) return;
    const now = this.options.clock();
    if (!this.allowIp(ip, now) || this.pending.size >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    const day = this.dayOf(now);
    const key = `${q.aid ?? ''}|${q.bid ?? ''}|${q.s}|${q.d}|${day}`;
    let row = this.pending.get(key);
    if (row) row.count++;
    else {
      row = { accountId: q.aid ?? null, bookId: q.bid ?? null, source: q.s, device: q.d, day, count: 1 };
      this.pending.set(key, row);
    }
    if (this.options.sharedCap) {
      const ipMinute = ipMinuteKey(now, ip);
      row.byIp ??= new Map();
      row.byIp.set(ipMinute, (row.byIp.get(ipMinute) ?? 0) + 1);
    }
    this.counted++;
    if (this.pending.size >= (this.options.flushRows ?? FLUSH_ROWS)) void this.flush();
    else this.flusher.schedule();
  }

  /** Counters waiting for the next flush. */
  get size(): number {
    return this.pending.size;
  }

  /** Writes what waits (one batch at a time; a call during a write waits for it and the next one). */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  /** Stops counting and writes the rest (the app's close hook). */
  close(): Promise<void> {
    return this.flusher.close();
  }

  /** One round of a flush: the counters waiting now. */
  private async writePending(): Promise<void> {
    const waiting = [...this.pending.values()];
    this.pending = new Map();
    if (waiting.length === 0) return;
    let rows: PendingCount[] = waiting;
    try {
      rows = await this.withinSharedCap(waiting);
      if (rows.length === 0) return;
      this.written += await writeShareCounts(this.options.db, rows);
    } catch (err) {
      // Statistics are best effort: a failed batch is logged and dropped, never retried in a loop.
      this.options.log.warn({ err, rows: rows.length }, 'share beacon: writing a batch failed');
    }
  }

  /** The counts that fit under the per-address cap counted by every instance (all of them without one). */
  private async withinSharedCap(waiting: Pending[]): Promise<PendingCount[]> {
    const cap = this.options.sharedCap;
    if (!cap) return waiting;
    const hits = new Map<string, number>();
    for (const row of waiting) for (const [ipMinute, n] of row.byIp ?? []) hits.set(ipMinute, (hits.get(ipMinute) ?? 0) + n);
    const allowed = await cap(hits);
    const kept: PendingCount[] = [];
    for (const { byIp, ...row } of waiting) {
      let count = 0;
      for (const [ipMinute, n] of byIp ?? []) {
        const left = allowed.get(ipMinute) ?? 0;
        const take = Math.min(n, left);
        allowed.set(ipMinute, left - take);
        count += take;
      }
      this.dropped += row.count - count;
      this.counted -= row.count - count;
      if (count > 0) kept.push({ ...row, count });
    }
    return kept;
  }

  private allowIp(ip: string, now: number): boolean {
    const window = Math.floor(now / 60_000);
    // A new minute starts the counts over; so does a flood of distinct addresses (memory stays bounded).
    if (window !== this.ipWindow || this.perIp.size >= MAX_PENDING) {
      this.ipWindow = window;
      this.perIp.clear();
    }
    const n = (this.perIp.get(ip) ?? 0) + 1;
    this.perIp.set(ip, n);
    return n <= (this.options.perIpPerMinute ?? BEACON_IP_PER_MINUTE);
  }

  private dayOf(now: number): string {
    if (now < this.dayStart || now >= this.dayEnd) {
      this.dayStart = now - (now % 86_400_000);
      this.dayEnd = this.dayStart + 86_400_000;
      this.day = new Date(this.dayStart).toISOString().slice(0, 10);
    }
    return this.day;
  }
}
