import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { DialectName } from '../../src/server/db/index';
import { createDatabase } from '../../src/tools/pg/database.mjs';
import { S3_TEST_CREDENTIALS } from '../../src/tools/s3/server.mjs';

/**
 * The limits' and schedules' bookkeeping (issue 19, src/server/cluster): tables a refused call may change
 * (on PostgreSQL the routes' limits count in the database), not data.
 */
export const BOOKKEEPING_TABLES: readonly string[] = ['rate_limit_hits', 'beacon_ip_minutes', 'scheduled_runs'];

/** Every DB-touching test runs once per dialect. */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

/** A temp folder inside this run's root (removed by the global teardown). */
export async function tempDir(prefix = 'quire-test-'): Promise<string> {
  return mkdtemp(path.join(inject('tmpRoot'), prefix));
}

/** A fresh, empty PostgreSQL database on the test cluster; returns its URL. */
export const createPgDatabase = (): Promise<string> => createDatabase(inject('pgUrl'), 'quire_test');

/**
 * A fresh bucket on this run's S3-compatible server (global-setup), as the QUIRE_S3_* variables of a
 * process that keeps its files there.
 */
export async function createS3Bucket(): Promise<Record<string, string>> {
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const url = inject('s3Url');
  const bucket = `quire-test-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({ endpoint: url, region: 'us-east-1', forcePathStyle: true, credentials: { ...S3_TEST_CREDENTIALS } });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return {
    QUIRE_S3_URL: url,
    QUIRE_S3_BUCKET: bucket,
    QUIRE_S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    QUIRE_S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

/**
 * Config for one test app: a temp data dir (fresh SQLite file) or a fresh PostgreSQL database,
 * silent logs, no public dir unless given. `env` overrides any QUIRE_* variable.
 * Storage (issue 19): SQLite apps keep their files in the data folder; PostgreSQL apps, like a
 * deployment on several machines, in a fresh bucket of the run's S3-compatible server (the data folder
 * is then their cache) — so the whole server suite runs against both stores. `QUIRE_TEST_STORAGE=local`
 * keeps PostgreSQL apps on the data folder.
 */
export async function testConfig(dialect: DialectName, env: Record<string, string> = {}): Promise<Config> {
  const dataDir = await tempDir();
  const base: Record<string, string> = {
    QUIRE_DATA_DIR: dataDir,
    QUIRE_LOG_LEVEL: 'silent',
    QUIRE_PUBLIC_DIR: path.join(dataDir, 'no-public-dir'),
    // No demo account in test databases unless a test asks for it.
    QUIRE_DEMO: '0',
  };
  if (dialect === 'postgres') {
    base.QUIRE_DATABASE_URL = await createPgDatabase();
    if (process.env.QUIRE_TEST_STORAGE !== 'local' && env.QUIRE_S3_BUCKET === undefined) Object.assign(base, await createS3Bucket());
  }
  return loadConfig({ ...base, ...env });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  routes?: FastifyPluginAsync[];
}

/** Builds an app before the suite's tests and closes it (and removes its data dir) after. */
export function useApp(dialect: DialectName, options: TestAppOptions = {}) {
  const ctx = {} as { app: FastifyInstance; config: Config };
  beforeAll(async () => {
    ctx.config = await testConfig(dialect, options.env);
    ctx.app = await buildApp(ctx.config, { routes: options.routes });
  });
  afterAll(async () => {
    await ctx.app?.close();
    if (ctx.config) await rm(ctx.config.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
