import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';

export interface MfaEmailContext {
  /** The e-mailed code at sign-in is on. */
  enabled: boolean;
  password: string;
  /** Under the password field (SECURITY 901) or for the form. */
  errorId: string | null;
}
export type MfaEmailEvent =
  | { type: 'user.toggle' }
  | { type: 'user.setPassword'; password: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

/**
 * /account/security, "Code by e-mail at sign-in" on or off: the switch asks for the current password,
 * then saves (off, and without an authenticator app, sign-in needs only the password).
 */
export const mfaEmailMachine = setup({
  types: { context: {} as MfaEmailContext, events: {} as MfaEmailEvent, input: {} as { enabled: boolean } },
  actors: {
    /** `POST {api}/profile/mfa/email {enabled, password}` → whether it is now on. */
    saveMfaEmail: fromPromise<{ mfa_email: boolean }, { enabled: boolean; password: string }>(() => pending()),
  },
  actions: { changed: () => {} },
  guards: { hasPassword: ({ context }) => context.password !== '' },
}).createMachine({
  id: 'mfaEmail',
  context: ({ input }) => ({ enabled: input.enabled, password: '', errorId: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'user.toggle': { target: 'confirming' } } },
    /** The change is asked for: the current password confirms it. */
    confirming: {
      on: {
        'user.setPassword': { actions: assign({ password: ({ event }) => event.password, errorId: null }) },
        'user.submit': [{ guard: 'hasPassword', target: 'saving' }, { actions: assign({ errorId: 'validation.required' }) }],
        'user.cancel': { target: 'idle', actions: assign({ password: '', errorId: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveMfaEmail',
        src: 'saveMfaEmail',
        input: ({ context }) => ({ enabled: !context.enabled, password: context.password }),
        onDone: {
          target: 'idle',
          actions: [assign({ enabled: ({ event }) => event.output.mfa_email, password: '', errorId: null }), 'changed'],
        },
        onError: { target: 'confirming', actions: assign({ password: '', errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
  },
});

export type MfaEmailActorRef = ActorRefFrom<typeof mfaEmailMachine>;
