/**
 * The conversion worker (and the privacy jobs: exports, purges) as a process of its own: the same runner the server starts in-process, on the
 * configured database and data folder (QUIRE_* variables). Runs until SIGTERM/SIGINT, then puts its
 * running jobs back in the queue. Used by the crash tests (killed with -9 mid-conversion) and usable
 * to convert on another machine (with QUIRE_CONVERT_CONCURRENCY=0 on the web servers).
 * Extra variables for tests: QUIRE_WORKER_LEASE_MS, QUIRE_WORKER_POLL_MS, QUIRE_WORKER_BACKOFF_MS.
 */
import { deriveKeys } from '../auth/crypto';
import { resolveSecret } from '../auth/secret';
import { ConfigError, loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { createMailer } from '../mail/index';
import { createPrivacyWorker } from '../privacy/worker';
import { createFileStore } from '../storage/index';
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

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = createDb(config);
  await migrateToLatest(handle.db);
  // The instance's keys: the API webhooks' publication events carry private links and thumbnails' tokens.
  const keys = deriveKeys(await resolveSecret(handle.db, config));
  const storage = await createFileStore(config);
  const worker = createWorker(
    // The events it queues are sent by the servers' deliverers (they poll the deliveries).
    { db: handle.db, config, storage, dropLocal: true, log, listen: handle.listen, apiEvents: { ctx: { config, keys } } },
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
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([worker.stop(), privacy.stop()])
      .then(() => mailer.close())
      .then(() => storage.close())
      .then(() => handle.destroy())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await worker.start();
  await privacy.start();
  process.stdout.write(`worker ${worker.runner.workerId} ready\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`Quire worker: failed to start — ${message}\n`);
  process.exit(1);
});
