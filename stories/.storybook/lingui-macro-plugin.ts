/**
 * Vite plugin (Storybook / Vitest browser mode only; the app is built by esbuild with
 * src/tools/esbuild-lingui.mjs): compiles Lingui 6 macros with Babel before any other transform.
 * Only files whose code mentions `@lingui/…macro` are touched; Babel gets the TypeScript/JSX
 * *syntax* only, so types and JSX come out unchanged for the React plugin and Vite's own transform.
 */
import { transformAsync } from '@babel/core';
import linguiMacro, { type LinguiPluginOpts } from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';

export interface LinguiMacroPluginOptions {
  /** Lingui config file (Lingui requires one); defaults to LINGUI_CONFIG or a search from cwd. */
  configPath?: string;
  /**
   * Descriptor fields kept by the macro. Storybook keeps the English source text ('all') so stories
   * render without compiled catalogs (see src/web/i18n/testing.ts).
   */
  descriptorFields?: LinguiPluginOpts['descriptorFields'];
}

const SOURCE = /\.[cm]?[jt]sx?$/;
const MACRO = /@lingui\/[\w-]+\/macro|@lingui\/macro/;

export function linguiMacroPlugin(options: LinguiMacroPluginOptions = {}): Plugin {
  let linguiConfig: LinguiPluginOpts['linguiConfig'];
  return {
    name: 'quire:lingui-macro',
    enforce: 'pre',
    transform: {
      filter: { id: { include: SOURCE, exclude: /[\\/]node_modules[\\/]/ }, code: MACRO },
      async handler(code, id) {
        const file = id.split('?')[0] ?? id;
        if (!SOURCE.test(file) || /[\\/]node_modules[\\/]/.test(file) || !MACRO.test(code)) return null;
        linguiConfig ??= getConfig({ configPath: options.configPath, skipValidation: true });
        const ts = /\.[cm]?tsx?$/.test(file);
        const jsx = /x$/.test(file) || !ts; // `<T>(x)` in a .ts file is a cast, not JSX
        const parserPlugins: ('typescript' | 'jsx')[] = [];
        if (ts) parserPlugins.push('typescript');
        if (jsx) parserPlugins.push('jsx');
        const out = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: parserPlugins },
          plugins: [[linguiMacro, { linguiConfig, descriptorFields: options.descriptorFields ?? 'all' } satisfies LinguiPluginOpts]],
        });
        if (!out?.code) return null;
        return { code: out.code, map: out.map ?? null };
      },
    },
  };
}
