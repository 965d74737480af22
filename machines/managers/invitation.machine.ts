import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { InvitationView } from '../../src/contracts/managers';
import { errorMessageId } from '../accounts/errors';

/**
 * The mailed invitation of a manager (issue 20), opened at `/account/manager#invitation-<token>` by the
 * invited account's owner, signed in: loading → review (who invites, what it means) → accept → accepting →
 * accepted; or declined (nothing is sent: the link simply expires). An unknown, used, expired or other
 * address's link → invalid. A refused accept (already managed…) stays in review with its reason.
 */

export interface InvitationContext {
  token: string;
  invitation: InvitationView | null;
  error: string | null;
}

export type InvitationEvent = { type: 'user.accept' } | { type: 'user.decline' } | { type: 'user.retry' };

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as { token: string },
  },
  actors: {
    /** `GET {api}/account/manager/invitation/get?token`. */
    loadInvitation: fromPromise<InvitationView, { token: string }>(async () => {
      throw new Error('loadInvitation is provided by the app');
    }),
    /** `POST {api}/account/manager/invitation/accept {token}`. */
    acceptInvitation: fromPromise<{ manager: { name: string } }, { token: string }>(async () => ({ manager: { name: '' } })),
  },
  actions: {
    failed: assign({ error: ({ event }) => errorMessageId((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'managerInvitation',
  context: ({ input }) => ({ token: input.token, invitation: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'review', actions: assign({ invitation: ({ event }) => event.output, error: null }) },
        onError: { target: 'invalid', actions: 'failed' },
      },
    },
    /** The link could not be read: its reason, and a retry (a network failure may pass the next time). */
    invalid: { on: { 'user.retry': 'loading' } },
    review: {
      on: {
        'user.accept': { target: 'accepting', actions: assign({ error: null }) },
        'user.decline': 'declined',
      },
    },
    accepting: {
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'accepted',
        onError: { target: 'review', actions: 'failed' },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
  },
});

export type InvitationActorRef = ActorRefFrom<typeof invitationMachine>;
