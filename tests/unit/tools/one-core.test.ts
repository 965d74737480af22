import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCoreChunkPlugin } from '../../../src/tools/esbuild-one-core.mjs';

// A small app: the entry uses a.js and b.js; two lazy modules each share one of them with it (esbuild
// alone gives the entry two shared chunks), one lazy module has a default export, and a package-like
// folder is left alone by `importers`.
const FILES: Record<string, string> = {
  'entry.js': `import { a } from './a.js';
import { b } from './b.js';
globalThis.ran = (globalThis.ran ?? 0) + 1;
export const loaded = Promise.all([import('./lazy1.js'), import('./lazy2.js'), import('./vendor/lib.js')]).then(([one, two, lib]) => [one.default(), two.two(), lib.lib(), a, b]);
`,
  'a.js': 'export const a = "a";\n',
  'b.js': 'export const b = "b";\n',
  'lazy1.js': 'import { a } from "./a.js";\nexport default () => "one:" + a;\n',
  'lazy2.js': 'import { b } from "./b.js";\nexport const two = () => "two:" + b;\n',
  'vendor/lib.js': 'export const lib = () => "lib";\n',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-one-core-'));
  await Promise.all(
    Object.entries(FILES).map(async ([name, text]) => {
      const file = join(dir, 'src', name);
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, text);
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function build(out: string, plugins: esbuild.Plugin[]) {
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: { app: 'src/entry.js' },
    outdir: join(dir, out),
    bundle: true,
    splitting: true,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((f) => outputs[f]?.entryPoint === 'src/entry.js') as string;
  const initial = new Set<string>();
  const walk = (f: string) => {
    if (initial.has(f)) return;
    initial.add(f);
    for (const imp of outputs[f]?.imports ?? []) if (imp.kind === 'import-statement') walk(imp.path);
  };
  walk(entry);
  return { entry: join(dir, entry), initial: [...initial] };
}

describe('esbuild-one-core: the entry’s first load in one chunk', () => {
  it('esbuild alone splits what the entry shares with lazy modules into several chunks', async () => {
    const { initial } = await build('plain', []);
    expect(initial.length).toBe(3);
  });

  it('with the plugin the first load is the entry and one chunk, and the app still runs once with its lazy modules', async () => {
    const plugin = oneCoreChunkPlugin({ core: join(dir, 'src/entry.js'), importers: /^(?!.*[\\/]vendor[\\/])/ });
    const { entry, initial } = await build('one', [plugin]);
    expect(initial.length).toBe(2);
    const app = await import(pathToFileURL(entry).href);
    expect(await app.loaded).toEqual(['one:a', 'two:b', 'lib', 'a', 'b']);
    expect((globalThis as { ran?: number }).ran).toBe(1);
  });
});
