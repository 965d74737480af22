import { describe, expect, it } from 'vitest';
import { blocked, converting, donePrivate, donePublic, failed, makeBook } from '../../machines/book-list/fixtures';
import {
  blockedReason,
  bookFlags,
  hasConverting,
  isDeletable,
  isSelectable,
  pageCount,
  paramsFromQuery,
  progressPercent,
  queryFromParams,
  settle,
  startOf,
  statusKind,
  truncateTitle,
} from '../../machines/book-list/items';
import { applyResults, failedAll, type Pending } from '../../machines/book-list/outcome';
import { TITLE_TRUNCATE } from '../../src/contracts/books';

describe('status (SPEC §4)', () => {
  it('DONE is normal, ERROR an error, anything else converting', () => {
    expect(statusKind(donePublic)).toBe('done');
    expect(statusKind(failed)).toBe('error');
    expect(statusKind(converting)).toBe('converting');
    expect(statusKind(makeBook('q', {}, 'QUEUED'))).toBe('converting');
    expect(statusKind({ document: { status: 'SOMETHING_NEW' as never, error_code: null, pages_done: 0, pages_total: 0 } })).toBe(
      'converting',
    );
  });

  it('converting, error and blocked books cannot be selected; finished valid ones can', () => {
    expect([donePublic, donePrivate, converting, failed, blocked].map(isSelectable)).toEqual([true, true, false, false, false]);
  });

  it('a single delete is offered for finished and failed books, not converting or blocked ones', () => {
    expect([donePublic, converting, failed, blocked].map(isDeletable)).toEqual([true, false, true, false]);
  });

  it('hasConverting tells whether the page must be polled', () => {
    expect(hasConverting([donePublic, failed])).toBe(false);
    expect(hasConverting([donePublic, converting])).toBe(true);
  });

  it('progress is a bounded percentage, 0 while the page count is unknown', () => {
    expect(progressPercent(makeBook('p', { document: { status: 'CONVERTING', error_code: null, pages_done: 7, pages_total: 20 } }))).toBe(
      35,
    );
    expect(progressPercent(makeBook('p', { document: { status: 'CONVERTING', error_code: null, pages_done: 3, pages_total: 0 } }))).toBe(0);
    expect(progressPercent(makeBook('p', { document: { status: 'CONVERTING', error_code: null, pages_done: 30, pages_total: 20 } }))).toBe(
      100,
    );
  });
});

describe('flags (SPEC §4)', () => {
  it('maps each attribute to its flag', () => {
    expect(bookFlags(donePublic)).toEqual([]);
    expect(bookFlags(makeBook('s', { is_scheduled: true, is_published: false }))).toEqual(['scheduled']);
    expect(bookFlags(makeBook('d', { is_published: false }))).toEqual(['deactivated']);
    expect(bookFlags(makeBook('f', { is_awarded: true }))).toEqual(['featured']);
    expect(bookFlags(makeBook('e', { is_adult: true }))).toEqual(['explicit']);
    expect(bookFlags(makeBook('p', { publishing_mode: 2 }))).toEqual(['private']);
    expect(bookFlags(blocked)).toEqual(['blocked']);
  });

  it('combines flags, scheduled taking the place of deactivated', () => {
    const all = makeBook('a', {
      is_scheduled: true,
      is_published: false,
      is_awarded: true,
      is_adult: true,
      publishing_mode: 2,
      is_valid: false,
    });
    expect(bookFlags(all)).toEqual(['blocked', 'scheduled', 'private', 'featured', 'explicit']);
  });

  it('only blocked shows on books that are not finished', () => {
    expect(bookFlags(makeBook('c', { publishing_mode: 2, is_adult: true }, 'CONVERTING'))).toEqual([]);
    expect(bookFlags(makeBook('x', { is_valid: false, publishing_mode: 2 }, 'ERROR'))).toEqual(['blocked']);
  });

  it('a blocked book shows its reason, or -- without one', () => {
    expect(blockedReason(blocked)).toBe('Copyright claim');
    expect(blockedReason({ invalid_reason: null })).toBe('--');
    expect(blockedReason({ invalid_reason: '   ' })).toBe('--');
  });
});

describe('truncateTitle (SPEC §9: 40 characters)', () => {
  it('keeps titles up to the limit and cuts longer ones with an ellipsis', () => {
    const forty = 'x'.repeat(TITLE_TRUNCATE);
    expect(truncateTitle(forty)).toBe(forty);
    expect(truncateTitle(`${forty}y`)).toBe(`${forty}…`);
    expect(truncateTitle('A very long publication title that goes on well past forty characters')).toBe(
      'A very long publication title that goes…',
    );
  });

  it('counts code points, so an emoji is never split', () => {
    const title = `${'😀'.repeat(41)}`;
    expect(Array.from(truncateTitle(title))).toHaveLength(41);
    expect(truncateTitle(title).endsWith('😀…')).toBe(true);
  });
});

