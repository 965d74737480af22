import { randomBytes } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { sql } from 'kysely';
import { API_V1_PREFIX } from '../contracts/api-v1';
import { SEARCH_TERM_MAX, searchPath } from '../contracts/fragment';
import { isPagePath } from '../contracts/pages';
import { createCaptcha } from './auth/captcha';
import { deriveKeys } from './auth/crypto';
import { argon2Hasher, type PasswordHasher } from './auth/passwords';
import { pruneExpired } from './auth/prune';
import { PUBLIC, registerAuthRules } from './auth/rules';
import { resolveSecret } from './auth/secret';
import { registerSessionGuard } from './auth/session';
import { sealPlainSecrets } from './auth/totp-store';
import { expireAccounts } from './billing/orders';
import { createBlog } from './blog/index';
import { pruneIpMinutes } from './cluster/ip-caps';
import { pruneRateLimits } from './cluster/rate-limit-store';
import { readiness } from './cluster/ready';
import { scheduleOnce } from './cluster/schedule';
import type { Config } from './config';
import { createDb, type DbHandle, migrateToLatest } from './db/index';
import { API_PREFIX, fail, isApiRequest, newRequestId } from './envelope';
import { createWorker } from './jobs/index';
import { createMailer, createTransport, type MailTransport } from './mail/index';
import { BODY_LIMIT, registerBodyParsers } from './plugins/body';
import { registerCsrfGuard } from './plugins/csrf';
import { clientErrorHandler, errorHandler, registerErrorHandler } from './plugins/errors';
import { registerMemoryTrim } from './plugins/memory-trim';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { createSpa, isFileLike, registerStatic } from './plugins/static';
import presetSiteRoutes from './presets/site';
import { createPrivacyWorker } from './privacy/worker';
import avatarRoutes from './routes/avatars';
import beaconRoutes from './routes/beacon';
import billingWebhookRoutes from './routes/billing-webhook';
import blogSiteRoutes from './routes/blog/site';
import publishSiteRoutes from './routes/book/site';
import { apiRoutes } from './routes/index';
import librarySiteRoutes from './routes/library/site';
import favoriteSiteRoutes from './routes/reader/favorite-site';
import overviewRoutes from './routes/reader/overview';
import readerSiteRoutes from './routes/reader/site';
import siteRoutes from './routes/site';
import v1Routes from './routes/v1/index';
import widgetRoutes from './routes/widget';
import { screenshotRoutes } from './site/features/shots';
import { purgeStatistics } from './stats/rollup';
import { createFileStore, type FileStore } from './storage/index';
import { ORPHAN_SWEEP_EVERY_MS, sweepOrphanBooks } from './storage/orphans';
import { WebhookDeliverer } from './triggers/deliveries';
import type {} from './types';

export interface AppDeps {
  /** Use this database (already open) instead of opening config.database; the caller closes it. */
  db?: DbHandle;
  /** Extra API areas registered under /api like those of routes/index.ts (tests). */
  routes?: FastifyPluginAsync[];
  /** Fastify logger option; default: pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Password hashing (default argon2id); tests wrap it to count verifications. */
  passwords?: PasswordHasher;
  /** Where mail goes (default: SMTP when QUIRE_SMTP_URL is set, else the outbox folder). */
  mailTransport?: MailTransport;
  /** Folder of the PO catalogs (default: the nearest locales/ above the server code). */
  localesDir?: string;
  /** Clock in epoch ms (default Date.now); tests move it forward to expire codes and tokens. */
  clock?: () => number;
  /** Waits `ms` (default a timer; the sign-in slow-down); tests wrap it to see the waits asked for. */
  sleep?: (ms: number) => Promise<void>;
  /** fetch used to verify reCAPTCHA answers (tests). */
  fetch?: typeof fetch;
  /** Folder of the blog's Markdown posts (default: the shipped ones, src/server/blog/posts). */
  blogPostsDir?: string;
  /** The file store (default: the configured one, src/server/storage); the caller then closes it. */
  storage?: FileStore;
  /** PATH in which /readyz looks for the converter tools (default: the process's; tests). */
  toolPath?: string;
}

const PRUNE_EVERY_MS = 3_600_000;
/** The orphan uploads' sweep (storage/orphans.ts) first looks this long after the app is ready. */
const ORPHAN_FIRST_SWEEP_MS = 60_000;
const EXPIRY_EVERY_MS = 60_000;

export { newRequestId };

const HEALTH_TIMEOUT_MS = 3000;

