import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { getSetting } from './db/settings';
import { DEMO_MARKER } from './publish/demo';

const SHUTDOWN_CAP_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Quire: invalid configuration — ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function onSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // /readyz answers 503 `draining` from now on, so the load balancer stops sending; app.close() lets
    // the requests in flight finish.
    app.draining = true;
    setTimeout(() => {
      process.stderr.write(`Quire: shutdown took longer than ${SHUTDOWN_CAP_MS / 1000} s, exiting\n`);
      process.exit(0);
    }, SHUTDOWN_CAP_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(0);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

async function main(): Promise<void> {
  const config = readConfig();
  const outboxDir = path.join(config.dataDir, 'outbox');
  for (const dir of [config.dataDir, path.join(config.dataDir, 'files'), outboxDir]) {
    await mkdir(dir, { recursive: true });
  }
  const app = await buildApp(config);
  onSignals(app);
  await app.listen({ port: config.port, host: config.host });

  const shownHost = ['0.0.0.0', '::', '[::]'].includes(config.host) ? 'localhost' : config.host;
  process.stdout.write(`Quire is running at http://${shownHost}:${config.port}\n`);
  // Every link in mail and every redirect is built on it, never on a request's Host (DESIGN §11).
  const url = config.publicUrl;
  process.stdout.write(`Public URL (links in mail, redirects; QUIRE_PUBLIC_URL): ${url}\n`);
  process.stdout.write(config.smtpUrl ? `Mail is sent over SMTP (outbox folder: ${outboxDir})\n` : `Mail outbox: ${outboxDir}\n`);
  const demoBook = config.demo ? await getSetting(app.db, DEMO_MARKER).catch(() => undefined) : undefined;
  if (demoBook) process.stdout.write(`Demo publication: ${url}/publication/${demoBook} (reader: ${url}/read/${demoBook})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Quire: failed to start — ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
