import type { Kysely } from 'kysely';
import { ipMinuteKey, type SharedIpCap } from '../cluster/ip-caps';
import type { BookRow, Database } from '../db/schema';
import { SerialFlusher } from '../flush/serial';
import { type PendingBatch, type WriteResult, writeStatsBatches } from './rollup';

/**
 * The statistics beacon's write buffer (issue 17), like the share beacon's (src/server/beacon/buffer.ts):
 * a request only checks and keeps its batch in memory; the batches go to the database in one
 * transaction per flush (src/server/stats/rollup.ts), every FLUSH_MS, as soon as FLUSH_EVENTS events
 * wait, and when the app closes (nothing kept is lost on a clean stop). One flush runs at a time
 * (the scheduling shared with the share beacon: src/server/flush/serial.ts).
 *
 * Bounded: an address has at most `perIpPerMinute` batches a minute taken (the rest are answered the
 * same 204 and dropped: the beacon is anonymous and must not be a way to inflate someone's counts), and
 * at most MAX_PENDING_EVENTS events wait while the database is slow (then batches are dropped, not queued).
 */

export const FLUSH_MS = 500;
export const FLUSH_EVENTS = 500;
export const MAX_PENDING_EVENTS = 200_000;
/** Batches one address may have taken per minute (times QUIRE_IP_LIMIT_SCALE); a reader sends ~4. */
export const STATS_IP_PER_MINUTE = 600;

export interface StatsLog {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export interface StatsIngestOptions {
  db: Kysely<Database>;
  clock: () => number;
  log: StatsLog;
  readable: (row: BookRow, token: string | undefined, now: number) => boolean;
  perIpPerMinute?: number;
  flushMs?: number;
  flushEvents?: number;
  /** Several instances (PostgreSQL): the per-address cap counted across all of them at flush (cluster/ip-caps.ts). */
  sharedCap?: SharedIpCap;
}

export class StatsIngest {
  private pending: PendingBatch[] = [];
  private pendingEvents = 0;
  private perIp = new Map<string, number>();
  private ipWindow = 0;
  private readonly salts = new Map<string, string>();
  private readonly flusher: SerialFlusher;
  /** Totals since start (tests, the bench and the debug log read them). */
  readonly totals = { received: 0, invalid: 0, excluded: 0, limited: 0, batches: 0, events: 0, dropped: 0, failed: 0 };

  constructor(private readonly options: StatsIngestOptions) {
    this.flusher = new SerialFlusher(
      () => this.writePending(),
      () => this.pending.length > 0,
      options.flushMs ?? FLUSH_MS,
    );
  }

  /** Whether `address` may have another batch taken this minute (counts it). */
  allow(address: string): boolean {
    const now = this.options.clock();
    const window = Math.floor(now / 60_000);
    // A new minute starts the counts over; so does a flood of distinct addresses (memory stays bounded).
    if (window !== this.ipWindow || this.perIp.size >= 50_000) {
      this.ipWindow = window;
      this.perIp.clear();
    }
    const n = (this.perIp.get(address) ?? 0) + 1;
    this.perIp.set(address, n);
    if (n <= (this.options.perIpPerMinute ?? STATS_IP_PER_MINUTE)) return true;
    this.totals.limited++;
    return false;
  }

  /** Keeps a checked batch for the next flush. */
  add(batch: PendingBatch): void {
    if (this.flusher.closed || this.pendingEvents >= MAX_PENDING_EVENTS) {
      this.totals.dropped++;
      return;
    }
    this.pending.push(batch);
    this.pendingEvents += batch.ev.length;
    if (this.pendingEvents >= (this.options.flushEvents ?? FLUSH_EVENTS)) void this.flush();
    else this.flusher.schedule();
  }

  /** Batches waiting for the next flush. */
  get size(): number {
    return this.pending.length;
  }

  /** Writes what waits (one flush at a time; a call during a write waits for it and the next one). */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  /** Stops taking batches and writes the rest (the app's close hook). */
  close(): Promise<void> {
    return this.flusher.close();
  }

  /** One round of a flush: at most about flushEvents events in one transaction. */
  private async writePending(): Promise<void> {
    const max = this.options.flushEvents ?? FLUSH_EVENTS;
    // At most about `max` events per transaction: a transaction holds SQLite's one connection (and, as
    // node:sqlite is synchronous, the event loop) for a few milliseconds only.
    let n = 0;
    let events = 0;
    while (n < this.pending.length && events < max) events += this.pending[n++]?.ev.length ?? 0;
    const batches = this.pending.slice(0, n);
    this.pending = this.pending.slice(n);
    this.pendingEvents -= events;
    if (batches.length === 0) return;
    try {
      const kept = await this.withinSharedCap(batches);
      if (kept.length === 0) return;
      const result: WriteResult = await writeStatsBatches(this.options.db, kept, {
        readable: this.options.readable,
        now: this.options.clock(),
        salts: this.salts,
      });
      this.totals.batches += result.batches;
      this.totals.events += result.events;
      this.totals.excluded += result.dropped;
    } catch (err) {
      // Statistics are best effort: a failed flush is logged and dropped, never retried in a loop.
      this.totals.failed += batches.length;
      this.options.log.warn({ err, batches: batches.length }, 'statistics: writing a flush failed');
    }
    // The salts of days gone by are not needed in memory any more.
    this.trimSalts();
  }

  /** The batches that fit under the per-address cap counted by every instance (all of them without one). */
  private async withinSharedCap(batches: PendingBatch[]): Promise<PendingBatch[]> {
    const cap = this.options.sharedCap;
    if (!cap) return batches;
    const counts = new Map<string, number>();
    for (const batch of batches) {
      const key = ipMinuteKey(batch.at, batch.address);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const allowed = await cap(counts);
    const kept = batches.filter((batch) => {
      const key = ipMinuteKey(batch.at, batch.address);
      const left = allowed.get(key) ?? 0;
      if (left <= 0) return false;
      allowed.set(key, left - 1);
      return true;
    });
    this.totals.limited += batches.length - kept.length;
    return kept;
  }

  private trimSalts(): void {
    if (this.salts.size > 3) for (const day of [...this.salts.keys()].sort().slice(0, this.salts.size - 3)) this.salts.delete(day);
  }
}
