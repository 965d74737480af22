import { type Browser, expect, type Page, test } from '@playwright/test';
import { activeAccount, signIn } from './support/accounts';
import { publish, publisher, shown } from './support/publishing';
import { countedAsReader, READER_USER_AGENT } from './support/stats';

/**
 * Comments, following and the owner's reading sections in Chromium (issue "Reading"): comment_mode 4
 * publishes at once, 1 holds the comment until the publisher approves it in /account/comment, 0 offers
 * no comments; a reader follows the publisher, who sees them in /account/subscriber; /account/stats
 * counts a reader's view. The reader is another signed-in account in a browser context of its own.
 */
async function signedInReader(browser: Browser, name: string) {
  // A person's browser as far as the statistics can tell (their view is counted on /account/stats).
  const context = await browser.newContext({ userAgent: READER_USER_AGENT });
  await countedAsReader(context);
  const page = await context.newPage();
  await publisher(page, { name });
  return { context, page };
}

const openComments = async (reader: Page) => {
  await reader.getByRole('button', { name: 'Comments', exact: true }).click();
  const panel = reader.getByRole('complementary', { name: 'Comments' });
  await expect(panel).toBeVisible();
  return panel;
};

test.describe('comments and subscribers', () => {
  // Each test signs in two accounts (mailed codes) and converts publications.
  test.setTimeout(240_000);

  test('comment_mode 4 publishes at once; following toggles and the owner sees the subscriber and the view', async ({ page, browser }) => {
    // Subscribers is an account page for premium and up (the gating table).
    const token = await publisher(page, { name: 'open publisher', mode: 'PREMIUM' });
    const book = await publish(page.request, token, 'Open comments', { comment_mode: '4', subscribe_mode: '1' });
    const { context, page: reader } = await signedInReader(browser, 'open reader');
    await reader.goto(book.url.viewer);
    await shown(reader, 1);

    const panel = await openComments(reader);
    await expect(panel.getByText('No comments yet.')).toBeVisible();
    await panel.getByLabel('Your comment').fill('  What a <b>lovely</b> book!  ');
    await panel.getByRole('button', { name: 'Post' }).click();
    // Shown as text (no markup), trimmed, signed with the reader's name.
    await expect(panel.getByRole('listitem').filter({ hasText: 'What a <b>lovely</b> book!' })).toContainText('open reader');
    await expect(panel.getByText('1 comment', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Your comment')).toHaveValue('');
    // Escape closes the panel.
    await panel.getByLabel('Your comment').press('Escape');
    await expect(panel).toBeHidden();

    // Follow the publisher, then see it from the publisher's side.
    const follow = reader.getByRole('button', { name: 'Follow open publisher' });
    await follow.click();
    const following = reader.getByRole('button', { name: /^Following open publisher/ });
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    await reader.reload();
    await expect(reader.getByRole('button', { name: /^Following open publisher/ })).toBeVisible();

    await page.goto('/account/subscriber');
    await expect(page.getByTestId('subscribers-count')).toHaveText('1 subscriber');
    await expect(page.getByTestId('subscriber')).toContainText('open reader');

    // Unfollow: the owner's list empties.
    await reader.getByRole('button', { name: /^Following open publisher/ }).click();
    await expect(reader.getByRole('button', { name: 'Follow open publisher' })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByTestId('subscribers-empty')).toBeVisible();

    // Leaving the reader sends its statistics; the owner's statistics show the view.
    await shown(reader, 1);
    await reader.goto('about:blank');
    await context.close();
    await page.goto('/account/stats');
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByTestId('stats-overview').or(page.getByTestId('stats-empty'))).toBeVisible({ timeout: 10_000 });
          await expect(page.getByTestId('stats').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
          const views = page.getByTestId('stats-views');
          return (await views.count()) ? Number(await views.textContent()) : 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('stats-panel-books').getByRole('button', { name: 'Open comments' })).toBeVisible();
  });

  test('comment_mode 1 holds the comment until the owner approves it; comment_mode 0 offers no comments', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'careful publisher' });
    // Both convert at the same time.
    const [moderated, closed] = await Promise.all([
      publish(page.request, token, 'Moderated comments', { comment_mode: '1' }),
      publish(page.request, token, 'No comments', { comment_mode: '0' }),
    ]);
    const { context, page: reader } = await signedInReader(browser, 'patient reader');

    await reader.goto(moderated.url.viewer);
    await shown(reader, 1);
    let panel = await openComments(reader);
    await expect(panel.getByText('The publisher approves comments before they appear.')).toBeVisible();
    await panel.getByLabel('Your comment').fill('Please let me in');
    await panel.getByRole('button', { name: 'Post' }).click();
    await expect(panel.getByText('Thank you! Your comment awaits the publisher’s approval.')).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(0);

    // The owner approves it in /account/comment.
    await page.goto('/account/comment');
    const row = page.getByTestId('owner-comment').filter({ hasText: 'Please let me in' });
    await expect(row).toContainText('patient reader');
    await expect(row).toContainText('Moderated comments');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('comments-empty')).toBeVisible();
    await page.getByLabel('Show').selectOption('published');
    await expect(page.getByTestId('owner-comment').filter({ hasText: 'Please let me in' })).toBeVisible();

    // Now every reader sees it.
    await reader.reload();
    await shown(reader, 1);
    panel = await openComments(reader);
    await expect(panel.getByRole('listitem').filter({ hasText: 'Please let me in' })).toBeVisible();

    // comment_mode 0: no comments button at all.
    await reader.goto(closed.url.viewer);
    await shown(reader, 1);
    await expect(reader.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Comments', exact: true })).toHaveCount(0);
    await context.close();
  });

  test('an anonymous reader is asked to sign in to comment', async ({ page, browser }) => {
    const token = await publisher(page, { name: 'public publisher' });
    const book = await publish(page.request, token, 'Public comments', { comment_mode: '4' });
    const context = await browser.newContext();
    const reader = await context.newPage();
    await reader.goto(book.url.viewer);
    await shown(reader, 1);
    const panel = await openComments(reader);
    await expect(panel.getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute('href', '/login');
    await expect(panel.getByLabel('Your comment')).toHaveCount(0);
    // Nothing more to load: no "Show more".
    await expect(panel.getByText('No comments yet.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Show more' })).toBeHidden();

    // Signing in from there comes back to the book, at the page being read, ready to comment.
    await reader.keyboard.press('Escape');
    await reader.keyboard.press('ArrowRight');
    await expect(reader).toHaveURL(/#page=2$/);
    const email = await activeAccount(reader, 'returning reader');
    await (await openComments(reader)).getByRole('link', { name: 'Sign in to comment' }).click();
    await expect(reader).toHaveURL(/\/login$/);
    await signIn(reader, email, { menu: false });
    await expect(reader).toHaveURL(new RegExp(`/read/${book.id}#page=2$`));
    await shown(reader, 2);
    await expect((await openComments(reader)).getByLabel('Your comment')).toBeVisible();
    await context.close();
  });
});
