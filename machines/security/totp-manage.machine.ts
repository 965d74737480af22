import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { RecoveryCodeSchema } from '../../src/contracts/account-requests';
import { errorMessageId } from '../accounts/errors';
import { codeError } from '../mfa.machine';
import { pending } from '../sign-up/errors';

export interface TotpManageContext {
  /** What was typed: an authenticator code, or a recovery code when `recovery`. */
  code: string;
  /** Removal with a recovery code (a lost phone) instead of the app's code. */
  recovery: boolean;
  codes: string[];
  errorId: string | null;
}
export type TotpManageEvent =
  | { type: 'user.remove' }
  | { type: 'user.regenerate' }
  | { type: 'user.setCode'; code: string }
  | { type: 'user.useRecovery' }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }
  | { type: 'user.done' };

export type TotpRemoval = { code: string } | { recovery_code: string };

/** The message id of what was typed, or null: six digits, or a recovery code when `recovery`. */
export function factorError(code: string, recovery: boolean): string | null {
  if (!recovery) return codeError(code);
  const result = v.safeParse(RecoveryCodeSchema, code, { abortPipeEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? 'validation.invalid');
}

/**
 * /account/security, an authenticator app that is set up: remove it (with a code of the app, or one of
 * the recovery codes when the phone is lost), or replace the recovery codes (with a code of the app;
 * the new ones are shown once).
 */
export const totpManageMachine = setup({
  types: { context: {} as TotpManageContext, events: {} as TotpManageEvent },
  actors: {
    /** `POST {api}/profile/totp/delete {code} | {recovery_code}`. */
    removeTotp: fromPromise<unknown, TotpRemoval>(() => pending()),
    /** `POST {api}/profile/totp/recovery {code}` → the new recovery codes. */
    regenerateCodes: fromPromise<{ recovery_codes: string[] }, { code: string }>(() => pending()),
  },
  actions: { changed: () => {} },
  guards: {
    valid: ({ context }) => factorError(context.code, context.recovery) === null,
  },
}).createMachine({
  id: 'totpManage',
  context: { code: '', recovery: false, codes: [], errorId: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.remove': { target: 'removal' },
        'user.regenerate': { target: 'regeneration' },
      },
    },
    /** Removal asked for: a code confirms it. */
    removal: {
      initial: 'editing',
      on: { 'user.cancel': { target: 'idle', actions: assign({ code: '', recovery: false, errorId: null }) } },
      states: {
        editing: {
          on: {
            'user.setCode': { actions: assign({ code: ({ event }) => event.code, errorId: null }) },
            'user.useRecovery': { actions: assign({ recovery: ({ context }) => !context.recovery, code: '', errorId: null }) },
            'user.submit': [
              { guard: 'valid', target: 'removing' },
              { actions: assign({ errorId: ({ context }) => factorError(context.code, context.recovery) }) },
            ],
          },
        },
        removing: {
          invoke: {
            id: 'removeTotp',
            src: 'removeTotp',
            input: ({ context }): TotpRemoval =>
              context.recovery ? { recovery_code: context.code.trim() } : { code: context.code.trim() },
            onDone: { target: '#totpManage.removed' },
            onError: { target: 'editing', actions: assign({ code: '', errorId: ({ event }) => errorMessageId(event.error) }) },
          },
        },
      },
    },
    /** New recovery codes asked for: a code of the app confirms it. */
    regeneration: {
      initial: 'editing',
      on: { 'user.cancel': { target: 'idle', actions: assign({ code: '', errorId: null }) } },
      states: {
        editing: {
          on: {
            'user.setCode': { actions: assign({ code: ({ event }) => event.code, errorId: null }) },
            'user.submit': [
              { guard: 'valid', target: 'renewing' },
              { actions: assign({ errorId: ({ context }) => factorError(context.code, false) }) },
            ],
          },
        },
        renewing: {
          invoke: {
            id: 'regenerateCodes',
            src: 'regenerateCodes',
            input: ({ context }) => ({ code: context.code.trim() }),
            onDone: {
              target: '#totpManage.showingCodes',
              actions: assign({ codes: ({ event }) => event.output.recovery_codes, code: '' }),
            },
            onError: { target: 'editing', actions: assign({ code: '', errorId: ({ event }) => errorMessageId(event.error) }) },
          },
        },
      },
    },
    showingCodes: { on: { 'user.done': { target: 'idle', actions: [assign({ codes: [] }), 'changed'] } } },
    removed: { type: 'final', entry: 'changed' },
  },
});

export type TotpManageActorRef = ActorRefFrom<typeof totpManageMachine>;
