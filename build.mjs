#!/usr/bin/env node
// Builds Quire: translation catalogs (JSONP), the browser entries (esbuild, code splitting, hashed
// names, manifest, precompressed), index.html, and the server bundle. `node build.mjs [--dev]`.
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zc } from 'node:zlib';
import * as esbuild from 'esbuild';
import { compileCatalogs, LINGUI_CONFIG } from './src/tools/compile-catalogs.mjs';
import { linguiMacroPlugin } from './src/tools/esbuild-lingui.mjs';
import { oneCoreChunkPlugin } from './src/tools/esbuild-one-core.mjs';
import { serverBundleOptions } from './src/tools/server-bundle.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes('--dev');
// QUIRE_DIST builds elsewhere (inside the repo, so the server bundle still finds node_modules):
// several people can build and run end-to-end tests side by side without overwriting one dist.
const out = process.env.QUIRE_DIST ? resolve(root, process.env.QUIRE_DIST) : join(root, 'dist');
const pub = join(out, 'public');
const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru'];
/** Browser entries: name → source (the widget entry joins here in a later issue). */
const ENTRIES = { app: 'src/web/main.tsx', viewer: 'src/viewer/main.ts' };

const started = performance.now();
await rm(out, { recursive: true, force: true });
await mkdir(join(pub, 'assets'), { recursive: true });

// 1. Catalogs: PO → compiled JSON (Lingui's compiler) → the server's dist/server/locales/{lang}/messages.json
// (src/server/i18n.ts) and JSONP scripts at /platform/locales/{lang}/platform.js for the browser.
const compiled = await compileCatalogs(join(root, 'locales'), join(out, 'server/locales'));
const catalogVersions = {};
for (const lang of LANGUAGES) {
  const messages = compiled[lang];
  const body = `window.__quireCatalog&&window.__quireCatalog(${JSON.stringify(lang)},${JSON.stringify(messages)});\n`;
  catalogVersions[lang] = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const dir = join(pub, 'platform/locales', lang);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'platform.js'), body);
}

// 2. Browser bundles. The reader is bundled on its own: sharing chunks with the app would split the
// app's initial JS into more files (measured +1.1 KB gzip on the app) for no gain, since readers and
// publishers rarely load both.
const bundle = (entryPoints, plugins = []) =>
  esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: join(pub, 'assets'),
    publicPath: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    platform: 'browser',
    jsx: 'automatic',
    minify: !dev,
    sourcemap: dev ? 'inline' : 'linked',
    metafile: true,
    legalComments: 'none',
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      __CATALOG_VERSIONS__: JSON.stringify(catalogVersions),
    },
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    // React 19 has useSyncExternalStore: the shim's fallback (for React < 18) that @xstate/react, Lingui
    // and wouter import is dead code; the package's own entries use React's hook.
    alias: {
      'use-sync-external-store/shim/index.js': 'use-sync-external-store',
      'use-sync-external-store/shim': 'use-sync-external-store',
    },
    plugins: [linguiMacroPlugin({ configPath: LINGUI_CONFIG, production: !dev }), ...plugins],
    logLevel: 'warning',
  });
const { viewer: viewerSource, ...sharedEntries } = ENTRIES;
// The app's first load is one chunk (src/tools/esbuild-one-core.mjs): its lazy modules import the entry.
// (An entry joining this build needs its lazy modules kept out of `importers`.)
const appCore = oneCoreChunkPlugin({ core: join(root, ENTRIES.app), importers: /^(?!.*[\\/]node_modules[\\/])/ });
const results = await Promise.all([bundle(sharedEntries, [appCore]), bundle({ viewer: viewerSource })]);
const result = {
  metafile: {
    inputs: Object.assign({}, ...results.map((r) => r.metafile.inputs)),
    outputs: Object.assign({}, ...results.map((r) => r.metafile.outputs)),
  },
};

// 3. Manifest: each entry's initial JS (entry + statically imported chunks) and CSS.
const outputs = result.metafile.outputs;
// `QUIRE_METAFILE=1 node build.mjs` keeps esbuild's metafile (what each bundle holds) for size work.
if (process.env.QUIRE_METAFILE) await writeFile(join(out, 'meta.json'), JSON.stringify(result.metafile));
const url = (file) => `/${relative(pub, join(root, file)).split('\\').join('/')}`;
/**
 * Entries whose own dynamic imports are initial JS too: the reader's entry evaluates its reader chunk
 * after page 1 is painted (src/viewer/main.ts) but read.html fetches it along (modulepreload below), so
 * it counts in the entry's budget.
 */
