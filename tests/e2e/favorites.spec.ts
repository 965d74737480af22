import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';
import { publish, publisher, shown } from './support/publishing';

/**
 * Favourite publications in Chromium (issue 16): a signed-in reader hearts one book in the reader and
 * another on its publication page, finds both in /account/favorite (newest first), removes one, undoes
 * it, removes it again; a signed-out reader is led to sign in and back to the book, from the reader and
 * from the publication page; inside an embed the heart opens the publication page in a new tab; a
 * private book read through its link has no heart.
 */
async function readerContext(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await publisher(page, { name });
  return { context, page };
}

/** A plain page of another origin (someone's site) with this HTML in its body. */
async function otherSite(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Someone's site</title></head><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const heart = (page: Page, on: boolean) => page.getByRole('button', { name: on ? 'In your favourites' : 'Add to favourites', exact: true });

test.describe('favourites', () => {
  // Each test signs in accounts (mailed codes) and converts publications.
  test.setTimeout(240_000);

  test('a reader hearts books in the reader and on the publication page, and keeps them in /account/favorite', async ({
    page,
    browser,
  }) => {
    const token = await publisher(page, { name: 'hearty publisher' });
    const [first, second] = await Promise.all([
      publish(page.request, token, 'Herbarium of the north'),
      publish(page.request, token, 'Lighthouses of the coast'),
    ]);
    const { context, page: reader } = await readerContext(browser, 'hearty reader');

    // The reader's toolbar: the heart toggles and stays after a reload.
    await reader.goto(first.url.viewer);
    await shown(reader, 1);
    await expect(heart(reader, false)).toHaveAttribute('aria-pressed', 'false');
    await heart(reader, false).click();
    await expect(heart(reader, true)).toHaveAttribute('aria-pressed', 'true');
    await reader.reload();
    await shown(reader, 1);
    await expect(heart(reader, true)).toHaveAttribute('aria-pressed', 'true');

    // The publication page: a form that comes back to the heart, with the count.
    await reader.goto(`/publication/${second.id}`);
    await heart(reader, false).click();
    await expect(reader).toHaveURL(new RegExp(`/publication/${second.id}#favorite$`));
    await expect(heart(reader, true)).toHaveAttribute('aria-pressed', 'true');
    await expect(reader.getByText('1 reader keeps it in their favourites')).toBeVisible();

    // /account/favorite: both, newest first, with cover, title, publisher and date.
    await reader.getByRole('link', { name: 'Your favourites' }).click();
    await expect(reader).toHaveURL(/\/account\/favorite$/);
    await expect(reader.getByTestId('favorites-count')).toHaveText('2 favourites');
    const cards = reader.getByTestId('favorite');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Lighthouses of the coast');
    await expect(cards.nth(0)).toContainText('hearty publisher');
    await expect(cards.nth(0)).toContainText(/Added /);
    await expect(cards.nth(1)).toContainText('Herbarium of the north');
    await expect(cards.nth(0).locator('img')).toHaveJSProperty('complete', true);

    // Remove, undo (back in its place), remove again.
    await reader.getByRole('button', { name: 'Remove “Lighthouses of the coast” from your favourites' }).click();
    const note = reader.getByTestId('favorites-note');
    await expect(note).toContainText('“Lighthouses of the coast” was removed from your favourites.');
    await expect(cards).toHaveCount(1);
    await expect(reader.getByTestId('favorites-count')).toHaveText('1 favourite');
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Lighthouses of the coast');
    await expect(note).toBeHidden();
    await reader.reload();
    await expect(cards.nth(0)).toContainText('Lighthouses of the coast');
    await reader.getByRole('button', { name: 'Remove “Herbarium of the north” from your favourites' }).click();
    await expect(note).toContainText('was removed');
    await note.getByRole('button', { name: 'Close' }).click();
    await expect(note).toBeHidden();
    await reader.reload();
    await expect(reader.getByTestId('favorites-count')).toHaveText('1 favourite');
    await expect(cards).toHaveCount(1);

    // Its title opens the publication page; the reader's heart is off again for the removed one.
    await cards.nth(0).getByRole('link', { name: 'Lighthouses of the coast', exact: true }).click();
    await expect(reader).toHaveURL(new RegExp(`/publication/${second.id}$`));
    await expect(heart(reader, true)).toBeVisible();
    await reader.goto(first.url.viewer);
    await shown(reader, 1);
    await expect(heart(reader, false)).toHaveAttribute('aria-pressed', 'false');

    // The publication page's heart takes it out too; the list then says what will appear and how.
    await reader.goto(`/publication/${second.id}`);
    await heart(reader, true).click();
    await expect(heart(reader, false)).toBeVisible();
    await reader.goto('/account/favorite');
    await expect(reader.getByTestId('favorites-empty')).toContainText('No favourites yet.');
    await context.close();
  });

  test('a signed-out reader is led to sign in, and back to the book', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'welcoming publisher' });
    const book = await publish(page.request, token, 'Atlas of small islands');
    const context = await browser.newContext();
    const reader = await context.newPage();

    // The reader: the heart explains, then "Sign in" comes back to this page of the book.
    await reader.goto(`${book.url.viewer}#page=2`);
    await shown(reader, 2);
    await heart(reader, false).click();
    const prompt = reader.getByRole('status').filter({ hasText: 'Sign in to keep this publication in your favourites.' });
    await expect(prompt).toBeVisible();
    await expect(heart(reader, false)).toHaveAttribute('aria-expanded', 'true');
    // Escape closes it, back on the heart.
    await reader.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await expect(heart(reader, false)).toBeFocused();
    await heart(reader, false).click();
    const email = await activeAccount(reader, 'returning reader');
    await prompt.getByRole('link', { name: 'Sign in' }).click();
    await expect(reader).toHaveURL(/\/login$/);
    await signIn(reader, email, { menu: false });
    await expect(reader).toHaveURL(new RegExp(`/read/${book.id}#page=2$`));
    await shown(reader, 2);
    await heart(reader, false).click();
    await expect(heart(reader, true)).toHaveAttribute('aria-pressed', 'true');
    await context.close();

    // The publication page: the heart says sign-in comes first, leads there, and back to the heart.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/publication/${book.id}`);
    await expect(visitor.getByText('Sign in to keep it in your favourites.')).toBeVisible();
    await expect(visitor.getByText('1 reader keeps it in their favourites')).toBeVisible();
    const other = await activeAccount(visitor, 'page visitor');
    await heart(visitor, false).click();
    await expect(visitor).toHaveURL(/\/login$/);
    await signIn(visitor, other, { menu: false });
    await expect(visitor).toHaveURL(new RegExp(`/publication/${book.id}#favorite$`));
    await heart(visitor, false).click();
    await expect(heart(visitor, true)).toHaveAttribute('aria-pressed', 'true');
    await expect(visitor.getByText('2 readers keep it in their favourites')).toBeVisible();
    await visitor.context().close();
  });

  test('inside an embed the heart opens the publication page; a private book read by its link has none', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'embedding publisher' });
    const [open, secret] = await Promise.all([
      publish(page.request, token, 'Embedded almanac'),
      publish(page.request, token, 'Secret almanac', { publishing_mode: '2', private_url: '1' }),
    ]);
    // Another site frames the reader (as one that pasted the embed code).
    const site = await otherSite(
      `<iframe title="embed" src="${new URL(open.url.viewer, page.url()).href}" width="900" height="600"></iframe>`,
    );
    const context = await browser.newContext();
    const host = await context.newPage();
    await host.goto(site.url);
    const frame = host.frameLocator('iframe');
    await expect(frame.locator('.qr-page[data-page="1"] img').first()).toBeVisible();
    await frame.getByRole('button', { name: 'Add to favourites', exact: true }).click();
    const note = frame.getByRole('status').filter({ hasText: 'Open this publication on Quire to keep it in your favourites.' });
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    const [tab] = await Promise.all([context.waitForEvent('page'), note.getByRole('link', { name: 'Open on Quire' }).click()]);
    await expect(tab).toHaveURL(new RegExp(`/publication/${open.id}$`));
    await expect(tab.getByRole('button', { name: 'Add to favourites', exact: true })).toBeVisible();
    await context.close();
    await site.close();

    // A signed-in reader with the private link reads the book, without a heart.
    const { context: readerCtx, page: reader } = await readerContext(browser, 'link reader');
    await reader.goto(secret.url.private as string);
    await shown(reader, 1);
    await expect(reader.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(heart(reader, false)).toHaveCount(0);
    await readerCtx.close();
  });
});
