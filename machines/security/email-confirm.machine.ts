import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';

export interface EmailConfirmContext {
  token: string;
  /** The address now in use (confirmed). */
  email: string | null;
  errorId: string | null;
}
export type EmailConfirmEvent = { type: 'user.close' };

/**
 * /account/security opened from the link mailed to a new address (`#confirm_email-<token>`): the
 * change is confirmed (the address changes now), or refused (expired, used, another profile's link:
 * SECURITY 904; the address taken meanwhile: 905). Closing the notice ends it.
 */
export const emailConfirmMachine = setup({
  types: { context: {} as EmailConfirmContext, events: {} as EmailConfirmEvent, input: {} as { token: string } },
  actors: {
    /** `POST {api}/profile/email/confirm {hash}` → the new address. */
    confirmChange: fromPromise<{ email: string }, { hash: string }>(() => pending()),
  },
  actions: {
    /** The page reloads what it shows (provided by the section). */
    changed: () => {},
    /** The signed-in user's stored address follows (provided by the app). */
    confirmed: (_, _params: { email: string }) => {},
  },
}).createMachine({
  id: 'emailConfirm',
  context: ({ input }) => ({ token: input.token, email: null, errorId: null }),
  initial: 'confirming',
  states: {
    confirming: {
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ hash: context.token }),
        onDone: {
          target: 'confirmed',
          actions: [
            assign({ email: ({ event }) => event.output.email }),
            { type: 'confirmed', params: ({ event }) => ({ email: event.output.email }) },
            'changed',
          ],
        },
        onError: { target: 'failed', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    confirmed: { on: { 'user.close': 'closed' } },
    failed: { on: { 'user.close': 'closed' } },
    closed: { type: 'final' },
  },
});

export type EmailConfirmActorRef = ActorRefFrom<typeof emailConfirmMachine>;
