import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { compileCatalogs } from '../../src/tools/compile-catalogs.mjs';
import { startCluster, stopCluster } from '../../src/tools/pg/cluster.mjs';
import { startS3Server } from '../../src/tools/s3/server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL (tests create a fresh database from it). */
    pgUrl: string;
    /** Folder for this run's temp files (data dirs, public dirs); removed at the end. */
    tmpRoot: string;
    /** Endpoint of this run's S3-compatible server (s3rver; tests make a bucket each). */
    s3Url: string;
  }
}

/**
 * Compiles the translation catalogs (locales/{lang}/messages.json, what the server running from its
 * sources reads, src/server/i18n.ts) from the current PO files, then starts a throwaway PostgreSQL
 * cluster for the whole run (or uses $QUIRE_TEST_PG_URL when set) and stops it at the end. Fails
 * loudly when PostgreSQL is not installed.
 */
export default async function setup(project: TestProject) {
  await compileCatalogs();
  const tmpRoot = await mkdtemp(path.join(tmpdir(), 'quire-server-tests-'));
  project.provide('tmpRoot', tmpRoot);
  const external = process.env.QUIRE_TEST_PG_URL;
  const cluster = external
    ? undefined
    : await startCluster().catch(async (error: unknown) => {
        await rm(tmpRoot, { recursive: true, force: true });
        throw error;
      });
  project.provide('pgUrl', external ?? cluster?.url ?? '');
  // The S3-compatible server the PostgreSQL half of the suite keeps its files in (helpers.ts testConfig).
  const s3 = await startS3Server(path.join(tmpRoot, 's3'));
  project.provide('s3Url', s3.url);
  return async () => {
    await s3.stop();
    if (cluster) await stopCluster(cluster.dir, cluster.bin);
    await rm(tmpRoot, { recursive: true, force: true });
  };
}
