import { expect, type Page, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';

/**
 * The reader on a phone (project "phone": 360×740, touch): slide layout, swipes turn pages. Touch
 * swipes are synthesized as PointerEvents (pointerType touch) on the stage, which is what
 * src/viewer/render/gestures.ts listens to; the moves are spread over ~100 ms so the velocity is a
 * real swipe's (≥ 0.6 px/ms, SPEC §9) rather than an instant jump.
 */
async function swipe(page: Page, dx: number): Promise<void> {
  await page.locator('.qr-stage').evaluate(async (stage, dx) => {
    const rect = stage.getBoundingClientRect();
    const y = rect.top + rect.height / 2;
    const x0 = rect.left + rect.width / 2 - dx / 2;
    const fire = (type: string, x: number) =>
      stage.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          composed: true,
          pointerId: 7,
          pointerType: 'touch',
          isPrimary: true,
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          clientX: x,
          clientY: y,
        }),
      );
    const wait = () => new Promise((r) => setTimeout(r, 16));
    fire('pointerdown', x0);
    for (let i = 1; i <= 6; i++) {
      await wait();
      fire('pointermove', x0 + (dx * i) / 6);
    }
    fire('pointerup', x0 + dx);
  }, dx);
}

test.describe('reader on a phone', () => {
  test('opens in slide mode and turns pages by swiping @phone', async ({ page }) => {
    const token = await publisher(page, { name: 'phone publisher' });
    const book = await publish(page.request, token, 'Phone swipe');
    await page.goto(book.url.viewer);
    await shown(page, 1);
    await expect(page.locator('.qr')).toHaveAttribute('data-layout', 'slide');
    await expect(page.locator('.qr-stage .qr-page')).toHaveCount(1);

    await swipe(page, -200);
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 2);
    await expect(page.locator('.qr-stage .qr-page')).toHaveCount(1);

    await swipe(page, -200);
    await expect(page).toHaveURL(/#page=3$/);
    await swipe(page, 200);
    await expect(page).toHaveURL(/#page=2$/);
    await shown(page, 2);

    // A slow drag is not a swipe: the page stays.
    await page.locator('.qr-stage').evaluate(async (stage) => {
      const r = stage.getBoundingClientRect();
      const opts = { bubbles: true, pointerId: 8, pointerType: 'touch', isPrimary: true, clientY: r.top + 100 };
      stage.dispatchEvent(new PointerEvent('pointerdown', { ...opts, clientX: r.left + 250 }));
      await new Promise((res) => setTimeout(res, 400));
      stage.dispatchEvent(new PointerEvent('pointerup', { ...opts, clientX: r.left + 150 }));
    });
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/#page=2$/);
  });

  test('shows the presentation: background colour, logo link, license badge and a remembered mute toggle @phone', async ({ page }) => {
    const token = await publisher(page, { name: 'phone presenter' });
    const book = await publish(page.request, token, 'Phone presentation', {
      'bg.url': '#123456',
      'logo.url': 'https://example.com/logo.png',
      'logo.link': 'https://example.com/',
      license_mode: 'by_nc',
    });
    // The logo image is an outside address: answer it locally so the test stays offline.
    await page.route('https://example.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(book.url.viewer);
    await shown(page, 1);
    await expect(page.locator('.qr')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
    const logo = page.locator('a.qr-logo');
    await expect(logo).toHaveAttribute('href', 'https://example.com/');
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('rel', 'noopener noreferrer');
    // The badge is hidden on narrow screens, but present with its deed.
    const license = page.locator('.qr-license');
    await expect(license).toHaveText('CC BY-NC');
    await expect(license).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-nc/4.0/');

    // Page-turn sound is on by default (sfx.mode 0): one mute button, remembered across visits. On a
    // 360 px phone it waits in the toolbar's More menu (reader-more.spec.ts).
    const mute = page.locator('button.qr-mute');
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'More' }).tap();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: 'Mute sound' }).tap();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await shown(page, 1);
    await expect(page.locator('button.qr-mute')).toHaveAttribute('aria-pressed', 'true');
  });
});