const PRELOADED_IMPORTS = new Set(['viewer']);
function initialJs(file, seen = new Set(), dynamic = false) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of outputs[file]?.imports ?? []) {
    if (imp.external) continue;
    if (imp.kind === 'import-statement' || (dynamic && imp.kind === 'dynamic-import')) initialJs(imp.path, seen);
  }
  return seen;
}
const manifest = { builtAt: new Date().toISOString(), catalogs: catalogVersions, entries: {} };
for (const [file, meta] of Object.entries(outputs)) {
  if (!meta.entryPoint) continue;
  const name = Object.entries(ENTRIES).find(([, src]) => meta.entryPoint === src)?.[0];
  if (!name) continue;
  manifest.entries[name] = {
    js: [...initialJs(file, new Set(), PRELOADED_IMPORTS.has(name))].map(url),
    css: meta.cssBundle ? [url(meta.cssBundle)] : [],
  };
}
await writeFile(join(pub, 'manifest.json'), JSON.stringify(manifest, null, 2));

// 4. index.html for the app entry.
const app = manifest.entries.app;
const template = await readFile(join(root, 'src/web/index.html'), 'utf8');
const head = [
  ...app.css.map((h) => `<link rel="stylesheet" href="${h}">`),
  `<script type="module" src="${app.js[0]}"></script>`,
  ...app.js.slice(1).map((h) => `<link rel="modulepreload" href="${h}">`),
].join('\n    ');
await writeFile(join(pub, 'index.html'), template.replace('<!--quire-head-->', head));

// 4b. read.html for the reader entry (the server serves it at /read/<bookId> and injects the config).
const viewer = manifest.entries.viewer;
const readTemplate = await readFile(join(root, 'src/viewer/read.html'), 'utf8');
const readHead = [
  ...viewer.css.map((h) => `<link rel="stylesheet" href="${h}">`),
  `<script type="module" src="${viewer.js[0]}"></script>`,
  ...viewer.js.slice(1).map((h) => `<link rel="modulepreload" href="${h}">`),
].join('\n    ');
await writeFile(join(pub, 'read.html'), readTemplate.replace('<!--quire-head-->', readHead));
await writeFile(join(pub, 'favicon.svg'), await readFile(join(root, 'src/web/favicon.svg')));
// 4c. The feature pages' screenshots (npm run screenshots) beside the server bundle: served by
// src/server/site/features/shots.ts from dist/server/screenshots.
await cp(join(root, 'src/server/site/screenshots'), join(out, 'server/screenshots'), { recursive: true });

// 5. Precompressed siblings for text assets.
const gz = promisify(gzip);
const br = promisify(brotliCompress);
const compressible = Object.keys(outputs).filter((f) => /\.(js|css|svg)$/.test(f));
const extra = LANGUAGES.map((l) => relative(root, join(pub, 'platform/locales', l, 'platform.js')));
await Promise.all(
  [...compressible, ...extra].map(async (f) => {
    const buf = await readFile(join(root, f));
    if (buf.length < 1024) return;
    await writeFile(`${join(root, f)}.gz`, await gz(buf, { level: 9 }));
    await writeFile(`${join(root, f)}.br`, await br(buf, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }));
  }),
);

// 6. Server bundle (dependencies stay in node_modules but React, src/tools/server-bundle.mjs): the
// server, the admin command and the stand-alone conversion worker, and the image encoder they start as
// a child process (convert/encoder.ts).
await esbuild.build({
  ...serverBundleOptions({ configPath: LINGUI_CONFIG, production: !dev }),
  absWorkingDir: root,
  entryPoints: {
    main: 'src/server/main.ts',
    cli: 'src/server/cli.ts',
    worker: 'src/server/jobs/worker-main.ts',
    'image-encoder': 'src/server/convert/encoder-process.ts',
  },
  outdir: join(out, 'server'),
  sourcemap: 'linked',
  logLevel: 'warning',
});

// 7. The blog's shipped Markdown posts and images beside the server bundle (src/server/blog/posts.ts).
await cp(join(root, 'src/server/blog/posts'), join(out, 'server/blog-posts'), { recursive: true });

const ms = Math.round(performance.now() - started);
console.log(`Built ${Object.keys(manifest.entries).join(', ')} + server in ${ms} ms → ${relative(root, out)}/`);
