import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleServerEntry, freePort, startServer, waitForOutput } from './bundle-support';
import { createPgDatabase, DIALECTS, tempDir } from './helpers';

/** Inside the repo so the bundle's external packages resolve from node_modules (.tmp/ is git-ignored). */
const BUNDLE = bundleServerEntry('main');

describe('main (the built server process)', () => {
  it('exits 1 naming the variable when the configuration is invalid', async () => {
    const run = startServer(BUNDLE, { QUIRE_PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Quire: invalid configuration — QUIRE_PORT: must be an integer between 1 and 65535 (got "abc")');
  });

  it.each(DIALECTS)('starts on %s, answers /healthz and exits 0 on SIGTERM', async (dialect) => {
    const dataDir = await tempDir('quire-main-');
    const port = await freePort();
    const env: Record<string, string> = {
      QUIRE_DATA_DIR: dataDir,
      QUIRE_PORT: String(port),
      QUIRE_HOST: '127.0.0.1',
      QUIRE_LOG_LEVEL: 'warn',
      QUIRE_PUBLIC_DIR: path.join(dataDir, 'no-client'),
    };
    if (dialect === 'postgres') env.QUIRE_DATABASE_URL = await createPgDatabase();
    const run = startServer(BUNDLE, env);
    try {
      await waitForOutput(run, 'Quire is running at');
      expect(run.stdout()).toContain(`Quire is running at http://127.0.0.1:${port}`);
      // Links are never built on a request's Host: the default public URL is printed.
      expect(run.stdout()).toContain(`Public URL (links in mail, redirects; QUIRE_PUBLIC_URL): http://localhost:${port}`);
      expect(run.stderr()).not.toContain('QUIRE_PUBLIC_URL');
      expect(run.stdout()).toContain(path.join(dataDir, 'outbox'));
      for (const dir of ['files', 'outbox']) expect(existsSync(path.join(dataDir, dir))).toBe(true);
      if (dialect === 'sqlite') expect(existsSync(path.join(dataDir, 'quire.db'))).toBe(true);

      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      const status = await fetch(`http://127.0.0.1:${port}/api/public/status?v=2`);
      expect(await status.json()).toMatchObject({ status: 'ok', content: { dialect } });
      // Server-rendered HTML: react-dom/server compiled into the bundle runs in the built process.
      const missing = await fetch(`http://127.0.0.1:${port}/publisher/nosuchaccount`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/^<!doctype html>\n<html lang="en"><head>.*<title>Page not found<\/title>.*<\/html>\n$/s);
      expect(run.stderr()).toBe('');

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
