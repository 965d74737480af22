import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { BEACON_PATH, BeaconQuerySchema } from '../../contracts/share';
import { PUBLIC } from '../auth/rules';
import { BEACON_IP_PER_MINUTE, ShareBeacon } from '../beacon/buffer';
import { TRANSPARENT_GIF } from '../beacon/gif';
import { sharedIpCap } from '../cluster/ip-caps';
import { jsonSettingsOf } from '../publish/views';
import { visitorGate } from '../reader/access';
import { STATS_IP_PER_MINUTE, StatsIngest } from '../stats/ingest';
import statsBeaconRoutes from './beacon-stats';

declare module 'fastify' {
  interface FastifyInstance {
    /** The usage beacon's write buffer (src/server/beacon/buffer.ts). */
    shareBeacon: ShareBeacon;
    /** The statistics beacon's write buffer (src/server/stats/ingest.ts). */
    statsIngest: StatsIngest;
  }
}

/** Where the beacon is served: the path of the `beacon` host ('' = origin root; a URL's own path). */
export function beaconPrefix(host: string): string {
  const path = /^https?:\/\//i.test(host) ? new URL(host).pathname : host;
  return path.replace(/\/+$/, '');
}

/**
 * The usage beacon `GET {beacon}/b.gif` (issue 7; SPEC §7 Share tracking; parameters in
 * src/contracts/share.ts). It answers the same 43-byte GIF to every request, valid or not, never an
 * error (an image tag has no use for one), and never cached. A valid hit is counted in memory
 * (ShareBeacon) and written in batches. Not under /api: it is an image, not a data call (no v=2, no
 * envelope). Registered with fastify-plugin so `app.shareBeacon` is seen by the API's owner call.
 */
const beaconRoutes: FastifyPluginAsync = async (app) => {
  const beacon = new ShareBeacon({
    db: app.db,
    clock: app.clock,
    log: app.log.child({ module: 'beacon' }),
    perIpPerMinute: BEACON_IP_PER_MINUTE * app.config.ipLimitScale,
    // PostgreSQL: the cap holds across every app instance (counted at flush, cluster/ip-caps.ts).
    ...(app.dialect === 'postgres' ? { sharedCap: sharedIpCap(app.db, 'share', BEACON_IP_PER_MINUTE * app.config.ipLimitScale) } : {}),
  });
  app.decorate('shareBeacon', beacon);
  // After the server stopped taking requests and before the database closes (root onClose runs last).
  app.addHook('onClose', () => beacon.close());

  // Thousands of hits a second: logged at warn at most, like the health probe.
  const logLevel = ['error', 'fatal', 'silent'].includes(app.config.logLevel) ? app.config.logLevel : 'warn';
  app.get(`${beaconPrefix(app.config.hosts.beacon)}${BEACON_PATH}`, { logLevel, config: PUBLIC }, (request, reply) => {
    const q = v.safeParse(BeaconQuerySchema, request.query);
    // HEAD (answered by the same handler) is a probe, not a share.
    if (q.success && request.method === 'GET') beacon.add(q.output, request.ip);
    reply
      .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
      .header('expires', '0')
      .header('pragma', 'no-cache')
      // The app or a reader on another host loads it as an image (helmet's default is same-origin).
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('image/gif')
      .send(TRANSPARENT_GIF);
  });

  // The statistics beacon `POST {beacon}/e` (issue 17, routes/beacon-stats.ts) and its write buffer.
  const ingest = new StatsIngest({
    db: app.db,
    clock: app.clock,
    log: app.log.child({ module: 'stats' }),
    perIpPerMinute: STATS_IP_PER_MINUTE * app.config.ipLimitScale,
    ...(app.dialect === 'postgres' ? { sharedCap: sharedIpCap(app.db, 'stats', STATS_IP_PER_MINUTE * app.config.ipLimitScale) } : {}),
    readable: (row, token, now) => visitorGate(app, row, jsonSettingsOf(row), { kind: 'link', token }, now) === undefined,
  });
  app.decorate('statsIngest', ingest);
  app.addHook('onClose', () => ingest.close());
  await app.register(statsBeaconRoutes, { prefix: beaconPrefix(app.config.hosts.beacon), ingest });
};

export default fp(beaconRoutes, { name: 'quire-beacon' });
