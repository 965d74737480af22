import { defineConfig, devices } from '@playwright/test';
import { billingEnv } from './support/billing';
import { E2E_OAUTH_URL, mockProviderEnv, SUPPORT_CHAT_PATH } from './support/oauth-provider';
import { DATA_DIR, DIST, E2E_PORT, RESULTS_DIR } from './support/paths';

const PORT = E2E_PORT;
const dist = DIST;
const dataDir = DATA_DIR;

/** Debian's Chromium (installed by src/tools/setup.sh); Playwright never downloads a browser here. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: RESULTS_DIR,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions }, grepInvert: /@phone|@timing/ },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions },
      grep: /@phone/,
    },
    {
      name: 'timing',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions },
      grep: /@timing/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    // The built server (npm test builds first) on its embedded defaults, in a throwaway data folder.
    command: `rm -rf ${dataDir} && node ${dist}/server/main.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      QUIRE_PORT: String(PORT),
      QUIRE_PUBLIC_DIR: `${dist}/public`,
      QUIRE_HOST: '127.0.0.1',
      QUIRE_DATA_DIR: dataDir,
      QUIRE_DEV: '1',
      // Every e2e user comes from 127.0.0.1: per-IP limits scaled (per-address limits stay as they are).
      QUIRE_IP_LIMIT_SCALE: '50',
      QUIRE_LOG_LEVEL: 'warn',
      QUIRE_SMTP_URL: `smtp://127.0.0.1:${process.env.QUIRE_E2E_SMTP_PORT ?? 4391}`,
      QUIRE_PUBLIC_URL: `http://localhost:${PORT}`,
      // Contact messages are mailed here (tests/e2e/contact.spec.ts reads them from the SMTP capture).
      QUIRE_SUPPORT_EMAIL: 'support@quire.test',
      // Social sign-in against the mock provider global-setup starts.
      ...mockProviderEnv(E2E_OAUTH_URL),
      // A support chat script from another origin (the mock provider serves it): loaded only with consent (tour.spec.ts).
      QUIRE_SUPPORT_CHAT_URL: `${E2E_OAUTH_URL}${SUPPORT_CHAT_PATH}`,
      // Plans sold by card against the Stripe fake global-setup starts, and by bank transfer (billing.spec.ts).
      ...billingEnv(),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
