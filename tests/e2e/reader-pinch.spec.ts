import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { type Published, publish, publisher, shown } from './support/publishing';

/**
 * Pinch zoom on a phone (project "phone": 360×740, touch), with real touch input from Chromium's
 * DevTools protocol (Input.dispatchTouchEvent: touch events and pointer events as a finger makes
 * them): spreading two fingers on the page opens the zoom with the 2480-px image, closing them
 * leaves it, and neither turns the page; a swipe still does.
 */
let book: Published;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const token = await publisher(page, { name: 'pinch publisher' });
  book = await publish(page.request, token, 'Reader pinch');
  await context.close();
});

type Point = { x: number; y: number };
const step = () => new Promise((r) => setTimeout(r, 16));

/** Two fingers around `center`, from `from` px apart to `to` px apart (horizontally), in 8 moves. */
async function pinch(cdp: CDPSession, center: Point, from: number, to: number): Promise<void> {
  const points = (gap: number) => [
    { x: center.x - gap / 2, y: center.y, id: 1 },
    { x: center.x + gap / 2, y: center.y + 10, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 8; i++) {
    await step();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** One finger moving `dx` px quickly (a swipe). */
async function swipe(cdp: CDPSession, at: Point, dx: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at, id: 3 }] });
  for (let i = 1; i <= 5; i++) {
    await step();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at.x + (dx * i) / 5, y: at.y, id: 3 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function centerOf(page: Page, selector: string): Promise<Point> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`no ${selector}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a pinch out zooms the page with the sharp image, a pinch in goes back, and swipes still turn @phone', async ({ page }) => {
  await page.goto(`${book.url.viewer}#page=2`);
  await shown(page, 2);
  await expect(page.locator('.qr')).toHaveAttribute('data-layout', 'slide');
  const cdp = await page.context().newCDPSession(page);
  const zoomImages: string[] = [];
  page.on('request', (r) => {
    if (/\/2480\/2\.(webp|jpg)/.test(r.url())) zoomImages.push(r.url());
  });

  // A hesitant pinch (1.1×) does nothing.
  await pinch(cdp, await centerOf(page, '.qr-stage .qr-page'), 100, 110);
  await page.waitForTimeout(300);
  await expect(page.locator('.qr-zoom')).toHaveCount(0);

  await pinch(cdp, await centerOf(page, '.qr-stage .qr-page'), 60, 220);
  await expect(page.locator('.qr-zoom')).toBeVisible();
  await expect(page.locator('.qr-zoom-img')).toHaveAttribute('src', /\/2480\/2\./);
  expect(zoomImages.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/#page=2$/);
  // The pages do not stay scaled once the fingers are up.
  await expect(page.locator('.qr-paged')).toHaveAttribute('style', /^(?!.*scale)/);

  await pinch(cdp, await centerOf(page, '.qr-zoom-pane'), 240, 60);
  await expect(page.locator('.qr-zoom')).toHaveCount(0);
  await expect(page).toHaveURL(/#page=2$/);

  // A pinch whose fingers move sideways together is still no swipe.
  await pinch(cdp, await centerOf(page, '.qr-stage .qr-page'), 200, 190);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/#page=2$/);

  await swipe(cdp, await centerOf(page, '.qr-stage .qr-page'), -200);
  await expect(page).toHaveURL(/#page=3$/);
  await shown(page, 3);
});
