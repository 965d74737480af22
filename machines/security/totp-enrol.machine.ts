import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { TotpSetup } from '../../src/contracts/security';
import { errorMessageId } from '../accounts/errors';
import { codeError } from '../mfa.machine';
import { pending } from '../sign-up/errors';

export interface TotpEnrolContext {
  /** The new secret and its otpauth:// URI (the QR code's text) while scanning. */
  setup: TotpSetup | null;
  code: string;
  /** The recovery codes, shown once. */
  codes: string[];
  errorId: string | null;
}
export type TotpEnrolEvent =
  | { type: 'user.start' }
  | { type: 'user.setCode'; code: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.done' };

/**
 * /account/security, authenticator app enrolment: a new secret (QR code and the key as text), the
 * app's first code confirms it, then the single-use recovery codes are shown once (download or write
 * them down) before the page shows the app as set up.
 */
export const totpEnrolMachine = setup({
  types: { context: {} as TotpEnrolContext, events: {} as TotpEnrolEvent },
  actors: {
    /** `POST {api}/profile/totp/create` → secret and URI. */
    createTotp: fromPromise<TotpSetup>(() => pending()),
    /** `POST {api}/profile/totp/confirm {code}` → the recovery codes. */
    confirmTotp: fromPromise<{ recovery_codes: string[] }, { code: string }>(() => pending()),
  },
  actions: { changed: () => {} },
  guards: { codeValid: ({ context }) => codeError(context.code) === null },
}).createMachine({
  id: 'totpEnrol',
  context: { setup: null, code: '', codes: [], errorId: null },
  initial: 'idle',
  states: {
    idle: { on: { 'user.start': { target: 'creating', actions: assign({ errorId: null }) } } },
    creating: {
      invoke: {
        id: 'createTotp',
        src: 'createTotp',
        onDone: { target: 'scanning', actions: assign({ setup: ({ event }) => event.output, code: '' }) },
        onError: { target: 'idle', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    scanning: {
      on: {
        'user.setCode': { actions: assign({ code: ({ event }) => event.code, errorId: null }) },
        'user.submit': [
          { guard: 'codeValid', target: 'confirming' },
          { actions: assign({ errorId: ({ context }) => codeError(context.code) }) },
        ],
        'user.cancel': { target: 'idle', actions: assign({ setup: null, code: '', errorId: null }) },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmTotp',
        src: 'confirmTotp',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: { target: 'showingCodes', actions: assign({ codes: ({ event }) => event.output.recovery_codes, setup: null, code: '' }) },
        onError: { target: 'scanning', actions: assign({ code: '', errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    /** Set up: the recovery codes are on screen until the person says they kept them. */
    showingCodes: { on: { 'user.done': { target: 'done', actions: assign({ codes: [] }) } } },
    done: { type: 'final', entry: 'changed' },
  },
});

export type TotpEnrolActorRef = ActorRefFrom<typeof totpEnrolMachine>;
