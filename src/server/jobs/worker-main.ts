/**
 * The conversion worker (and the privacy jobs: exports, purges) as a process of its own: the same runner the server starts in-process, on the
 * configured database and data folder (QUIRE_* variables). Used by the crash tests (killed with -9
 * mid-conversion) and to convert on other machines (with QUIRE_CONVERT_CONCURRENCY=0 on the web servers).
 *
 * Stopping (issue 19): SIGTERM drains — no new job is claimed, the running ones may finish for up to
 * QUIRE_WORKER_DRAIN_SECONDS (default 60), then those still running go back to the queue (another
 * worker takes them) and the process exits 0. A second SIGTERM, or SIGINT, stops at once (running jobs
 * put back in the queue). With QUIRE_WORKER_HEALTH_PORT the worker answers `GET /healthz` (alive: the
 * database answers) and `GET /readyz` (database, file store, converter tools; 503 `draining` once
 * stopping) on that port, for systemd or a load balancer's checks.
 * Extra variables for tests: QUIRE_WORKER_LEASE_MS, QUIRE_WORKER_POLL_MS, QUIRE_WORKER_BACKOFF_MS.
 */
import { createServer, type Server } from 'node:http';
import { deriveKeys } from '../auth/crypto';
import { resolveSecret } from '../auth/secret';
import { databaseReady, readiness } from '../cluster/ready';
import { type Config, ConfigError, loadConfig } from '../config';
import { createDb, type Db, migrateToLatest } from '../db/index';
import { createMailer } from '../mail/index';
import { createPrivacyWorker } from '../privacy/worker';
import { createFileStore, type FileStore } from '../storage/index';
import { createWorker } from './index';
import type { Logger } from './runner';

const line = (level: string) => (obj: object, msg: string) => {
  const extra = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? v.message : v]));
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...extra })}\n`);
};
const log: Logger = { info: line('info'), warn: line('warn'), error: line('error') };

const num = (name: string): number | undefined => {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
};

/** The worker's health port: /healthz (alive) and /readyz (ready; `draining` while stopping). */
function healthServer(db: Db, config: Config, storage: FileStore, draining: () => boolean): Server {
  return createServer((request, response) => {
    const url = (request.url ?? '/').split('?', 1)[0];
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, { ok: false });
    if (url === '/healthz') {
      databaseReady(db).then(
        () => send(200, { ok: true }),
        () => send(503, { ok: false }),
      );
      return;
    }
    if (url === '/readyz') {
      readiness({ db, config, storage, draining }).then(
        (ready) => send(ready.status === 'ready' ? 200 : 503, ready),
        () => send(503, { status: 'unready' }),
      );
      return;
    }
    send(404, { ok: false });
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = createDb(config);
  await migrateToLatest(handle.db);
  // The instance's keys: the API webhooks' publication events carry private links and thumbnails' tokens.
  const keys = deriveKeys(await resolveSecret(handle.db, config));
  const storage = await createFileStore(config);
  const worker = createWorker(
    // The events it queues are sent by the servers' deliverers (they poll the deliveries).
    { db: handle.db, config, storage, dropLocal: true, log, listen: handle.listen, apiEvents: { ctx: { config, keys, storage } } },
    { leaseMs: num('QUIRE_WORKER_LEASE_MS'), pollMs: num('QUIRE_WORKER_POLL_MS'), backoffMs: num('QUIRE_WORKER_BACKOFF_MS') },
  );
  // The jobs of /account/privacy too (exports and purges), with the mail they send.
  const mailer = createMailer({ config });
  const privacy = createPrivacyWorker({
    db: handle.db,
    config,
    mailer,
    storage,
    log,
    clock: Date.now,
    listen: handle.listen,
    pollMs: num('QUIRE_WORKER_POLL_MS'),
  });
  let draining = false;
  let health: Server | undefined;
  if (config.worker.healthPort !== undefined) {
    health = healthServer(handle.db, config, storage, () => draining);
    await new Promise<void>((resolve, reject) => {
      health?.once('error', reject);
      health?.listen(config.worker.healthPort, config.worker.healthHost, () => resolve());
    });
  }
  // The runners' timers do not hold the process (they are unref'd, as in the server): an idle worker
  // (no job yet, no LISTEN connection on SQLite) would otherwise exit at once. This holds it until stopped.
  const alive = setInterval(() => undefined, 1 << 30);
  const finish = () => {
    clearInterval(alive);
    health?.close();
    return Promise.resolve()
      .then(() => mailer.close())
      .then(() => storage.close())
      .then(() => handle.destroy())
      .finally(() => process.exit(0));
  };
  let stopping: Promise<unknown> | undefined;
  const stopNow = (signal: string) => {
    log.info({ signal }, 'worker: stopping at once; running jobs go back to the queue');
    draining = true;
    // Ends a drain in progress too (its wait is cut short, its jobs put back).
    void Promise.all([worker.stop(), privacy.stop()])
      .then(finish)
      .catch(() => process.exit(0));
  };
  const drain = (signal: string) => {
    if (stopping) return stopNow(signal);
    draining = true;
    log.info({ signal, drainSeconds: config.worker.drainMs / 1000 }, 'worker: draining (no new jobs; running ones may finish)');
    stopping = Promise.all([worker.drain(config.worker.drainMs), privacy.drain(config.worker.drainMs)])
      .then(([conversions, other]) => {
        if (conversions + other > 0)
          log.warn({ requeued: conversions + other }, 'worker: drain time over; running jobs put back in the queue');
        else log.info({}, 'worker: drained');
      })
      .then(finish)
      .catch(() => process.exit(0));
  };
  process.on('SIGTERM', () => drain('SIGTERM'));
  process.on('SIGINT', () => {
    stopping ??= Promise.resolve();
    stopNow('SIGINT');
  });
  await worker.start();
  await privacy.start();
  process.stdout.write(`worker ${worker.runner.workerId} ready\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`Quire worker: failed to start — ${message}\n`);
  process.exit(1);
});
