import type { BrowserContext } from '@playwright/test';

/**
 * The statistics (issue 17) leave out automated browsers: the reader sends `wd: 1` when
 * navigator.webdriver is set (as it is under Playwright), and the beacon drops headless user agents.
 * A test that wants its reading counted makes its context look like a person's browser: webdriver off
 * and, for contexts without a device's agent, an ordinary Chrome user agent (pass it to newContext).
 */
export const READER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export async function countedAsReader(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
  });
}
