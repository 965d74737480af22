// esbuild plugin: compiles Lingui 6 macros (`@lingui/*/macro`) with Babel before esbuild sees the file.
// Lingui ships no esbuild plugin (TECH-NOTES); this runs @lingui/babel-plugin-lingui-macro only on files
// that import a macro, keeping TypeScript and JSX for esbuild.
import { readFile } from 'node:fs/promises';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

export function linguiMacroPlugin({ configPath, production = true } = {}) {
  const linguiConfig = getConfig({ configPath, skipValidation: true });
  return {
    name: 'lingui-macro',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!MACRO_IMPORT.test(source)) return undefined;
        const out = await transformAsync(source, {
          filename: args.path,
          babelrc: false,
          configFile: false,
          sourceMaps: 'inline',
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: [[linguiMacro, { linguiConfig, descriptorFields: production ? 'id-only' : 'all' }]],
        });
        const loader = args.path.endsWith('x') ? (args.path.endsWith('.jsx') ? 'jsx' : 'tsx') : args.path.endsWith('.js') ? 'js' : 'ts';
        return { contents: out?.code ?? source, loader };
      });
    },
  };
}
