import type { BrowserContext, Page } from '@playwright/test';

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

/**
 * Sends what the reader holds (its page views) as if the tab were left, and waits for the beacon.
 * Leaving for real does send it, but headless Chromium sends a beacon of an unloading page with its own
 * `HeadlessChrome` agent (not the context's), which the statistics leave out as a bot.
 */
export async function sendReaderStats(page: Page): Promise<void> {
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/e'), { timeout: 5000 }).catch(() => null);
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  await sent;
}
