import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the feature pages' screenshots (src/server/site/screenshots), taken from the
 * built app as the e2e run starts it (throwaway data folder, dev mode, mail captured) by
 * screenshots.shoot.ts. Not part of `npm test`; run it after a visible change and commit the images.
 */
export default defineConfig({
  ...base,
  testMatch: 'screenshots.shoot.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 300_000,
  projects: [{ name: 'screenshots', use: { ...base.use, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } }],
});
