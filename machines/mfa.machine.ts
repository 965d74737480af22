import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { MfaCodeSchema, RecoveryCodeSchema } from '../src/contracts/account-requests';
import { AUTH_CODES, type LoginContent } from '../src/contracts/accounts';
import { SIGN_UP_MESSAGES } from './constants';
import { errorCode, errorMessageId, pending } from './sign-up/errors';

/** Confirm login (DESIGN §8): the login hash, plus the second factor when error 155 asked for it. */
export interface ConfirmLoginInput {
  hash: string;
  code?: string;
  /** Instead of the authenticator app's code: one of its single-use recovery codes. */
  recovery_code?: string;
  trust_device?: 'yes' | 'no';
}
export interface MfaInput {
  /** The hash error 155 carried. */
  hash: string;
}
export interface MfaContext {
  hash: string;
  /** What the user typed (SPEC §3: 6 digits), or a recovery code when `recovery`. */
  code: string;
  /** "Use a recovery code": the authenticator app is not at hand (/account/security gave ten single-use codes). */
  recovery: boolean;
  /** "Trust this device" toggle, sent as is. */
  trust_device: 'yes' | 'no';
  /** Message id under the code field: validation.required, validation.digits, errors.AUTH.1551, errors.AUTH.1552, or a call error. */
  errorId: string | null;
  /** The confirmed session (set when verified). */
  content: LoginContent | null;
}
export type MfaEvent =
  | { type: 'user.setCode'; code: string }
  | { type: 'user.toggleTrust' }
  | { type: 'user.useRecovery' }
  | { type: 'user.submit' }
  | { type: 'user.restart' };
/** `verified`: signed in with this content; `restart`: the code expired, go back to the login tab. */
export type MfaOutput = { kind: 'verified'; content: LoginContent } | { kind: 'restart' };

/** SPEC §5: the code is required and exactly 6 digits (a recovery code: `xxxxx-xxxxx`) → null or the message id. */
export function codeError(code: string, recovery = false): string | null {
  const result = v.safeParse(recovery ? RecoveryCodeSchema : MfaCodeSchema, code, { abortPipeEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? 'validation.invalid');
}

/**
 * The second factor (SPEC §3 MFA, §8): the user types the 6-digit code, may trust the device, and
 * confirms the login with the hash of error 155. 1551 (wrong code) asks again with the message under
 * the field; 1552 (expired code) offers to start over from the login tab. Without the authenticator
 * app at hand, one of its recovery codes is typed instead (`user.useRecovery` switches; each works once).
 */
export const mfaMachine = setup({
  types: {
    context: {} as MfaContext,
    events: {} as MfaEvent,
    input: {} as MfaInput,
    output: {} as MfaOutput,
  },
  actors: {
    /** POST {api}/profile/session {hash, code, trust_device} → LoginContent; the app provides it. */
    confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(() => pending()),
  },
  guards: {
    codeValid: ({ context }) => codeError(context.code, context.recovery) === null,
    errorIs: (_, params: { error: unknown; code: number }) => errorCode(params.error) === params.code,
  },
  actions: {
    setCode: assign({
      code: ({ context, event }) => (event.type === 'user.setCode' ? event.code : context.code),
      errorId: null,
    }),
    toggleTrust: assign({ trust_device: ({ context }) => (context.trust_device === 'yes' ? 'no' : 'yes') }),
    toggleRecovery: assign({ recovery: ({ context }) => !context.recovery, code: '', errorId: null }),
    showCodeError: assign({ errorId: ({ context }) => codeError(context.code, context.recovery) }),
    clearError: assign({ errorId: null }),
    showMessage: assign((_, params: { id: string }) => ({ errorId: params.id })),
    showCallError: assign((_, params: { error: unknown }) => ({ errorId: errorMessageId(params.error) })),
    keepContent: assign((_, params: { content: LoginContent }) => ({ content: params.content })),
  },
}).createMachine({
  id: 'mfa',
  context: ({ input }) => ({ hash: input.hash, code: '', recovery: false, trust_device: 'no', errorId: null, content: null }),
  // The final state's output (verified or restart) is the machine's output.
  output: ({ event }) => event.output as MfaOutput,
  initial: 'awaitingCode',
  states: {
    awaitingCode: {
      on: {
        'user.setCode': { actions: 'setCode' },
        'user.toggleTrust': { actions: 'toggleTrust' },
        'user.useRecovery': { actions: 'toggleRecovery' },
        'user.submit': [{ guard: 'codeValid', target: 'verifying', actions: 'clearError' }, { actions: 'showCodeError' }],
      },
    },
    verifying: {
      invoke: {
        id: 'confirmLogin',
        src: 'confirmLogin',
        input: ({ context }): ConfirmLoginInput =>
          context.recovery
            ? { hash: context.hash, recovery_code: context.code.trim(), trust_device: context.trust_device }
            : { hash: context.hash, code: context.code.trim(), trust_device: context.trust_device },
        onDone: { target: 'verified', actions: { type: 'keepContent', params: ({ event }) => ({ content: event.output }) } },
        onError: [
          {
            guard: { type: 'errorIs', params: ({ event }) => ({ error: event.error, code: AUTH_CODES.mfaWrongCode }) },
            target: 'awaitingCode',
            actions: { type: 'showMessage', params: { id: SIGN_UP_MESSAGES.mfaWrongCode } },
          },
          {
            guard: { type: 'errorIs', params: ({ event }) => ({ error: event.error, code: AUTH_CODES.mfaExpiredCode }) },
            target: 'expired',
            actions: { type: 'showMessage', params: { id: SIGN_UP_MESSAGES.mfaExpiredCode } },
          },
          { target: 'awaitingCode', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** 1552: the code is no longer valid; the user starts over from the login tab. */
    expired: {
      on: { 'user.restart': { target: 'restart' } },
    },
    verified: {
      type: 'final',
      output: ({ context }): MfaOutput => ({ kind: 'verified', content: context.content as LoginContent }),
    },
    restart: {
      type: 'final',
      output: (): MfaOutput => ({ kind: 'restart' }),
    },
  },
});

/** A running mfaMachine, as the views get it. */
export type MfaActorRef = ActorRefFrom<typeof mfaMachine>;
