import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessageId } from './accounts/errors';
import type { PostLoginUser, StepOutput } from './accounts/types';

export interface TermsContext {
  /** Message id of the last failed submit (shown under the form). */
  error: string | null;
  /** The user as refreshed after acceptance (handed to the post-login sequence). */
  user: PostLoginUser | null;
}
export type TermsEvent = { type: 'user.toggle' } | { type: 'user.submit' } | { type: 'user.signOut' };

/**
 * Full-screen terms acceptance (SPEC §2, §4 Terms): an accept checkbox, submit enabled only when it is
 * ticked (`snapshot.can({ type: 'user.submit' })`), a sign-out link. On success the user is refreshed
 * and the modal closes (final `done`); a failed submit keeps the box ticked and shows the error.
 */
export const termsMachine = setup({
  types: {
    context: {} as TermsContext,
    events: {} as TermsEvent,
    output: {} as StepOutput,
  },
  actors: {
    /** POST profile/tos/accept. */
    acceptTerms: fromPromise<void>(async () => undefined),
    /** GET profile session and store the current user; resolves the refreshed user. */
    refreshUser: fromPromise<PostLoginUser | null>(async () => null),
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => ('error' in event ? errorMessageId(event.error) : null) }),
    setUser: assign({ user: ({ event }) => ('output' in event ? ((event.output as PostLoginUser | null) ?? null) : null) }),
  },
}).createMachine({
  id: 'terms',
  context: { error: null, user: null },
  initial: 'unchecked',
  output: ({ event }) => event.output as StepOutput,
  on: {
    'user.signOut': { target: '.signedOut' },
  },
  states: {
    unchecked: {
      on: { 'user.toggle': { target: 'checked', actions: 'clearError' } },
    },
    checked: {
      on: {
        'user.toggle': { target: 'unchecked', actions: 'clearError' },
        'user.submit': { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: { target: 'refreshingUser' },
        onError: { target: 'checked', actions: 'setError' },
      },
    },
    refreshingUser: {
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'done', actions: 'setUser' },
        // Terms are accepted; a failed refresh only means the stored user updates later (ats).
        onError: { target: 'done' },
      },
    },
    done: { type: 'final', output: ({ context }) => ({ result: 'done' as const, user: context.user }) },
    signedOut: { type: 'final', output: () => ({ result: 'signedOut' as const, user: null }) },
  },
});

/** A running termsMachine, as the views get it. */
export type TermsActorRef = ActorRefFrom<typeof termsMachine>;
