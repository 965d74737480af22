import { type ActorRefFrom, assign, fromCallback, fromPromise, setup } from 'xstate';
import { OAUTH_RESULT_TTL_MS, POPUP_POLL_MS } from '../constants';
import { type CallErrorLike, pending } from './errors';
import { landingError, type OAuthLanding, parseOAuthFragment } from './oauth';
import type { SocialOutcome, SocialProvider } from './types';

/**
 * One social sign-in (SPEC §4), a child of the sign-up modal (its `signingInWithSocial` steps). First
 * the outcome a full-page sign-in kept for this tab is read (used within OAUTH_RESULT_TTL_MS, for the
 * same provider); else a pop-up opens on `{api}/oauth2/{provider}/start`, or, when the browser blocks
 * it, the whole page goes to the provider (and comes back to `/oauth`, which keeps the outcome). While
 * the pop-up is open its landing's fragment is awaited and every POPUP_POLL_MS the machine checks
 * whether the user closed it (a silent abort). The fragment is read here and ends the machine: its
 * output is the outcome, or the failure the modal shows. Stopping it (the user left the tab or closed
 * the modal) closes the pop-up. Window, pop-up and storage access are the app's named actors and
 * actions (src/web/app/social.ts, given with `provideSocial` in machines/sign-up/provide.ts).
 */

export interface SocialInput {
  provider: SocialProvider;
}

/** A full-page sign-in's kept outcome: its provider, the landing fragment and how old it is. */
export interface KeptOAuthResult {
  provider: string;
  hash: string;
  ageMs: number;
}

/** What the modal gets: an outcome, or a failed call (kind 'abort' when the user gave up: nothing shown). */
export type SocialOutput = { kind: 'outcome'; outcome: SocialOutcome } | { kind: 'failed'; error: CallErrorLike };

export interface SocialContext {
  provider: SocialProvider;
  /** The landing read from the fragment (null until then, or when it made no sense). */
  landing: OAuthLanding | null;
}

export type SocialEvent =
  /** The pop-up's landing posted its fragment (same origin, our pop-up). */
  { type: 'popup.landed'; hash: string };

const isOutcome = (l: OAuthLanding | null): l is SocialOutcome =>
  l !== null && (l.kind === 'inactive' || l.kind === 'activation' || l.kind === 'hash');

/** The kept result counts when it is this provider's and younger than the TTL. */
export const keptResultFresh = (kept: KeptOAuthResult | null, provider: SocialProvider): kept is KeptOAuthResult =>
  kept !== null && kept.provider === provider && kept.ageMs >= 0 && kept.ageMs < OAUTH_RESULT_TTL_MS;

export const socialMachine = setup({
  types: {
    context: {} as SocialContext,
    events: {} as SocialEvent,
    input: {} as SocialInput,
    output: {} as SocialOutput,
  },
  actors: {
    /** sessionStorage: takes (reads and removes) a full-page sign-in's kept outcome, if any. */
    takeKeptResult: fromPromise<KeptOAuthResult | null, SocialInput>(() => pending()),
    /** Opens the centred pop-up on the provider's start call; false when the browser blocked it. */
    openPopup: fromPromise<boolean, SocialInput>(() => pending()),
    /** Whether the user closed the pop-up. */
    popupClosed: fromPromise<boolean>(() => pending()),
    /**
     * The open pop-up: sends `popup.landed` with its landing's fragment (our origin, our pop-up); when
     * stopped (the state is left, or the modal stops this machine) it stops listening and closes the pop-up.
     */
    popup: fromCallback<SocialEvent>(() => undefined),
  },
  actions: {
    /** Pop-ups blocked: keeps the pending sign-in (provider, page to come back to) and sends the whole page to the provider. */
    redirect: (_, _params: { provider: SocialProvider }) => {},
    readLanding: assign({ landing: (_, params: { hash: string }) => parseOAuthFragment(params.hash) }),
  },
  guards: {
    keptFresh: ({ context }, params: { kept: KeptOAuthResult | null }) => keptResultFresh(params.kept, context.provider),
    opened: (_, params: { opened: boolean }) => params.opened,
    closed: (_, params: { closed: boolean }) => params.closed,
    answered: ({ context }) => isOutcome(context.landing),
  },
  delays: {
    popupPoll: POPUP_POLL_MS,
  },
}).createMachine({
  id: 'socialSignIn',
  context: ({ input }) => ({ provider: input.provider, landing: null }),
  output: ({ context }): SocialOutput =>
    isOutcome(context.landing) ? { kind: 'outcome', outcome: context.landing } : { kind: 'failed', error: landingError(context.landing) },
  initial: 'resuming',
  states: {
    /** Back from a full-page sign-in: its kept outcome, when fresh and for this provider, answers at once. */
    resuming: {
      invoke: {
        id: 'takeKeptResult',
        src: 'takeKeptResult',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [
          {
            guard: { type: 'keptFresh', params: ({ event }) => ({ kept: event.output }) },
            target: 'landed',
            actions: { type: 'readLanding', params: ({ event }) => ({ hash: event.output?.hash ?? '' }) },
          },
          { target: 'opening' },
        ],
        onError: { target: 'opening' },
      },
    },
    opening: {
      invoke: {
        id: 'openPopup',
        src: 'openPopup',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [
          { guard: { type: 'opened', params: ({ event }) => ({ opened: event.output }) }, target: 'popupOpen' },
          { target: 'redirecting' },
        ],
        onError: { target: 'redirecting' },
      },
    },
    /** The page leaves for the provider; this machine ends with it. */
    redirecting: {
      entry: { type: 'redirect', params: ({ context }) => ({ provider: context.provider }) },
    },
    /** The pop-up is open: its landing's message answers; a closed pop-up is an abort. */
    popupOpen: {
      invoke: { id: 'popup', src: 'popup' },
      on: {
        'popup.landed': { target: 'landed', actions: { type: 'readLanding', params: ({ event }) => ({ hash: event.hash }) } },
      },
      initial: 'waiting',
      states: {
        waiting: {
          after: { popupPoll: 'polling' },
        },
        polling: {
          invoke: {
            id: 'popupClosed',
            src: 'popupClosed',
            onDone: [
              { guard: { type: 'closed', params: ({ event }) => ({ closed: event.output }) }, target: '#socialSignIn.aborted' },
              { target: 'waiting' },
            ],
            onError: { target: '#socialSignIn.aborted' },
          },
        },
      },
    },
    /** The landing's fragment is read: an outcome, else a failure (error code, abort, or nonsense). */
    landed: {
      always: [{ guard: 'answered', target: 'answered' }, { target: 'failed' }],
    },
    answered: { type: 'final' },
    failed: { type: 'final' },
    /** The user closed the pop-up: silent (the modal stays as it was). */
    aborted: { type: 'final', entry: assign({ landing: { kind: 'abort' } }) },
  },
});

export type SocialActorRef = ActorRefFrom<typeof socialMachine>;
