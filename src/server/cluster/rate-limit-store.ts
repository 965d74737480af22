import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * The store of @fastify/rate-limit (the routes' `rateLimit(max, window)` of plugins/security.ts) in
 * the database, for PostgreSQL (issue 19: several app instances behind a load balancer must share one
 * count per client and route, or N instances allow N times the limit). One atomic upsert per limited
 * request in `rate_limit_hits` (migration 0025, pruned hourly): a fixed window per route and address
 * that starts at its first hit, like the plugin's own in-memory store. SQLite keeps the plugin's in-memory
 * store: it is one process by nature.
 */

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store class for the plugin's `store` option, counting in `app.db` with `app.clock`. */
export function dbRateLimitStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
  return class DbRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;
    constructor(_options: object = {}, scope = 'global') {
      this.#scope = scope;
    }

    incr(key: string, callback: Callback, timeWindow: number, _max: number): void {
      countWindow(app, `rl:${this.#scope}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** The plugin passes the route's merged options: `routeInfo` is the route (one count per route). */
    child(options: object): FastifyRateLimitStore {
      const route = (options as RouteInfo).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DbRateLimitStore(options, `${method}:${route.url ?? ''}`);
    }
  };
}

/** Counts one hit under `key` in its fixed window: the count so far (this one included) and the ms left. */
export async function countWindow(app: FastifyInstance, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const now = app.clock();
  const stale = now - windowMs;
  const row = await app.db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_hits.window_start <= ${stale} then 1 else rate_limit_hits.count + 1 end`,
        window_start: sql<number>`case when rate_limit_hits.window_start <= ${stale} then ${now} else rate_limit_hits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_start) + windowMs - now) };
}

/** Windows that ended go (the hourly prune; the longest route window is an hour). */
export async function pruneRateLimits(db: FastifyInstance['db'], now: number): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', now - 24 * 3_600_000)
    .execute();
}
