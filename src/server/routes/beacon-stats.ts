import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { STATS_LIMITS, STATS_PATH, StatsBatchSchema } from '../../contracts/stats';
import { countryOf } from '../accounts/client-info';
import { PUBLIC } from '../auth/rules';
import { ANY_ORIGIN } from '../plugins/csrf';
import { callerAccount } from '../reader/access';
import { acceptLanguage, browserFamily, classifySource, isBotRequest, optedOut, ownHosts } from '../stats/classify';
import type { StatsIngest } from '../stats/ingest';

/** A body over the limit, or one that could not be read: dropped like any invalid batch. */
const UNREADABLE = Symbol('unreadable');

/**
 * The statistics beacon `POST {beacon}/e` (issue 17; contract src/contracts/stats.ts), registered by
 * routes/beacon.ts (which holds the buffer) below the beacon host's path, in a context of its own (its body parser). The reader sends its batch with navigator.sendBeacon
 * as text/plain JSON (a "simple" request: no CORS preflight, from any origin), at most
 * STATS_LIMITS.bodyMaxBytes. The answer is always 204, whatever was sent (never a 5xx, and a beacon
 * never learns what was kept). Left out before anything is kept: Do Not Track / Global Privacy Control,
 * bots and headless browsers (isbot, headless signatures, no Accept-Language, the client's webdriver
 * hint), invalid or oversized bodies, an address over its rate. At flush (rollup.ts): unknown books,
 * books a visitor could not open (reader/access.ts visitorGate) and the owner's own reads.
 *
 * The address is only used in memory: for the country (client-info.ts, 'ZZ' when unknown, private or
 * loopback) and, with the user agent and the day's salt, for the visitor's hash.
 */
const statsBeaconRoutes: FastifyPluginAsync<{ ingest: StatsIngest }> = async (app, { ingest }) => {
  const log = app.log.child({ module: 'stats' });
  // This site's own hosts: a referrer on one of them is not another site (configuration only).
  const config = app.config;
  const own = ownHosts([config.publicUrl, ...config.publicHosts, config.hosts.viewer, config.hosts.embed, config.hosts.api]);

  // Any body type (sendBeacon sends text/plain; a Blob may name another), read up to the limit and
  // never an error: an oversized or broken body is simply not a batch.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > STATS_LIMITS.bodyMaxBytes) {
      payload.resume();
      done(null, UNREADABLE);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    payload.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > STATS_LIMITS.bodyMaxBytes) {
        over = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    payload.on('end', () => done(null, over ? UNREADABLE : Buffer.concat(chunks).toString('utf8')));
    payload.on('error', () => done(null, UNREADABLE));
  });

  const logLevel = ['error', 'fatal', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn';
  const dropped = (reason: string) => {
    ingest.totals.invalid++;
    log.debug({ reason, invalid: ingest.totals.invalid }, 'statistics: batch dropped');
  };

  app.post(STATS_PATH, { logLevel, config: { ...PUBLIC, ...ANY_ORIGIN } }, async (request, reply) => {
    ingest.totals.received++;
    reply.code(204).header('cache-control', 'no-store');
    const headers = request.headers;
    if (optedOut(headers) || isBotRequest(headers)) {
      ingest.totals.excluded++;
      return reply.send();
    }
    const body = request.body;
    if (typeof body !== 'string' || body.length === 0) {
      dropped(body === UNREADABLE ? 'too large' : 'no body');
      return reply.send();
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      dropped('not JSON');
      return reply.send();
    }
    const parsed = v.safeParse(StatsBatchSchema, json);
    if (!parsed.success) {
      dropped('invalid batch');
      return reply.send();
    }
    const batch = parsed.output;
    // The client says it is automated (navigator.webdriver).
    if (batch.wd === 1) {
      ingest.totals.excluded++;
      return reply.send();
    }
    if (!ingest.allow(request.ip)) return reply.send();
    const userAgent = headers['user-agent'] ?? '';
    const { source, host } = classifySource(batch, own);
    ingest.add({
      b: batch.b,
      t: batch.t,
      visit: batch.visit,
      device: batch.device,
      ev: batch.ev,
      source,
      host,
      country: countryOf(request.ip) ?? 'ZZ',
      browser: browserFamily(userAgent),
      language: batch.lang ?? acceptLanguage(headers['accept-language']),
      address: request.ip,
      userAgent,
      // The owner's own reads are left out at flush (the session is looked at only when one is sent).
      account: await callerAccount(app, request),
      at: app.clock(),
    });
    return reply.send();
  });
};

export default statsBeaconRoutes;
