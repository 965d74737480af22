import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/server/config';
// @ts-expect-error — plain JS module without types
import { serverBundleOptions } from '../../src/tools/server-bundle.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The pinned Node 24 (node_modules/.bin/node), else the one running the tests. */
export const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node')) ? path.join(ROOT, 'node_modules/.bin/node') : process.execPath;

/** The entry of the image encoder the server starts, built beside every server bundle (convert/encoder.ts). */
export const ENCODER_ENTRY = { 'image-encoder': path.join(ROOT, 'src/server/convert/encoder-process.ts') };

/** The server entries the suite can bundle: name → source. */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  cli: 'src/server/cli.ts',
  worker: 'src/server/jobs/worker-main.ts',
} as const;
export type ServerEntry = keyof typeof SERVER_ENTRIES;

/**
 * Bundles a server entry (`src/server/<name>.ts`) for the suite into a folder of its own, as build.mjs
 * does (the same options: packages external but React, Lingui macros compiled; the image encoder
 * beside it), and removes it
 * afterwards. Answers the bundle path.
 */
export function bundleServerEntry(name: ServerEntry): string {
  return bundleServerEntries([name])[name] as string;
}

/** Several entries in one build (one folder): answers each bundle's path by name. */
export function bundleServerEntries<N extends ServerEntry>(names: N[]): Record<N, string> {
  const outDir = path.join(ROOT, 'tests/server/.tmp', `${names.join('-')}-${process.pid}`);
  const bundles = Object.fromEntries(names.map((name) => [name, path.join(outDir, `${name}.js`)])) as Record<N, string>;
  beforeAll(async () => {
    await mkdir(outDir, { recursive: true });
    await build({
      ...serverBundleOptions({ configPath: path.join(ROOT, 'locales/lingui.config.ts') }),
      absWorkingDir: ROOT,
      entryPoints: { ...Object.fromEntries(names.map((name) => [name, path.join(ROOT, SERVER_ENTRIES[name])])), ...ENCODER_ENTRY },
      outdir: outDir,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
    await rmdir(path.dirname(outDir)).catch(() => {});
  });
  return bundles;
}
/** The environment of an admin command (`cli.js`) run against a test app's database and data folder, plus `extra`. */
export function cliEnv(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', QUIRE_DATA_DIR: config.dataDir, ...extra };
  if (config.database.kind === 'postgres') env.QUIRE_DATABASE_URL = config.database.url;
  return env;
}

/** Runs a bundled entry (the admin command) to its exit; answers its code and output. */
export function runBundle(
  bundle: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [bundle, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServerRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts a bundled server entry with only PATH and `env` in its environment. */
export function startServer(bundle: string, env: Record<string, string>): ServerRun {
  const child = spawn(NODE, [bundle], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the process printed `text` on stdout (fails if it exits first). */
export async function waitForOutput(run: ServerRun, text: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!run.stdout().includes(text)) {
    if (run.child.exitCode !== null) throw new Error(`server exited ${run.child.exitCode}: ${run.stderr()}`);
    if (Date.now() > until) throw new Error(`timed out waiting for "${text}"; stdout: ${run.stdout()} stderr: ${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
