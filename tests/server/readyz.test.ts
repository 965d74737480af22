import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { CONVERTER_TOOLS, missingConverters, readiness } from '../../src/server/cluster/ready';
import type { Config } from '../../src/server/config';
import { createDb, type DbHandle } from '../../src/server/db/index';
import { DIALECTS, tempDir, testConfig } from './helpers';

/**
 * `GET /readyz` (issue 19): 200 `{status:'ready', checks}` when the database answers, the file store
 * takes a write and — where this process converts — the converter tools are found; 503 naming the
 * failing check otherwise; 503 `draining` at once while the process shuts down.
 */

const get = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/readyz' });

describe.each(DIALECTS)('/readyz on %s', (dialect) => {
  let config: Config;
  let app: FastifyInstance;

  beforeAll(async () => {
    config = await testConfig(dialect, { QUIRE_CONVERT_CONCURRENCY: '0' });
    app = await buildApp(config);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (config) await rm(config.dataDir, { recursive: true, force: true });
  });

  it('answers ready (no envelope) with every check, converters skipped where this process does not convert', async () => {
    const res = await get(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', converters: 'skipped' } });
    // The probe file is gone again.
    expect((await readdir(path.join(config.dataDir, 'files'))).filter((f) => f.startsWith('.ready'))).toEqual([]);
  });

  it('answers 503 naming storage when the bucket cannot be reached (S3 store)', async () => {
    const down = await testConfig(dialect, {
      QUIRE_CONVERT_CONCURRENCY: '0',
      QUIRE_S3_URL: 'http://127.0.0.1:9',
      QUIRE_S3_BUCKET: 'quire-nowhere',
      QUIRE_S3_ACCESS_KEY_ID: 'x',
      QUIRE_S3_SECRET_ACCESS_KEY: 'y',
    });
    const other = await buildApp(down);
    try {
      await other.ready();
      const res = await get(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', storage: 'failed', converters: 'skipped' },
        failed: ['storage'],
      });
    } finally {
      await other.close();
      await rm(down.dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 naming storage when the file store takes no write', async () => {
    const files = path.join(config.dataDir, 'files');
    await rm(files, { recursive: true, force: true });
    // A file where the folder should be: nothing can be written below it (whoever runs the tests).
    await writeFile(files, 'not a folder');
    try {
      const res = await get(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', storage: 'failed', converters: 'skipped' },
        failed: ['storage'],
      });
    } finally {
      await rm(files, { force: true });
      await mkdir(files, { recursive: true });
    }
    expect((await get(app)).statusCode).toBe(200);
  });

  it('answers 503 draining at once while shutting down, and ready again if not', async () => {
    app.draining = true;
    try {
      const res = await get(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      // Alive all the same (the requests in flight finish).
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      app.draining = false;
    }
    expect((await get(app)).statusCode).toBe(200);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const own = await testConfig(dialect, { QUIRE_CONVERT_CONCURRENCY: '0' });
    const handle: DbHandle = createDb(own);
    const broken = await buildApp(own, { db: handle });
    try {
      await broken.ready();
      expect((await get(broken)).statusCode).toBe(200);
      await handle.destroy();
      const res = await get(broken);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unready', checks: { database: 'failed', storage: 'ok' }, failed: ['database'] });
    } finally {
      await broken.close().catch(() => undefined);
      await rm(own.dataDir, { recursive: true, force: true });
    }
  });
});

describe('/readyz of a converting process', () => {
  it('checks the converter tools: ok on the PATH, 503 naming converters when one is missing', async () => {
    expect(await missingConverters()).toEqual([]);
    const empty = await tempDir('quire-no-tools-');
    expect(await missingConverters(empty)).toEqual([...CONVERTER_TOOLS]);
    // Only pdftoppm and pdfinfo (a folder of links to the real ones): soffice is missing.
    const some = await tempDir('quire-some-tools-');
    for (const tool of ['pdftoppm', 'pdfinfo']) await symlink(execFileSync('which', [tool]).toString().trim(), path.join(some, tool));
    expect(await missingConverters(some)).toEqual(['soffice']);

    const config = await testConfig('sqlite', { QUIRE_CONVERT_CONCURRENCY: '1' });
    const app = await buildApp(config, { toolPath: some });
    try {
      await app.ready();
      const res = await get(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', storage: 'ok', converters: 'failed' },
        failed: ['converters'],
      });
      expect(await readiness({ db: app.db, config, storage: app.storage })).toEqual({
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', converters: 'ok' },
      });
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
      await rm(empty, { recursive: true, force: true });
      await rm(some, { recursive: true, force: true });
    }
  });
});
