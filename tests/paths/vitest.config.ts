/**
 * Generated path tests (DESIGN §7): `vitest run --config tests/paths/vitest.config.ts`.
 * Root is the repository; the custom reporter prints the per-machine coverage table once at the end.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import PathsCoverageReporter from './reporter.ts';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'paths',
    include: ['tests/paths/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', new PathsCoverageReporter()],
  },
});
