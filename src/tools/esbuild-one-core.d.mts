import type { Plugin } from 'esbuild';

/** esbuild plugin: every `import()` target of `importers` also imports `core`, so the entry's first load is one chunk (esbuild-one-core.mjs). */
export function oneCoreChunkPlugin(options: { core: string; importers: RegExp }): Plugin;
