import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { linguiMacroPlugin } from '../../stories/.storybook/lingui-macro-plugin.ts';

/** Unit tests: plain Node (fetch, node:http); no DOM. */
export default defineProject({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // Message tables (`msg` from @lingui/core/macro) compile as in the app.
  plugins: [linguiMacroPlugin({ configPath: fileURLToPath(new URL('../../locales/lingui.config.ts', import.meta.url)) })],
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // `import text from './x.css?raw'` (the public pages' stylesheet, src/server/site/style.ts) reads the file.
    css: { include: [/\.css\?raw$/] },
  },
});
