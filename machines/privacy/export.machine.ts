import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { EXPORT_POLL_MS, type ExportView, type PrivacyStatus } from '../../src/contracts/privacy';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';

/**
 * "Download all my data" (issue 16, /account/privacy): the account's latest export as the server
 * tells it. idle (none yet, or expired) → starting → working (queued or being written: asks how far
 * every EXPORT_POLL_MS, with progress) → ready (a download link until it expires) | failed. Preparing
 * again is offered when ready, failed or expired; the server refuses a second export while one runs.
 */

export interface ExportInput {
  export: ExportView | null;
}

export interface ExportContext {
  export: ExportView | null;
  /** The failed call's message id (errors.PRIVACY.931 …), shown under the button. */
  errorId: string | null;
}

export type ExportEvent = { type: 'user.start' } | { type: 'user.retry' };

const stateOf = (view: ExportView | null | undefined) => view?.state ?? null;

export const privacyExportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent, input: {} as ExportInput },
  actors: {
    /** POST {api}/account/privacy/export/create (the app provides it). */
    startExport: fromPromise<PrivacyStatus>(() => pending()),
    /** GET {api}/account/privacy/ (the app provides it). */
    loadStatus: fromPromise<PrivacyStatus>(() => pending()),
  },
  delays: { poll: EXPORT_POLL_MS },
  guards: {
    isWorking: (_, p: { view: ExportView | null }) => stateOf(p.view) === 'queued' || stateOf(p.view) === 'running',
    isReady: (_, p: { view: ExportView | null }) => stateOf(p.view) === 'ready',
    isFailed: (_, p: { view: ExportView | null }) => stateOf(p.view) === 'failed',
  },
  actions: {
    keep: assign({ export: (_, p: { view: ExportView | null }) => p.view, errorId: null }),
    callFailed: assign({ errorId: (_, p: { error: unknown }) => errorMessageId(p.error) }),
  },
}).createMachine({
  id: 'privacyExport',
  context: ({ input }) => ({ export: input.export, errorId: null }),
  initial: 'routing',
  states: {
    // Where the export the section loaded stands.
    routing: {
      always: [
        { guard: { type: 'isWorking', params: ({ context }) => ({ view: context.export }) }, target: 'working' },
        { guard: { type: 'isReady', params: ({ context }) => ({ view: context.export }) }, target: 'ready' },
        { guard: { type: 'isFailed', params: ({ context }) => ({ view: context.export }) }, target: 'failed' },
        { target: 'idle' },
      ],
    },
    idle: { on: { 'user.start': 'starting' } },
    starting: {
      invoke: {
        id: 'startExport',
        src: 'startExport',
        onDone: {
          target: 'routing',
          actions: { type: 'keep', params: ({ event }) => ({ view: event.output.export }) },
        },
        onError: { target: 'routing', actions: { type: 'callFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    working: { after: { poll: 'polling' } },
    polling: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'routing', actions: { type: 'keep', params: ({ event }) => ({ view: event.output.export }) } },
        // A failed look keeps the last known progress and looks again later.
        onError: 'working',
      },
    },
    ready: { on: { 'user.start': 'starting' } },
    failed: { on: { 'user.retry': 'starting' } },
  },
});

/** A running privacyExportMachine, as the views get it. */
export type PrivacyExportActorRef = ActorRefFrom<typeof privacyExportMachine>;
