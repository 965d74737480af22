import { existsSync } from 'node:fs';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error — plain JS module without types
import { linguiMacroPlugin } from '../../src/tools/esbuild-lingui.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The pinned Node 24 (node_modules/.bin/node), else the one running the tests. */
export const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node')) ? path.join(ROOT, 'node_modules/.bin/node') : process.execPath;

/**
 * Bundles a server entry (`src/server/<name>.ts`) for the suite into a folder of its own, as build.mjs
 * does (packages external, Lingui macros compiled), and removes it afterwards. Answers the bundle path.
 */
export function bundleServerEntry(name: 'main' | 'cli'): string {
  const outDir = path.join(ROOT, 'tests/server/.tmp', `${name}-${process.pid}`);
  const bundle = path.join(outDir, `${name}.js`);
  beforeAll(async () => {
    await mkdir(outDir, { recursive: true });
    await build({
      entryPoints: [path.join(ROOT, `src/server/${name}.ts`)],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      logLevel: 'silent',
      plugins: [linguiMacroPlugin({ configPath: path.join(ROOT, 'locales/lingui.config.ts') })],
    });
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
    await rmdir(path.dirname(outDir)).catch(() => {});
  });
  return bundle;
}
