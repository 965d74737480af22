import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiMacroPlugin } from '../../stories/.storybook/lingui-macro-plugin.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Server tests: through the app factory against real SQLite and PostgreSQL databases. */
export default defineConfig({
  root,
  // Mail strings are Lingui macros (src/server/mail/messages.ts), compiled like the server bundle does.
  plugins: [linguiMacroPlugin({ configPath: fileURLToPath(new URL('../../locales/lingui.config.ts', import.meta.url)) })],
  test: {
    name: 'server',
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    pool: 'forks',
    environment: 'node',
    // `import text from './x.css?raw'` (the public pages' stylesheet, src/server/site/style.ts) reads the file.
    css: { include: [/\.css\?raw$/] },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