/**
 * Builds the server: database (migrated), then plugins in order — errors, bodies, CSRF guard, security,
 * static client, health, API routes, and the not-found handler (API 404 envelope or the SPA).
 * `app.close()` closes the database it opened.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const handle = deps.db ?? createDb(config);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    if (!deps.db) await handle.destroy();
    throw error;
  }

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // One line per request only at debug; errors, slow requests and a periodic summary (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => {
      errorHandler(error, request, reply);
    },
    // Errors before routing (431, malformed requests, timeouts) answer the envelope too.
    clientErrorHandler,
  });

  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('dbListen', handle.listen);
  app.decorate('draining', false);
  if (!deps.db) app.addHook('onClose', () => handle.destroy());
  // Where the publishing files live (issue 19): the data folder, or an S3 bucket with the data folder as cache.
  const storage = deps.storage ?? (await createFileStore(config));
  app.decorate('storage', storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  await decorateAuth(app, config, deps);
  // Before any route: every route declares who may call it (auth/rules.ts), checked when ready.
  registerAuthRules(app);
  // Webhook deliveries (src/server/triggers/deliveries.ts): integration triggers' and API webhooks'.
  const deliverer = new WebhookDeliverer({
    db: handle.db,
    clock: app.clock,
    allowPrivate: config.webhookPrivate,
    apiKeys: app.keys.apiKeys,
    log: app.log.child({ module: 'webhooks' }),
  });
  app.decorate('webhooks', deliverer);
  app.addHook('onReady', async () => deliverer.start());
  app.addHook('preClose', () => deliverer.stop());
  // The conversion worker (src/server/jobs): starts with the app, stops before the database closes. A
  // conversion's end queues the API webhooks' publication event (src/server/api-keys/webhooks.ts).
  const worker = createWorker({
    db: handle.db,
    config,
    storage,
    log: app.log.child({ module: 'jobs' }),
    clock: app.clock,
    listen: handle.listen,
    apiEvents: { ctx: app, wake: () => deliverer.wake() },
  });
  app.decorate('jobs', worker);
  app.addHook('onReady', () => worker.start());
  app.addHook('preClose', () => worker.stop());
  // The jobs of /account/privacy (exports, purges of deleted accounts): a runner of their own.
  const privacyWorker = createPrivacyWorker({
    db: handle.db,
    config,
    mailer: app.mailer,
    storage,
    log: app.log.child({ module: 'privacy' }),
    clock: app.clock,
    listen: handle.listen,
  });
  app.decorate('privacyJobs', privacyWorker);
  app.addHook('onReady', () => privacyWorker.start());
  app.addHook('preClose', () => privacyWorker.stop());

  // Billing (issue 21): plans past their expiration return to free, checked every minute by every
  // instance; one guarded UPDATE (billing/orders.ts expireAccounts) changes each account once.
  const expire = () =>
    expireAccounts(app.db, app.clock()).then(
      (n) => {
        if (n > 0) app.log.info({ accounts: n }, 'plans expired: accounts returned to free');
      },
      (err: unknown) => {
        app.log.warn({ err }, 'expiring plans failed');
      },
    );
  const expiryTimer = setInterval(expire, EXPIRY_EVERY_MS);
  expiryTimer.unref();
  app.addHook('onReady', expire);
  app.addHook('onClose', async () => clearInterval(expiryTimer));

  // Uploads stored but never committed (a crash between the two, storage/orphans.ts): their book folders
  // are removed once a day old, by one process every ORPHAN_SWEEP_EVERY_MS; the first look a minute after
  // start (never in the way of starting, nor of a store that is down).
  const orphans = scheduleOnce(
    app.db,
    {
      name: 'orphan-books',
      everyMs: ORPHAN_SWEEP_EVERY_MS,
      run: async () => {
        const { folders, removed } = await sweepOrphanBooks(app.db, storage, app.clock());
        if (removed.length > 0) app.log.info({ folders, removed }, 'orphan book files removed from the file store');
      },
    },
    { clock: app.clock, log: app.log },
  );
  let orphansTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    orphansTimer = setTimeout(() => void orphans.start(), ORPHAN_FIRST_SWEEP_MS);
    orphansTimer.unref();
  });
  app.addHook('preClose', async () => {
    clearTimeout(orphansTimer);
    await orphans.stop();
  });

  app.decorate('blog', createBlog({ config, clock: app.clock, log: app.log.child({ module: 'blog' }), postsDir: deps.blogPostsDir }));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLog(app, config);
  // Gives the heap pages V8 pools after a burst back once the server is idle (plugins/memory-trim.ts).
  registerMemoryTrim(app);
  registerErrorHandler(app);
  registerBodyParsers(app);
  registerCsrfGuard(app, config);
  await registerSecurity(app, config);
  await registerStatic(app, config);

  // Probes are frequent: log them at warn at most (never more verbose than the configured level).
  const healthLogLevel = ['warn', 'error', 'fatal', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn';
  app.get('/healthz', { logLevel: healthLogLevel, config: PUBLIC }, async (request, reply) => {
    try {
      await withTimeout(sql`select 1`.execute(app.db), HEALTH_TIMEOUT_MS);
      return { ok: true };
    } catch (err) {
      request.log.error({ err }, 'health check: database does not answer');
      return reply.code(503).send({ ok: false });
    }
  });

  // Ready (issue 19): database, file store and, where this process converts, the converter tools; 503
  // naming the failing check, or `draining` at once after SIGTERM (src/server/cluster/ready.ts).
  app.get('/readyz', { logLevel: healthLogLevel, config: PUBLIC }, async (request, reply) => {
    const ready = await readiness({ db: app.db, config, storage: app.storage, toolPath: deps.toolPath, draining: () => app.draining });
    if (ready.status !== 'ready') request.log.warn({ ready }, 'readiness check: not ready');
    return reply
      .code(ready.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready);
  });

  await app.register(beaconRoutes);
  await app.register(publishSiteRoutes);
  await app.register(avatarRoutes);
  await app.register(presetSiteRoutes);
  await app.register(librarySiteRoutes);
  await app.register(readerSiteRoutes);
  await app.register(overviewRoutes);
  await app.register(favoriteSiteRoutes);
  await app.register(siteRoutes);
  await app.register(screenshotRoutes);
  await app.register(widgetRoutes);
  await app.register(blogSiteRoutes);
  // Stripe's signed events (issue 21): its own scope reads raw bodies.
  await app.register(billingWebhookRoutes);
  await app.register(apiRoutes(deps.routes), { prefix: API_PREFIX });
  // The public API v1 (issue 18): a scope of its own (API keys, no `v=2` query: the version is in the path).
  await app.register(v1Routes, { prefix: `${API_PREFIX}${API_V1_PREFIX}` });

  // The app shell: `/`, `/index.html` and, from the not-found handler, every other page path: 200
  // where a page renders it (src/contracts/pages.ts), else 404 with the shell showing the not-found page.
  const spa = createSpa(config);
  const shell = async (request: FastifyRequest, reply: FastifyReply, status: 200 | 404 = 200) =>
    (await spa.send(request, reply, status)) ? reply : reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  app.get('/', { config: PUBLIC }, shell);
  app.get('/index.html', { config: PUBLIC }, shell);
  // The search page; `?q=` is the server-rendered pages' search form (no script): the app's search URL.
  app.get('/search', { config: PUBLIC }, async (request, reply) => {
    const { q } = request.query as { q?: unknown };
    if (q === undefined) return shell(request, reply);
    const target = typeof q === 'string' && q.length <= SEARCH_TERM_MAX ? searchPath(q) : null;
    return reply.header('cache-control', 'no-store').redirect(target ?? '/search', 303);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request)) return fail(reply, 'unknownCall');
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && !isFileLike(pathname)) return shell(request, reply, isPagePath(pathname) ? 200 : 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });

  return app;
}

/** Sign-in dependencies: keys from the instance secret, password hashing, mail, captcha, clock, sleep, session guard. */
async function decorateAuth(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  const clock = deps.clock ?? Date.now;
  const keys = deriveKeys(await resolveSecret(app.db, config, clock()));
  // Authenticator secrets written before they were sealed at rest (migration 0014) are sealed now.
  const sealed = await sealPlainSecrets(app.db, keys.totp);
  if (sealed > 0) app.log.info({ profiles: sealed }, 'sealed authenticator secrets stored in plain text');
  const passwords = deps.passwords ?? argon2Hasher;
  app.decorate('clock', clock);
  app.decorate('sleep', deps.sleep ?? ((ms: number) => sleepFor(ms)));
  app.decorate('keys', keys);
  app.decorate('passwords', passwords);
  app.decorate('dummyHash', await argon2Hasher.hash(randomBytes(16).toString('hex')));
  const mailer = createMailer({ config, transport: deps.mailTransport ?? createTransport(config), localesDir: deps.localesDir });
  app.decorate('mailer', mailer);
  app.decorate('captcha', createCaptcha({ config, db: app.db, hmacKey: keys.captcha, clock, fetch: deps.fetch }));
  registerSessionGuard(app);

  // Once per hour across every process on this database (src/server/cluster/schedule.ts).
  const prune = scheduleOnce(
    app.db,
    {
      name: 'prune',
      everyMs: PRUNE_EVERY_MS,
      run: () =>
        Promise.all([
          pruneExpired(app.db, clock()).catch((err: unknown) => {
            app.log.warn({ err }, 'pruning expired sign-in rows failed');
          }),
          // The beacons' per-address counts of past minutes, the routes' ended limit windows (cluster/).
          Promise.all([pruneIpMinutes(app.db, clock()), pruneRateLimits(app.db, clock())]).catch((err: unknown) => {
            app.log.warn({ err }, 'pruning the beacons’ address counts failed');
          }),
          // Raw statistics past QUIRE_STATS_RAW_DAYS (issue 17; the rollups stay).
          purgeStatistics(app.db, clock(), config.statsRawDays).catch((err: unknown) => {
            app.log.warn({ err }, 'purging old raw statistics failed');
          }),
        ]),
    },
    { clock, log: app.log },
  );
  // onReady takes a resolved value for an error: resolve nothing.
  app.addHook('onReady', async () => {
    await prune.start();
  });
  app.addHook('preClose', () => prune.stop());
  app.addHook('onClose', async () => {
    mailer.close();
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
