import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { PrivacyStatus } from '../../src/contracts/privacy';
import { pending } from '../sign-up/errors';
import { privacyDeletionMachine } from './deletion.machine';
import { privacyExportMachine } from './export.machine';

/**
 * The /account/privacy section (issue 16): loads the account's privacy status (its latest export,
 * how a deletion is confirmed, the configured periods), then runs its two flows side by side as
 * children: `export` (privacyExportMachine) and `deletion` (privacyDeletionMachine).
 * loading → ready | failed (retry).
 */

export interface PrivacyContext {
  status: PrivacyStatus | null;
}

export type PrivacyEvent = { type: 'user.retry' };

export const privacyMachine = setup({
  types: { context: {} as PrivacyContext, events: {} as PrivacyEvent },
  actors: {
    /** GET {api}/account/privacy/ (the app provides it). */
    loadStatus: fromPromise<PrivacyStatus>(() => pending()),
    exportFlow: privacyExportMachine,
    deletionFlow: privacyDeletionMachine,
  },
}).createMachine({
  id: 'privacy',
  context: { status: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'ready', actions: assign({ status: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      invoke: [
        { id: 'export', src: 'exportFlow', input: ({ context }) => ({ export: context.status?.export ?? null }) },
        { id: 'deletion', src: 'deletionFlow', input: ({ context }) => ({ reauth: context.status?.reauth ?? 'password' }) },
      ],
    },
  },
});

/** A running privacyMachine, as the views get it. */
export type PrivacyActorRef = ActorRefFrom<typeof privacyMachine>;
