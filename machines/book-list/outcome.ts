import type { BookListItem, BulkItemResult, PublishingMode } from '../../src/contracts/books';
import type { AlertRequest } from '../alert.machine';
import { type Settled, settle } from './items';

/**
 * What an edit or delete of the book list left behind (SPEC §4 Save/delete failure restore, §8 bulk
 * errors, publish.error, publish.updateSuccess): the items to show, the alerts, the live-region summary.
 * Pure: the machine assigns the result.
 */

/** An optimistic change waiting for the server, with the page as it was before (for the restore). */
export type Pending =
  | { action: 'delete'; ids: string[]; before: BookListItem[]; totalBefore: number }
  | { action: 'update'; ids: string[]; fields: { publishing_mode: PublishingMode }; before: BookListItem[]; totalBefore: number };

/** Read by the aria-live region: how many items the last action changed and how many it could not. */
export interface Outcome {
  action: 'delete' | 'update';
  ok: number;
  failed: number;
}

export const BULK_ERROR_PREFIX = 'errors.BULK.';
export const GENERIC_ERROR_ID = 'publish.error';
export const UPDATE_SUCCESS_ID = 'publish.updateSuccess';
export const DELETE_SUCCESS_ID = 'book.delete.success';

interface ErrorShape {
  kind?: unknown;
  requestId?: unknown;
}

/** A call that failed as a whole: every item is restored; an abort (page left) stays silent. */
export function failedAll(pending: Pending, error: unknown): Applied {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const silent = e.kind === 'abort';
  const alert: AlertRequest = { type: 'error', message: { id: GENERIC_ERROR_ID } };
  if (typeof e.requestId === 'string') alert.requestId = e.requestId;
  return {
    items: pending.before,
    total: pending.totalBefore,
    alerts: silent ? [] : [alert],
    outcome: { action: pending.action, ok: 0, failed: pending.ids.length },
  };
}

export interface Applied {
  items: BookListItem[];
  total: number;
  alerts: AlertRequest[];
  outcome: Outcome;
}

function alertsOf(pending: Pending, { okIds, failed }: Settled): AlertRequest[] {
  const alerts: AlertRequest[] = [];
  if (okIds.length > 0) {
    alerts.push(
      pending.action === 'update'
        ? { type: 'success', message: { id: UPDATE_SUCCESS_ID } }
        : { type: 'success', message: { id: DELETE_SUCCESS_ID, values: { count: okIds.length } } },
    );
  }
  // One alert per distinct code (SPEC §8 errors.BULK.{code}); failures without a code get the generic one.
  const codes = [...new Set(failed.map((f) => f.code))];
  for (const code of codes) {
    alerts.push({ type: 'error', message: { id: code === undefined ? GENERIC_ERROR_ID : `${BULK_ERROR_PREFIX}${code}` } });
  }
  return alerts;
}

/**
 * Per-item results: removed items that the server refused come back in their place, refused edits get
 * their previous attributes back, accepted edits take the server's copy when it sent one.
 */
export function applyResults(current: readonly BookListItem[], pending: Pending, results: readonly BulkItemResult[]): Applied {
  const settled = settle(pending.ids, results);
  const failedIds = new Set(settled.failed.map((f) => f.id));
  const outcome: Outcome = { action: pending.action, ok: settled.okIds.length, failed: settled.failed.length };
  if (pending.action === 'delete') {
    const okIds = new Set(settled.okIds);
    return {
      items: pending.before.filter((item) => !okIds.has(item.id)),
      total: pending.totalBefore - okIds.size,
      alerts: alertsOf(pending, settled),
      outcome,
    };
  }
  const beforeById = new Map(pending.before.map((item) => [item.id, item]));
  const serverCopy = new Map(results.flatMap((r) => (r.status === 'ok' && r.book ? [[r.id, r.book] as const] : [])));
  const items = current.map((item) => {
    if (failedIds.has(item.id)) {
      const previous = beforeById.get(item.id);
      return previous ? { ...item, publishing_mode: previous.publishing_mode } : item;
    }
    return serverCopy.get(item.id) ?? item;
  });
  return { items, total: pending.totalBefore, alerts: alertsOf(pending, settled), outcome };
}
