import { expect, type Page, test } from '@playwright/test';
import { publish, publisher, shown } from './support/publishing';
import { look } from './support/visual';

/**
 * The reader's top bar on a phone (issue 22): the publication's title is shown (ellipsised, named in
 * full), the toolbar keeps what fits and a "More" menu button holds the rest, so no control sits
 * off-screen. The menu is a WAI-ARIA menu button: arrows, Home/End, Escape back to the button, closed by
 * a press outside and by choosing an item. The book has the page-turn sound (on by default) and open
 * comments, the two controls the issue found off-screen. Screenshots are kept in
 * `.tmp/e2e-results/visual/reader-more-*.png`.
 */
const TITLE = 'A field guide to the lighthouses of the northern coast';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** The top bar's controls that show, each with its box (the menu's own items left out). */
const barControls = (page: Page) =>
  page.locator('.qr-top').evaluate((top) =>
    [...top.querySelectorAll('button, a[href], select')]
      .filter((el) => !el.closest('[role="menu"]'))
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', rect: el.getBoundingClientRect().toJSON() as DOMRect }))
      .filter((c) => c.rect.width > 0 && c.rect.height > 0),
  );

/** The title shows (ellipsised, named in full) and every control of the bar lies inside the window. */
async function barFits(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const title = page.locator('.qr-top .qr-title');
  await expect(title).toBeVisible();
  await expect(title).toHaveAttribute('title', TITLE);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const box = await title.boundingBox();
  // A readable start of the title, not a sliver.
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(80);
  const controls = await barControls(page);
  expect(controls.length).toBeGreaterThanOrEqual(3);
  for (const c of controls) {
    expect.soft(c.rect.left, `${c.name} inside the window`).toBeGreaterThanOrEqual(0);
    expect.soft(c.rect.right, `${c.name} inside the window`).toBeLessThanOrEqual(width);
  }
  await expect(page.getByRole('button', { name: 'More' })).toBeVisible();
}

test.describe('reader top bar on a phone', () => {
  test('shows the title and keeps every control reachable through the More menu @phone', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await publisher(page, { name: 'harbour press' });
    const book = await publish(page.request, token, TITLE, { comment_mode: '4' });
    const errors = consoleErrors(page);
    await page.goto(book.url.viewer);
    await shown(page, 1);

    // 360 × 740 (the project's phone).
    await barFits(page);
    expect(await look(page, 'reader-more-360')).toEqual([]);

    const more = page.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('menu', { name: 'More' });
    await expect(menu).toBeHidden();

    // Open: it lists what left the toolbar, mute and comments among them, the first item focused.
    await more.tap();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Mute sound' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Comments' })).toBeVisible();
    // Nothing is listed twice: what the menu holds is not in the toolbar.
    await expect(page.locator('.qr-tools button.qr-mute')).toBeHidden();
    const items = menu.locator('[role^="menuitem"]');
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(items.first()).toBeFocused();
    expect(await look(page, 'reader-more-360-open')).toEqual([]);
    // Every item lies inside the window.
    for (const rect of await items.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(360);
      expect(rect.bottom).toBeLessThanOrEqual(740);
    }

    // Keys: arrows move and wrap, Home/End go to the ends; the page does not turn.
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(items.first()).toBeFocused();
    await expect(page).not.toHaveURL(/#page=[2-9]/);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    // ArrowDown on the button opens it again.
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(more).toBeFocused();

    // A press outside closes it.
    await more.tap();
    await expect(menu).toBeVisible();
    await page.locator('.qr-title').tap();
    await expect(menu).toBeHidden();
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // Comments: the item opens the comments panel and the menu closes.
    await more.tap();
    await menu.getByRole('menuitem', { name: 'Comments' }).tap();
    await expect(menu).toBeHidden();
    const panel = page.getByRole('complementary', { name: 'Comments' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No comments yet.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Sound: the item mutes (remembered by the mute control itself), and then offers to turn it on.
    await more.tap();
    await menu.getByRole('menuitem', { name: 'Mute sound' }).tap();
    await expect(menu).toBeHidden();
    await expect(page.locator('button.qr-mute')).toHaveAttribute('aria-pressed', 'true');
    await more.tap();
    await expect(menu.getByRole('menuitem', { name: 'Turn sound on' })).toBeVisible();
    // The view: its choices are radio items, the current one checked; choosing one changes the layout.
    const view = menu.getByRole('group', { name: 'View' });
    await expect(view.getByRole('menuitemradio', { checked: true })).toHaveCount(1);
    await view.getByRole('menuitemradio', { name: 'Scroll' }).tap();
    await expect(menu).toBeHidden();
    await expect(page.locator('.qr')).toHaveAttribute('data-layout', 'scroll');
    await more.tap();
    await expect(view.getByRole('menuitemradio', { name: 'Scroll' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // 320 px wide: the same, with fewer tools inline.
    await page.setViewportSize({ width: 320, height: 640 });
    await barFits(page);
    expect(await look(page, 'reader-more-320')).toEqual([]);
    await more.tap();
    await expect(menu.getByRole('menuitem', { name: 'Comments' })).toBeVisible();
    expect(await look(page, 'reader-more-320-open')).toEqual([]);
    await page.keyboard.press('Escape');

    // 414 px, and a phone held sideways: the bar still fits.
    await page.setViewportSize({ width: 414, height: 896 });
    await barFits(page);
    expect(await look(page, 'reader-more-414')).toEqual([]);
    await page.setViewportSize({ width: 740, height: 360 });
    await expect(page.locator('.qr-top .qr-title')).toBeVisible();
    for (const c of await barControls(page)) expect.soft(c.rect.right, `${c.name} inside the window`).toBeLessThanOrEqual(740);
    expect(await look(page, 'reader-more-landscape')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('reader top bar on a desktop', () => {
  test('keeps every control inline at 1280 px, without a More button', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await publisher(page, { name: 'desk press' });
    const book = await publish(page.request, token, TITLE, { comment_mode: '4' });
    await page.goto(book.url.viewer);
    await shown(page, 1);
    const bar = page.getByRole('toolbar');
    await expect(bar.getByRole('button', { name: 'Comments', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Mute sound' })).toBeVisible();
    await expect(bar.getByRole('combobox', { name: 'View' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More' })).toBeHidden();
    await expect(page.locator('.qr-top .qr-title')).toHaveText(TITLE);
    expect(await look(page, 'reader-more-1280')).toEqual([]);
  });
});
