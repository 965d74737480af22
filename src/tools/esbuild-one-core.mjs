// esbuild plugin: the app's first load in one chunk instead of one chunk per set of lazy modules.
// esbuild's code splitting puts a file in a chunk by the set of entry points (the entry and every
// `import()` target) that reach it, so every module the entry shares with some page became its own
// small chunk (26 initial files, each paying its own gzip overhead; measured 123.5 KB gzip file by
// file against 117.6 KB for the same bytes in one file). Here every `import()` target of the app's
// own code also imports the entry (`core`): each module of the first load is then reached by every
// entry point and all of them share one chunk. The entry has always run before any of its lazy
// modules loads, so that import adds no evaluation, and nothing only a lazy module uses joins the
// first load (its set still lacks the entry).
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const DEFAULT_EXPORT = /\bexport\s+default\b|\bas\s+default\b/;

/**
 * @param {{ core: string, importers: RegExp }} options `core`: the entry's absolute path; `importers`:
 * the files whose `import()` targets get the core import (the app's own source, not another entry's).
 */
export function oneCoreChunkPlugin({ core, importers }) {
  return {
    name: 'one-core-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.oneCore || !importers.test(args.importer)) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { oneCore: true },
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external) return undefined;
        // A suffix of its own: other plugins' onLoad filters (Lingui's) must not take the wrapper for the file.
        return { path: `${resolved.path}?one-core`, namespace: 'one-core' };
      });
      build.onLoad({ filter: /.*/, namespace: 'one-core' }, async (args) => {
        const file = args.path.slice(0, -'?one-core'.length);
        const target = JSON.stringify(file);
        const hasDefault = DEFAULT_EXPORT.test(await readFile(file, 'utf8'));
        return {
          contents: `import ${JSON.stringify(core)};\nexport * from ${target};\n${hasDefault ? `export { default } from ${target};\n` : ''}`,
          resolveDir: dirname(file),
          loader: 'js',
        };
      });
    },
  };
}
