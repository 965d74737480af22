import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Server tests: through the app factory against real SQLite and PostgreSQL databases. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'server',
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    pool: 'forks',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
