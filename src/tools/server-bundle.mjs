// esbuild options of the server bundle (build.mjs, and tests/server/bundle-support.ts for the suite's
// own bundles), so a test bundle is built exactly as the shipped one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { linguiMacroPlugin } from './esbuild-lingui.mjs';

/**
 * Packages compiled into the bundle; every other one stays in node_modules. React renders the server's
 * HTML (src/server/html/render.tsx) and is compiled in as its production build whatever NODE_ENV the
 * server runs with: the development build renders several times slower and warns on the console.
 */
const BUNDLED_PACKAGES = /^(?:react|react-dom|scheduler)(?:\/|$)/;

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * `import text from './x.css?raw'`: the file's text (Vite's spelling, which the server tests run
 * under): the public pages' stylesheet is the app's own CSS files (src/server/site/style.ts).
 */
const rawText = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};

/** @param {{ configPath: string, production?: boolean }} options */
export function serverBundleOptions({ configPath, production = true }) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // The compiled-in CommonJS (React) requires Node's built-ins: an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __quireRequire } from 'node:module'; const require = __quireRequire(import.meta.url);" },
    plugins: [rawText, externalPackages, linguiMacroPlugin({ configPath, production })],
  };
}
