import type { BookProgress, PickedFile } from './types';

/**
 * Realistic payloads of the publishing machines, shared by the registry (generated paths), the
 * stories and the unit tests. Errors have the shape of the client's ApiCallError (plain objects:
 * invoke errors cross actor boundaries, and tests send plain objects).
 */

const file = (name: string, size: number): PickedFile => ({ name, size });

/** Selections the publish modal is offered; sizes against a 1000-byte limit in the paths. */
export const FILE_SETS = {
  one: [file('Annual report 2025.pdf', 800)],
  two: [file('Annual report 2025.pdf', 800), file('Spring catalogue.docx', 600)],
  empty: [file('notes.txt', 0)],
  tooBig: [file('scans.pdf', 5000)],
  unsupported: [file('setup.exe', 300)],
  twoProblems: [file('setup.exe', 300), file('notes.txt', 0)],
  none: [] as PickedFile[],
} satisfies Record<string, PickedFile[]>;

export const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
export const serverError = {
  name: 'ApiCallError',
  kind: 'server',
  status: 413,
  type: 'PUBLISH',
  code: 211,
  message: 'PUBLISH.211',
};

export function book(status: BookProgress['status'], patch: Partial<BookProgress> = {}): BookProgress {
  const pagesTotal = 24;
  return {
    id: 'b-42',
    status,
    errorCode: status === 'ERROR' ? 'CORRUPT' : null,
    pagesDone: status === 'DONE' ? pagesTotal : status === 'CONVERTING' ? 9 : 0,
    pagesTotal: status === 'QUEUED' ? 0 : pagesTotal,
    thumbnail: null,
    ...patch,
  };
}
