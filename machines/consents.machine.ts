import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessageId } from './accounts/errors';
import type { PostLoginUser, StepOutput } from './accounts/types';

/** Notification subscription model (SPEC §3): notification name → on/off. */
export type Prefs = Record<string, boolean>;

/**
 * Where the preferences show: the full-screen modal (and the sign-up modal's activate-notif tab), which
 * ends once saved, or the account page `/account/notification`, which stays to be changed again.
 */
export type ConsentsMode = 'modal' | 'page';
export interface ConsentsInput {
  mode?: ConsentsMode;
}

export interface ConsentsContext {
  mode: ConsentsMode;
  values: Prefs;
  /** Message id of the last failed load or save. */
  error: string | null;
  user: PostLoginUser | null;
}
export type ConsentsEvent = { type: 'user.toggle'; name: string } | { type: 'user.submit' } | { type: 'user.retry' };

/**
 * Notification preferences (SPEC §2, §4 Notifications): consents and notifications as on/off switches;
 * on success the user is refreshed and the modal closes (final `done`). On the account page (input
 * `mode: 'page'`) the same save says so (`showSaved`) and the switches stay to be changed again.
 */
export const consentsMachine = setup({
  types: {
    context: {} as ConsentsContext,
    events: {} as ConsentsEvent,
    input: {} as ConsentsInput | undefined,
    output: {} as StepOutput,
  },
  actors: {
    /** GET profile/subscription/get. */
    loadPrefs: fromPromise<{ values: Prefs }>(async () => ({ values: {} })),
    /** profile/subscription/update with the values as a JSON string. */
    savePrefs: fromPromise<void, { values: Prefs }>(async () => undefined),
    /** GET profile session and store the current user; resolves the refreshed user. */
    refreshUser: fromPromise<PostLoginUser | null>(async () => null),
  },
  guards: {
    onPage: ({ context }) => context.mode === 'page',
  },
  actions: {
    /** The page's feedback once saved (the app pushes a success alert). */
    showSaved: () => {},
    setValues: assign({
      values: ({ context, event }) => ('output' in event ? (event.output as { values: Prefs }).values : context.values),
    }),
    toggle: assign({
      values: ({ context, event }) =>
        event.type === 'user.toggle' ? { ...context.values, [event.name]: !context.values[event.name] } : context.values,
      error: null,
    }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => ('error' in event ? errorMessageId(event.error) : null) }),
    setUser: assign({ user: ({ event }) => ('output' in event ? ((event.output as PostLoginUser | null) ?? null) : null) }),
  },
}).createMachine({
  id: 'consents',
  context: ({ input }) => ({ mode: input?.mode ?? 'modal', values: {}, error: null, user: null }),
  initial: 'loading',
  output: ({ event }) => event.output as StepOutput,
  states: {
    loading: {
      invoke: {
        id: 'loadPrefs',
        src: 'loadPrefs',
        onDone: { target: 'editing', actions: ['setValues', 'clearError'] },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading' } },
    },
    editing: {
      on: {
        'user.toggle': { actions: 'toggle' },
        'user.submit': { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      invoke: {
        id: 'savePrefs',
        src: 'savePrefs',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'refreshingUser' },
        onError: { target: 'editing', actions: 'setError' },
      },
    },
    refreshingUser: {
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: [
          { guard: 'onPage', target: 'editing', actions: ['setUser', 'showSaved'] },
          { target: 'done', actions: 'setUser' },
        ],
        // Saved either way: a failed refresh only means the stored user updates later (ats).
        onError: [{ guard: 'onPage', target: 'editing', actions: 'showSaved' }, { target: 'done' }],
      },
    },
    done: { type: 'final', output: ({ context }) => ({ result: 'done' as const, user: context.user }) },
  },
});

/** A running consentsMachine, as the views get it. */
export type ConsentsActorRef = ActorRefFrom<typeof consentsMachine>;
