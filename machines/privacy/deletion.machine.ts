import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { DeletionCodeSent, DeletionRequest, DeletionScheduled } from '../../src/contracts/privacy';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';

/**
 * "Delete my account" (issue 16, /account/privacy): idle → confirming, re-authenticated with the
 * password, or — for an account without one (social sign-in only) — with a code mailed on request
 * (needCode → sendingCode → codeSent) → deleting → scheduled: the server signed the account out
 * everywhere and deletes it after the grace period unless the owner signs in again; the owner then
 * signs out this browser. `user.contact` opens the contact modal's deletion-request variant instead.
 */

export interface DeletionInput {
  /** How the server wants the request confirmed (PrivacyStatus.reauth). */
  reauth: 'password' | 'code';
}

export interface DeletionContext {
  reauth: 'password' | 'code';
  password: string;
  code: string;
  /** Where the code went (codeSent). */
  email: string | null;
  /** When everything goes (scheduled). */
  purgeAt: number | null;
  /** The refused or failed call's message id (wrong password, wrong code …). */
  errorId: string | null;
}

export type DeletionEvent =
  | { type: 'user.begin' }
  | { type: 'user.cancel' }
  | { type: 'user.setPassword'; value: string }
  | { type: 'user.setCode'; value: string }
  | { type: 'user.sendCode' }
  | { type: 'user.submit' }
  | { type: 'user.contact' }
  | { type: 'user.signOut' };

const CODE = /^\d{6}$/;

export const privacyDeletionMachine = setup({
  types: { context: {} as DeletionContext, events: {} as DeletionEvent, input: {} as DeletionInput },
  actors: {
    /** POST {api}/account/privacy/deletion/code (the app provides it). */
    sendCode: fromPromise<DeletionCodeSent>(() => pending()),
    /** POST {api}/account/privacy/deletion/create (the app provides it). */
    deleteAccount: fromPromise<DeletionScheduled, DeletionRequest>(() => pending()),
  },
  guards: {
    byCode: ({ context }) => context.reauth === 'code',
    hasPassword: ({ context }) => context.password !== '',
    hasCode: ({ context }) => CODE.test(context.code),
  },
  actions: {
    /** Opens the contact modal's deletion request (the app provides it). */
    openDeletionRequest: () => {},
    /** Signs this browser out (the app provides it: the session's logout). */
    signOut: () => {},
    callFailed: assign({ errorId: (_, p: { error: unknown }) => errorMessageId(p.error) }),
    forget: assign({ password: '', code: '', errorId: null }),
  },
}).createMachine({
  id: 'privacyDeletion',
  context: ({ input }) => ({ reauth: input.reauth, password: '', code: '', email: null, purgeAt: null, errorId: null }),
  initial: 'idle',
  on: { 'user.contact': { actions: 'openDeletionRequest' } },
  states: {
    idle: {
      on: {
        'user.begin': [{ guard: 'byCode', target: 'confirming.needCode' }, { target: 'confirming.password' }],
      },
    },
    confirming: {
      initial: 'password',
      on: { 'user.cancel': { target: 'idle', actions: 'forget' } },
      states: {
        password: {
          on: {
            'user.setPassword': { actions: assign({ password: ({ event }) => event.value, errorId: null }) },
            'user.submit': { guard: 'hasPassword', target: '#privacyDeletion.deleting' },
          },
        },
        needCode: { on: { 'user.sendCode': 'sendingCode' } },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            onDone: { target: 'codeSent', actions: assign({ email: ({ event }) => event.output.email, code: '', errorId: null }) },
            onError: { target: 'needCode', actions: { type: 'callFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        codeSent: {
          on: {
            'user.setCode': { actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, 6), errorId: null }) },
            'user.sendCode': 'sendingCode',
            'user.submit': { guard: 'hasCode', target: '#privacyDeletion.deleting' },
          },
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => (context.reauth === 'code' ? { code: context.code } : { password: context.password }),
        onDone: { target: 'scheduled', actions: [assign({ purgeAt: ({ event }) => event.output.purge_at }), 'forget'] },
        onError: [
          {
            guard: 'byCode',
            target: 'confirming.codeSent',
            actions: { type: 'callFailed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'confirming.password',
            actions: [assign({ password: '' }), { type: 'callFailed', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    scheduled: { on: { 'user.signOut': { actions: 'signOut' } } },
  },
});

/** A running privacyDeletionMachine, as the views get it. */
export type PrivacyDeletionActorRef = ActorRefFrom<typeof privacyDeletionMachine>;
