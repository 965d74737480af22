/**
 * Generated path tests (DESIGN §7): `vitest run --config tests/paths/vitest.config.ts`.
 * Root is the repository; the custom reporter prints the per-machine coverage tables once at the end.
 * Two projects: `paths` (Node: every machine's generated paths on inert actors) and `paths-ui`
 * (Chromium, headless: the same paths of the seven machines the owner named drive their real React
 * views; tests/paths/ui/README in ../README.md).
 */
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import storybookVite from '../../stories/.storybook/vite.config.ts';
import PathsCoverageReporter from './reporter.ts';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    reporters: ['default', new PathsCoverageReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: 'paths',
          include: ['tests/paths/**/*.test.ts'],
          exclude: ['tests/paths/ui/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // The Storybook Vite setup: React, the Lingui macro, PO catalogs as compiled messages.
        plugins: storybookVite.plugins,
        test: {
          name: 'paths-ui',
          include: ['tests/paths/ui/**/*.test.tsx'],
          testTimeout: 60_000,
          // A view shows a state at once or not at all: fail fast instead of polling for the default 15 s.
          expect: { poll: { timeout: 3000, interval: 10 } },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
