import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import { BOOK_NAME_MAX, type PreflightContent, type PublishingMode } from '../src/contracts/books';
import { UPLOAD_POLL_INTERVAL_MS, UPLOAD_POLL_MAX_FAILURES } from './constants';
import type { BookProgress, PickedFile } from './publish/types';
import { errorMessageId, pending } from './sign-up/errors';

export interface UploadFileInput {
  /** Position in the batch: SPEC §9 "upload delay grows by 1 per file" sends it as `delay`. */
  index: number;
  file: PickedFile;
  publishingMode: PublishingMode;
  /** Date.now() when the user submitted the batch (SPEC §7 Upload start_time). */
  startTime: number;
}
export interface UploadFileContext extends UploadFileInput {
  /** Upload host answered by the preflight. */
  host: string | null;
  /** Bytes sent so far and the total the browser reports. */
  loaded: number;
  total: number;
  book: BookProgress | null;
  /** Message id of the failure shown under the file (errors.{type}.{code}, commons.*, publish.error). */
  errorId: string | null;
  /** Progress checks that failed in a row. */
  pollFailures: number;
}

/** SPEC §7 Upload: the book fields sent with the file. Text fields go before the file (the server streams it). */
export interface UploadFields {
  name: string;
  publishing_mode: PublishingMode;
  start_time: number;
  delay: number;
  upload_mode: 'html';
}
export interface UploadActorInput {
  host: string;
  file: PickedFile;
  fields: UploadFields;
}
export interface PreflightInput {
  name: string;
  size: number;
  publishing_mode: PublishingMode;
}

export type UploadFileEvent =
  /** From the upload machine: this file's turn (files go one after another). */
  | { type: 'file.start' }
  /** From the upload actor (XMLHttpRequest upload progress). */
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; book: BookProgress }
  | { type: 'upload.failed'; error: unknown };

/** What a file tells the upload machine. */
export type UploadFileReport =
  /** The transfer is over (uploaded or failed): the next file may start. */
  | { type: 'file.settled'; index: number }
  /** Nothing more will happen to this file; `failed` when its upload or its conversion failed. */
  | { type: 'file.finished'; index: number; failed: boolean }
  /** SPEC §8: network status 0 while publishing (the proxy-error modal). */
  | { type: 'file.networkError'; index: number };

/** The book title sent with the file: its name without the extension. */
export function bookNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return (stem || fileName).slice(0, BOOK_NAME_MAX);
}

export function uploadFields(c: Pick<UploadFileContext, 'file' | 'publishingMode' | 'startTime' | 'index'>): UploadFields {
  return {
    name: bookNameOf(c.file.name),
    publishing_mode: c.publishingMode,
    start_time: c.startTime,
    delay: c.index,
    upload_mode: 'html',
  };
}

/** SPEC §8: no answer at all (status 0, not an abort or a time-out) — a proxy or the network dropped the call. */
export function isNetworkStatusZero(error: unknown): boolean {
  const e = error as { kind?: unknown; status?: unknown } | null;
  return typeof e === 'object' && e !== null && e.kind === 'network' && e.status === 0;
}

