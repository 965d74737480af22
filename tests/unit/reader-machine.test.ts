import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adultBook, sampleBook } from '../../machines/reader/fixtures';
import { failureOf, readerMachine } from '../../machines/reader.machine';
import type { ReaderBook } from '../../src/contracts/reader';

const WIDE = { width: 1280, height: 800 };
const start = (book: ReaderBook | { failure: string }, extra: { page?: number; explicitAccepted?: boolean } = {}) => {
  const hashes: number[] = [];
  const actor = createActor(
    readerMachine.provide({
      actors: {
        loadBook: fromPromise(async () => {
          if ('failure' in book) throw book;
          return book;
        }),
      },
      actions: { syncHash: (_, { page }) => hashes.push(page) },
    }),
    { input: { bookId: 'b1', viewport: WIDE, ...extra } },
  );
  actor.start();
  return { actor, hashes };
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('reader machine', () => {
  it('opens at the deep-linked spread and keeps the hash in step', async () => {
    const { actor, hashes } = start(sampleBook, { page: 3 });
    await settle();
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'nav.next' });
    expect(actor.getSnapshot().context.page).toBe(4);
    actor.send({ type: 'nav.next' });
    expect(actor.getSnapshot().context.page).toBe(4);
    actor.send({ type: 'nav.first' });
    expect(hashes).toEqual([2, 4, 1]);
  });
  it('asks before explicit content unless already accepted this session', async () => {
    const asked = start(adultBook);
    await settle();
    expect(asked.actor.getSnapshot().value).toBe('consent');
    asked.actor.send({ type: 'user.continue' });
    expect(asked.actor.getSnapshot().matches('reading')).toBe(true);
    const accepted = start(adultBook, { explicitAccepted: true });
    await settle();
    expect(accepted.actor.getSnapshot().matches('reading')).toBe(true);
  });
  it('shows the gate and retries only what can change', async () => {
    const { actor } = start({ failure: 'blocked' });
    await settle();
    expect(actor.getSnapshot().context.failure).toBe('blocked');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(failureOf(new TypeError('Failed to fetch'))).toBe('offline');
  });
  it('switches to single pages on a narrow screen and re-anchors the page', async () => {
    const { actor } = start(sampleBook, { page: 3 });
    await settle();
    actor.send({ type: 'viewport.changed', width: 390, height: 844 });
    actor.send({ type: 'nav.next' });
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'user.mode', mode: 'book' });
    expect(actor.getSnapshot().context.page).toBe(2);
  });
  it('opens the outline panel only when the book has one', async () => {
    const { actor } = start({ ...sampleBook, outline: [] });
    await settle();
    actor.send({ type: 'user.panel', panel: 'outline' });
    expect(actor.getSnapshot().matches({ reading: { panel: 'none' } })).toBe(true);
    actor.send({ type: 'user.panel', panel: 'search' });
    actor.send({ type: 'user.search', query: 'x' });
    expect(actor.getSnapshot().matches({ reading: { panel: { search: 'idle' } } })).toBe(true);
  });
  it('opens and closes the toolbar More menu beside the other regions, only while reading', async () => {
    const { actor } = start(sampleBook);
    actor.send({ type: 'user.moreToggle' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settle();
    const open = () => actor.getSnapshot().matches({ reading: { more: 'open' } });
    expect(open()).toBe(false);
    actor.send({ type: 'user.moreClose' });
    expect(open()).toBe(false);
    actor.send({ type: 'user.moreToggle' });
    expect(open()).toBe(true);
    // An item chosen from the menu: the menu closes, the item's own event does its work.
    actor.send({ type: 'user.moreClose' });
    actor.send({ type: 'user.panel', panel: 'thumbnails' });
    expect(open()).toBe(false);
    expect(actor.getSnapshot().matches({ reading: { panel: 'thumbnails' } })).toBe(true);
    actor.send({ type: 'user.moreToggle' });
    expect(open()).toBe(true);
    expect(actor.getSnapshot().matches({ reading: { panel: 'thumbnails' } })).toBe(true);
    actor.send({ type: 'user.moreToggle' });
    expect(open()).toBe(false);
  });
});
