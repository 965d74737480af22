import { type ActorRefFrom, assign, enqueueActions, sendParent, setup } from 'xstate';
import type { PublishingMode } from '../src/contracts/books';
import { UPLOAD_REDIRECT_DELAY_ERRORS_MS, UPLOAD_REDIRECT_DELAY_MS } from './constants';
import type { PickedFile } from './publish/types';
import { type UploadFileReport, uploadFileMachine } from './upload-file.machine';

export interface UploadInput {
  files: PickedFile[];
  publishingMode: PublishingMode;
  /** Date.now() when the user submitted (SPEC §7 start_time); input keeps the machine pure. */
  startTime: number;
}
export interface UploadEntry {
  /** Also the child actor's id: `file-<index>`. */
  key: string;
  name: string;
  size: number;
  ref: ActorRefFrom<typeof uploadFileMachine>;
}
export interface UploadContext {
  entries: UploadEntry[];
  /** Index of the file being sent (or the last one once every transfer settled). */
  current: number;
  /** Files that are finished (failed, or converted) and how many of them failed. */
  finished: number;
  failed: number;
}
export type UploadEvent =
  | UploadFileReport
  /** The proxy-error modal's OK (SPEC §2: goes to /account/book). */
  | { type: 'user.confirmProxyError' };

export const fileKey = (index: number) => `file-${index}`;

/** The file machine as the upload machine runs it: its reports go to the upload machine. */
export const reportingUploadFileMachine = uploadFileMachine.provide({
  actions: { report: sendParent((_, params: UploadFileReport) => params) },
});

/**
 * The upload page (SPEC §2 Upload page, Proxy-error modal; §9 redirect delays). Each file is a child
 * uploadFile machine; they send one after another. Regions:
 * - transfer: starts the current file and the next one when it settled (uploaded or failed);
 * - progress: counts finished files. A file is finished when its upload failed or its conversion
 *   ended (DONE or ERROR). The user watches the conversion progress of every file here, so the
 *   spec's redirect to /account/book runs once the last file finished: after 1 s, or 5 s when any
 *   file failed (upload or conversion), leaving time to read the message;
 * - proxy: network status 0 opens the proxy-error modal, one at a time; OK goes to /account/book.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: { uploadFile: reportingUploadFileMachine },
  delays: {
    redirectDelay: UPLOAD_REDIRECT_DELAY_MS,
    redirectDelayAfterErrors: UPLOAD_REDIRECT_DELAY_ERRORS_MS,
  },
  guards: {
    moreToSend: ({ context }) => context.current + 1 < context.entries.length,
    lastFinishedAllOk: ({ context, event }) =>
      event.type === 'file.finished' && context.finished + 1 >= context.entries.length && context.failed === 0 && !event.failed,
    lastFinished: ({ context }) => context.finished + 1 >= context.entries.length,
  },
  actions: {
    // ── provided by the app (harmless defaults) ──
    /** The automatic redirect to /account/book (the app only moves a user who is still on the upload page). */
    redirectToBooks: () => {},
    /** The proxy-error modal's OK: go to /account/book. */
    goToBooks: () => {},
    // ── context and children ──
    startCurrent: enqueueActions(({ context, enqueue }) => {
      const ref = context.entries[context.current]?.ref;
      if (ref) enqueue.sendTo(ref, { type: 'file.start' });
    }),
    advance: assign({ current: ({ context }) => context.current + 1 }),
    countFinished: assign(({ context, event }) =>
      event.type === 'file.finished' ? { finished: context.finished + 1, failed: context.failed + (event.failed ? 1 : 0) } : {},
    ),
  },
}).createMachine({
  id: 'upload',
  context: ({ input, spawn }) => ({
    entries: input.files.map((file, index) => ({
      key: fileKey(index),
      name: file.name,
      size: file.size,
      ref: spawn('uploadFile', {
        id: fileKey(index),
        input: { index, file, publishingMode: input.publishingMode, startTime: input.startTime },
      }),
    })),
    current: 0,
    finished: 0,
    failed: 0,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        transfer: {
          initial: 'sending',
          states: {
            sending: {
              entry: 'startCurrent',
              on: {
                'file.settled': [{ guard: 'moreToSend', target: 'sending', reenter: true, actions: 'advance' }, { target: 'sent' }],
              },
            },
            /** Every file was sent (or failed); conversions may still run. */
            sent: {},
          },
        },
        progress: {
          initial: 'running',
          states: {
            running: {
              on: {
                'file.finished': [
                  { guard: 'lastFinishedAllOk', target: 'redirecting', actions: 'countFinished' },
                  { guard: 'lastFinished', target: 'redirectingAfterErrors', actions: 'countFinished' },
                  { actions: 'countFinished' },
                ],
              },
            },
            redirecting: { after: { redirectDelay: { target: '#upload.left', actions: 'redirectToBooks' } } },
            redirectingAfterErrors: { after: { redirectDelayAfterErrors: { target: '#upload.left', actions: 'redirectToBooks' } } },
          },
        },
        proxy: {
          initial: 'hidden',
          states: {
            hidden: { on: { 'file.networkError': { target: 'shown' } } },
            /** A second status 0 while shown changes nothing (one modal at a time). */
            shown: { on: { 'user.confirmProxyError': { target: 'hidden', actions: 'goToBooks' } } },
          },
        },
      },
    },
    left: { type: 'final' },
  },
});

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;