const failure = (error: unknown) => errorMessageId(error) ?? 'publish.error';
const settled = ({ context }: { context: UploadFileContext }): UploadFileReport => ({ type: 'file.settled', index: context.index });
const networkError = ({ context }: { context: UploadFileContext }): UploadFileReport => ({
  type: 'file.networkError',
  index: context.index,
});
/** A failed preflight or upload marks the file as error (SPEC §8); status 0 also tells the batch (proxy-error modal). */
const keepError = { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;
const failTo = [
  { guard: 'networkStatusZero', target: 'failed', actions: [keepError, { type: 'report', params: networkError }] },
  { target: 'failed', actions: keepError },
] as const;

const finished =
  (failed: boolean) =>
  ({ context }: { context: UploadFileContext }): UploadFileReport => ({ type: 'file.finished', index: context.index, failed });

/**
 * One file of an upload (SPEC §4 Upload file): waits for its turn, asks the preflight for the
 * upload host, uploads with byte progress, then follows the conversion (pages done / total) until
 * the book is DONE or ERROR. A failed preflight or upload marks the file as failed with the
 * server's message; network status 0 is also reported to the upload machine (proxy-error modal).
 */
export const uploadFileMachine = setup({
  types: {
    context: {} as UploadFileContext,
    events: {} as UploadFileEvent,
    input: {} as UploadFileInput,
  },
  actors: {
    /** GET {data}/account/book/preflight → {host, limit}; the app provides it. */
    preflight: fromPromise<PreflightContent, PreflightInput>(() => pending()),
    /**
     * POST {host}/pinwheel/document/create (multipart, field `file`): sends back `upload.progress`,
     * then `upload.done` with the created book or `upload.failed`; aborts when stopped.
     */
    upload: fromCallback<UploadFileEvent, UploadActorInput>(() => undefined),
    /** GET {api}/account/book/get?id= → the book's conversion progress. */
    getBook: fromPromise<BookProgress, { id: string }>(() => pending()),
  },
  delays: { pollInterval: UPLOAD_POLL_INTERVAL_MS },
  guards: {
    networkStatusZero: ({ event }) => isNetworkStatusZero('error' in event ? event.error : undefined),
    bookDone: ({ context }) => context.book?.status === 'DONE',
    bookFailed: ({ context }) => context.book?.status === 'ERROR',
    lastPollFailure: ({ context }) => context.pollFailures + 1 >= UPLOAD_POLL_MAX_FAILURES,
  },
  actions: {
    /**
     * Tells the upload machine about this file. A no-op by default, so the machine runs on its own
     * (path tests, stories); upload.machine.ts provides it as `sendParent`.
     */
    report: (_, _params: UploadFileReport) => {},
    keepHost: assign((_, params: { host: string }) => ({ host: params.host })),
    keepError: assign((_, params: { error: unknown }) => ({ errorId: failure(params.error) })),
    startProgress: assign(({ context }) => ({ loaded: 0, total: context.file.size })),
    setProgress: assign(({ context, event }) =>
      event.type === 'upload.progress' ? { loaded: event.loaded, total: event.total > 0 ? event.total : context.total } : {},
    ),
    keepBook: assign((_, params: { book: BookProgress }) => ({ book: params.book, pollFailures: 0 })),
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
  },
}).createMachine({
  id: 'uploadFile',
  context: ({ input }) => ({ ...input, host: null, loaded: 0, total: input.file.size, book: null, errorId: null, pollFailures: 0 }),
  initial: 'queued',
  states: {
    queued: { on: { 'file.start': { target: 'preflight' } } },
    preflight: {
      invoke: {
        id: 'preflight',
        src: 'preflight',
        input: ({ context }) => ({ name: context.file.name, size: context.file.size, publishing_mode: context.publishingMode }),
        onDone: { target: 'uploading', actions: { type: 'keepHost', params: ({ event }) => ({ host: event.output.host }) } },
        onError: failTo,
      },
    },
    uploading: {
      entry: 'startProgress',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ host: context.host ?? '', file: context.file, fields: uploadFields(context) }),
      },
      on: {
        'upload.progress': { actions: 'setProgress' },
        'upload.done': {
          target: 'converting',
          actions: [
            { type: 'keepBook', params: ({ event }) => ({ book: event.book }) },
            { type: 'report', params: settled },
          ],
        },
        'upload.failed': failTo,
      },
    },
    /** The server answered at once with the book; it converts in the background. */
    converting: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'bookDone', target: '#uploadFile.converted' },
            { guard: 'bookFailed', target: '#uploadFile.conversionFailed' },
            { target: 'waiting' },
          ],
        },
        waiting: { after: { pollInterval: { target: 'polling' } } },
        polling: {
          invoke: {
            id: 'getBook',
            src: 'getBook',
            input: ({ context }) => ({ id: context.book?.id ?? '' }),
            onDone: { target: 'checking', actions: { type: 'keepBook', params: ({ event }) => ({ book: event.output }) } },
            onError: [
              { guard: 'lastPollFailure', target: '#uploadFile.untracked' },
              { target: 'waiting', actions: 'countPollFailure' },
            ],
          },
        },
      },
    },
    /** Preflight or upload failed (SPEC §8): the file shows its message. */
    failed: {
      type: 'final',
      entry: [
        { type: 'report', params: settled },
        { type: 'report', params: finished(true) },
      ],
    },
    converted: { type: 'final', entry: { type: 'report', params: finished(false) } },
    /** document.status ERROR: the file shows book.error and its code. */
    conversionFailed: { type: 'final', entry: { type: 'report', params: finished(true) } },
    /** Progress checks kept failing: the upload worked, the book list will show how the conversion ends. */
    untracked: { type: 'final', entry: { type: 'report', params: finished(false) } },
  },
});

/** A running uploadFileMachine, as the views get it. */
export type UploadFileActorRef = ActorRefFrom<typeof uploadFileMachine>;