describe('query ⇄ fragment parameters', () => {
  it('reads page, sort and search; anything unreadable gives the default', () => {
    expect(queryFromParams({})).toEqual({ page: 1, sort: null, search: '' });
    expect(queryFromParams({ page: '3', sort: 'name_asc', search: ' flip ' })).toEqual({ page: 3, sort: 'name_asc', search: 'flip' });
    expect(queryFromParams({ page: '0', sort: 'views', search: '' })).toEqual({ page: 1, sort: null, search: '' });
    expect(queryFromParams({ page: '-2' }).page).toBe(1);
    expect(queryFromParams({ page: '2.5' }).page).toBe(1);
    expect(queryFromParams({ search: 'x'.repeat(500) }).search).toHaveLength(200);
  });

  it('leaves defaults out and round-trips', () => {
    expect(paramsFromQuery({ page: 1, sort: null, search: '' })).toEqual({});
    const q = { page: 2, sort: 'date_asc' as const, search: 'a-b/c' };
    expect(paramsFromQuery(q)).toEqual({ page: '2', sort: 'date_asc', search: 'a-b/c' });
    expect(queryFromParams(paramsFromQuery(q))).toEqual(q);
  });

  it('pages: start offsets and counts', () => {
    expect(startOf(1)).toBe(0);
    expect(startOf(3)).toBe(50);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});

describe('bulk results', () => {
  it('settle splits results over the ids sent; a missing result is a failure', () => {
    expect(
      settle(
        ['a', 'b', 'c'],
        [
          { id: 'a', status: 'ok' },
          { id: 'b', status: 'error', code: 423 },
        ],
      ),
    ).toEqual({ okIds: ['a'], failed: [{ id: 'b', code: 423 }, { id: 'c' }] });
  });

  const page = [donePublic, donePrivate, converting, failed];
  const deleting: Pending = { action: 'delete', ids: ['b1', 'b4'], before: page, totalBefore: 30 };

  it('a refused delete brings the book back in its place; the accepted one stays gone', () => {
    const current = [donePrivate, converting];
    const applied = applyResults(current, deleting, [
      { id: 'b1', status: 'error', code: 423 },
      { id: 'b4', status: 'ok' },
    ]);
    expect(applied.items.map((b) => b.id)).toEqual(['b1', 'b2', 'b3']);
    expect(applied.total).toBe(29);
    expect(applied.outcome).toEqual({ action: 'delete', ok: 1, failed: 1 });
    expect(applied.alerts.map((a) => a.message.id)).toEqual(['book.delete.success', 'errors.BULK.423']);
  });

  it('a refused edit gets its previous attributes back; an accepted one takes the server copy', () => {
    const updating: Pending = { action: 'update', ids: ['b1', 'b2'], fields: { publishing_mode: 2 }, before: page, totalBefore: 30 };
    const current = page.map((b) => (b.id === 'b1' || b.id === 'b2' ? { ...b, publishing_mode: 2 as const } : b));
    const server = { ...donePublic, id: 'b2', publishing_mode: 2 as const, name: 'Renamed by server' };
    const applied = applyResults(current, updating, [
      { id: 'b1', status: 'error', code: 409 },
      { id: 'b2', status: 'ok', book: server },
    ]);
    expect(applied.items.find((b) => b.id === 'b1')?.publishing_mode).toBe(1);
    expect(applied.items.find((b) => b.id === 'b2')?.name).toBe('Renamed by server');
    expect(applied.alerts.map((a) => a.message.id)).toEqual(['publish.updateSuccess', 'errors.BULK.409']);
  });

  it('one alert per distinct code; failures without a code get publish.error', () => {
    const pending: Pending = { action: 'delete', ids: ['b1', 'b2', 'b3'], before: page, totalBefore: 4 };
    const applied = applyResults([], pending, [
      { id: 'b1', status: 'error', code: 404 },
      { id: 'b2', status: 'error', code: 404 },
    ]);
    expect(applied.alerts.map((a) => a.message.id)).toEqual(['errors.BULK.404', 'publish.error']);
    expect(applied.items).toEqual(page);
    expect(applied.total).toBe(4);
  });

  it('a failed call restores everything with publish.error; an abort stays silent', () => {
    const failedCall = failedAll(deleting, { kind: 'network', requestId: 'r1' });
    expect(failedCall.items).toEqual(page);
    expect(failedCall.total).toBe(30);
    expect(failedCall.alerts).toEqual([{ type: 'error', message: { id: 'publish.error' }, requestId: 'r1' }]);
    expect(failedAll(deleting, { kind: 'abort' }).alerts).toEqual([]);
  });
});
