import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { READER_CONVERTING_RETRY_MS, READER_POLL_MAX_MS } from '../../machines/constants';
import { convertingBook, convertingBookLater, sampleBook } from '../../machines/reader/fixtures';
import { pagesReady, readerMachine } from '../../machines/reader.machine';
import type { ReaderBook } from '../../src/contracts/reader';

/**
 * Progressive reading (issue 14): the reader machine's `progress` region asks for a book being
 * converted again (pollBook), with a back-off while nothing changes, takes its new pages, replaces it in
 * place once whole, and stops on a failed conversion or a book gone.
 */
const WIDE = { width: 1280, height: 800 };
type Answer = ReaderBook | { failure: string } | Error;

function start(first: ReaderBook, answers: Answer[], page = 1) {
  const polls: number[] = [];
  const hashes: number[] = [];
  const actor = createActor(
    readerMachine.provide({
      actors: {
        loadBook: fromPromise(async () => first),
        pollBook: fromPromise(async () => {
          polls.push(Date.now());
          const next = answers.shift();
          if (!next) return new Promise<ReaderBook>(() => {});
          if (next instanceof Error || 'failure' in next) throw next;
          return next;
        }),
      },
      actions: { syncHash: (_, { page: p }) => hashes.push(p) },
    }),
    { input: { bookId: 'b1', viewport: WIDE, page, mode: 'slide' } },
  );
  actor.start();
  return { actor, polls, hashes };
}

describe('reader machine: progressive reading', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());
  const progress = (actor: ReturnType<typeof start>['actor']) =>
    (actor.getSnapshot().value as { reading: { progress: string } }).reading.progress;

  it('does not poll a whole book', async () => {
    const { actor, polls } = start(sampleBook, []);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(progress(actor)).toBe('complete');
    expect(polls).toEqual([]);
  });

  it('polls every second while pages come, backs off while nothing changes, and completes in place on the same page', async () => {
    const same = { ...convertingBook };
    const { actor, polls, hashes } = start(convertingBook, [convertingBookLater, same, same, sampleBook], 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(progress(actor)).toBe('waiting');
    expect(pagesReady(actor.getSnapshot().context.book)).toBe(2);
    actor.send({ type: 'nav.next' });
    expect(actor.getSnapshot().context.page).toBe(3);
    // First poll after READER_CONVERTING_RETRY_MS: 4 pages now (progress): the next one a second later again.
    await vi.advanceTimersByTimeAsync(READER_CONVERTING_RETRY_MS);
    expect(polls).toEqual([1000]);
    expect(pagesReady(actor.getSnapshot().context.book)).toBe(4);
    expect(actor.getSnapshot().context.pollMs).toBe(READER_CONVERTING_RETRY_MS);
    await vi.advanceTimersByTimeAsync(1000);
    expect(polls).toEqual([1000, 2000]);
    // No new page: 1.5 s, then 2.25 s.
    expect(actor.getSnapshot().context.pollMs).toBe(1500);
    await vi.advanceTimersByTimeAsync(1500);
    expect(polls).toEqual([1000, 2000, 3500]);
    expect(actor.getSnapshot().context.pollMs).toBe(2250);
    await vi.advanceTimersByTimeAsync(2250);
    expect(polls).toHaveLength(4);
    // The whole book replaced the converting one; the reader stayed on page 3 and polls no more.
    const snap = actor.getSnapshot();
    expect(progress(actor)).toBe('complete');
    expect(snap.context.book).toBe(sampleBook);
    expect(snap.context.book?.converting).toBeUndefined();
    expect(snap.context.page).toBe(3);
    expect(hashes.at(-1)).toBe(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls).toHaveLength(4);
  });

  it('backs off while offline, up to READER_POLL_MAX_MS', async () => {
    const offline = Array.from({ length: 10 }, () => new TypeError('Failed to fetch'));
    const { actor, polls } = start(convertingBook, offline);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(progress(actor)).toBe('waiting');
    const gaps = polls.slice(1).map((t, i) => t - (polls[i] as number));
    expect(gaps.slice(0, 3)).toEqual([1500, 2250, 3375]);
    expect(Math.max(...gaps)).toBe(READER_POLL_MAX_MS);
  });

  it('stops on a failed conversion (pages kept) and on a book gone', async () => {
    const failed = start(convertingBook, [{ failure: 'failed' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(progress(failed.actor)).toBe('failed');
    expect(failed.actor.getSnapshot().context.failure).toBe('failed');
    expect(failed.actor.getSnapshot().context.book).toBe(convertingBook);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(failed.polls).toHaveLength(1);
    const gone = start(convertingBook, [{ failure: 'notFound' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(progress(gone.actor)).toBe('stopped');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(gone.polls).toHaveLength(1);
  });

  it('refuses zoom, thumbnails and search on what is not converted yet', async () => {
    const { actor } = start(convertingBook, []);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'user.zoomIn', page: 3 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.zoomIn', page: 2 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.panel', panel: 'thumbnails' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.panel', panel: 'search' })).toBe(false);
  });
});
