import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { build, type Histogram } from 'hdr-histogram-js';
import type { Config } from '../config';

/**
 * Request logging a server can live with (the app is built with `disableRequestLogging`):
 * - one line per request only at `debug` (`request`),
 * - at `info` and above: server errors (5xx, `request error`), requests slower than
 *   QUIRE_LOG_SLOW ms (`slow request`, warn), and every QUIRE_LOG_SUMMARY seconds one summary line
 *   (`requests`): the count, the status classes, and per route group the count, p50 and p99 in ms.
 * Route groups come from the matched route's pattern (never the raw URL), so the summary's size is
 * bounded by the route table: `GET /api/book`, `GET /reader`, `(unmatched)`…
 */
export interface RequestSummary {
  requests: number;
  status: Record<string, number>;
  routes: Record<string, { n: number; p50: number; p99: number }>;
}

/** At most this many route groups in one summary line (the busiest; the rest are counted in `requests`). */
const MAX_GROUPS = 30;

export function routeGroup(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  const segments = pattern.split('/').filter(Boolean);
  const kept = segments[0] === 'api' ? segments.slice(0, 2) : segments.slice(0, 1);
  return `${request.method} /${kept.join('/')}`;
}

/** Durations per route group since the last summary; bounded: one small histogram per route group. */
export class RequestStats {
  private requests = 0;
  private status: Record<string, number> = {};
  private readonly groups = new Map<string, Histogram>();

  record(group: string, statusCode: number, ms: number): void {
    this.requests++;
    const cls = `${Math.floor(statusCode / 100)}xx`;
    this.status[cls] = (this.status[cls] ?? 0) + 1;
    let histogram = this.groups.get(group);
    if (!histogram) {
      // Microseconds, two significant digits: a few KB per group.
      histogram = build({
        lowestDiscernibleValue: 1,
        highestTrackableValue: 3_600_000_000,
        numberOfSignificantValueDigits: 2,
        autoResize: false,
      });
      this.groups.set(group, histogram);
    }
    histogram.recordValue(Math.min(3_600_000_000, Math.max(1, Math.round(ms * 1000))));
  }

  /** The summary since the last call, then starts over; undefined when there was no request. */
  take(): RequestSummary | undefined {
    if (this.requests === 0) return undefined;
    const ms = (us: number) => Math.round(us / 10) / 100;
    const busiest = [...this.groups].sort((a, b) => b[1].totalCount - a[1].totalCount).slice(0, MAX_GROUPS);
    const summary: RequestSummary = {
      requests: this.requests,
      status: this.status,
      routes: Object.fromEntries(
        busiest.map(([group, h]) => [group, { n: h.totalCount, p50: ms(h.getValueAtPercentile(50)), p99: ms(h.getValueAtPercentile(99)) }]),
      ),
    };
    this.requests = 0;
    this.status = {};
    for (const h of this.groups.values()) h.reset();
    return summary;
  }
}

export function registerRequestLog(app: FastifyInstance, config: Pick<Config, 'requestLog'>): void {
  const { slowMs, summaryMs } = config.requestLog;
  const stats = new RequestStats();
  let since = Date.now();
  const flush = () => {
    const summary = stats.take();
    const now = Date.now();
    if (summary) app.log.info({ seconds: Math.round((now - since) / 1000), ...summary }, 'requests');
    since = now;
  };

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const ms = reply.elapsedTime;
    const { statusCode } = reply;
    if (summaryMs > 0) stats.record(routeGroup(request), statusCode, ms);
    const line = { method: request.method, url: request.url, statusCode, ms: Math.round(ms * 100) / 100 };
    if (statusCode >= 500) request.log.error(line, 'request error');
    else if (slowMs > 0 && ms > slowMs) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });

  if (summaryMs > 0) {
    const timer = setInterval(flush, summaryMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      flush();
    });
  }
}
