import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ContextFields } from '../src/contracts/account-requests';
import type { UsageContext } from '../src/contracts/accounts';
import { errorMessageId } from './accounts/errors';
import type { PostLoginUser, StepOutput } from './accounts/types';
import { USAGE_CONTEXT_ERROR_ID, USAGE_CONTEXT_THANKS_MS } from './constants';

export { type SelectOption, sortOptions } from './accounts/sort-options';

/** The three selects a professional fills (SPEC §2). */
export const PRO_FIELDS = ['company_activity_sector', 'job_title', 'company_size'] as const;
export type ProField = (typeof PRO_FIELDS)[number];

/**
 * Where the question shows: the full-screen post-login modal (thanks, then it ends) or the account
 * page `/account/info_account`, which starts from the account's answer and stays to be changed again.
 */
export type UsageContextMode = 'modal' | 'page';
export interface UsageContextInput {
  mode?: UsageContextMode;
  /** The account's current answer (the page): its context and the professional's selects. */
  choice?: UsageContext | null;
  fields?: Partial<Record<ProField, string | null>>;
}

export interface UsageContextContext {
  mode: UsageContextMode;
  /** The chosen context; null until the user chooses. */
  choice: UsageContext | null;
  fields: Record<ProField, string>;
  /** Shown selects left empty at the last submit (the view marks them). */
  emptyFields: ProField[];
  /** Message id: `account.info.context.activate.error` or the failed call's message. */
  error: string | null;
  user: PostLoginUser | null;
}
export type UsageContextEvent =
  | { type: 'user.choose'; context: UsageContext }
  | { type: 'user.setField'; field: ProField; value: string }
  | { type: 'user.submit' };

/** The selects shown for a context: the three pro fields for `pro`, none otherwise. */
export const shownFields = (choice: UsageContext | null): readonly ProField[] => (choice === 'pro' ? PRO_FIELDS : []);
const emptyOf = (c: UsageContextContext) => shownFields(c.choice).filter((f) => c.fields[f].trim() === '');

/** What `saveContext` receives: the shape of the activate/patch contracts (ContextFieldsSchema). */
export function toContextFields(c: Pick<UsageContextContext, 'choice' | 'fields'>): ContextFields {
  if (c.choice === 'pro') return { context: 'pro', ...c.fields };
  return { context: c.choice ?? 'ind' };
}

/**
 * Usage-context modal (SPEC §2, §4, §5): choose individual, student or professional; professional
 * shows three selects, each required (`account.info.context.activate.error`, empty ones listed in
 * `emptyFields`). The validate button appears once a context is chosen. On success the user is
 * refreshed, a thank-you message shows, then the modal closes (final `done`). On the account page
 * (input `mode: 'page'`, starting from the account's answer) a save says so (`showSaved`) and the
 * form stays.
 */
export const usageContextMachine = setup({
  types: {
    context: {} as UsageContextContext,
    events: {} as UsageContextEvent,
    input: {} as UsageContextInput | undefined,
    output: {} as StepOutput,
  },
  actors: {
    /** Patch account (context, attributes.usage_context, company fields) and profile (job_title). */
    saveContext: fromPromise<void, ContextFields>(async () => undefined),
    /** GET profile session and store the current user; resolves the refreshed user. */
    refreshUser: fromPromise<PostLoginUser | null>(async () => null),
  },
  delays: { thanksDelay: USAGE_CONTEXT_THANKS_MS },
  guards: {
    hasEmptyField: ({ context }) => emptyOf(context).length > 0,
    hasChoice: ({ context }) => context.choice !== null,
    onPage: ({ context }) => context.mode === 'page',
  },
  actions: {
    /** Shows the thank-you message (the app pushes a success alert or renders it in the modal). */
    showThanks: () => {},
    /** The page's feedback once saved (the app pushes a success alert). */
    showSaved: () => {},
    choose: assign({
      choice: ({ context, event }) => (event.type === 'user.choose' ? event.context : context.choice),
      emptyFields: () => [],
      error: null,
    }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'user.setField') return {};
      const fields = { ...context.fields, [event.field]: event.value };
      return { fields, emptyFields: context.emptyFields.filter((f) => fields[f].trim() === '') };
    }),
    refuse: assign(({ context }) => ({ emptyFields: emptyOf(context), error: USAGE_CONTEXT_ERROR_ID })),
    clearError: assign({ error: null, emptyFields: () => [] }),
    setError: assign({ error: ({ event }) => ('error' in event ? errorMessageId(event.error) : null) }),
    setUser: assign({ user: ({ event }) => ('output' in event ? ((event.output as PostLoginUser | null) ?? null) : null) }),
  },
}).createMachine({
  id: 'usageContext',
  context: ({ input }) => ({
    mode: input?.mode ?? 'modal',
    choice: input?.choice ?? null,
    fields: {
      company_activity_sector: input?.fields?.company_activity_sector ?? '',
      job_title: input?.fields?.job_title ?? '',
      company_size: input?.fields?.company_size ?? '',
    },
    emptyFields: [],
    error: null,
    user: null,
  }),
  initial: 'starting',
  output: ({ event }) => event.output as StepOutput,
  states: {
    /** An answer given before (the page) opens the form on it; none: the choice comes first. */
    starting: {
      always: [{ guard: 'hasChoice', target: 'chosen' }, { target: 'choosing' }],
    },
    choosing: {
      on: { 'user.choose': { target: 'chosen', actions: 'choose' } },
    },
    chosen: {
      on: {
        'user.choose': { actions: 'choose' },
        'user.setField': { actions: 'setField' },
        'user.submit': [
          { guard: 'hasEmptyField', actions: 'refuse' },
          { target: 'submitting', actions: 'clearError' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveContext',
        src: 'saveContext',
        input: ({ context }) => toContextFields(context),
        onDone: { target: 'refreshingUser' },
        onError: { target: 'chosen', actions: 'setError' },
      },
    },
    refreshingUser: {
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: [
          { guard: 'onPage', target: 'chosen', actions: ['setUser', 'showSaved'] },
          { target: 'thanking', actions: 'setUser' },
        ],
        // The context is saved; a failed refresh only means the stored user updates later (ats).
        onError: [{ guard: 'onPage', target: 'chosen', actions: 'showSaved' }, { target: 'thanking' }],
      },
    },
    thanking: {
      entry: 'showThanks',
      after: { thanksDelay: { target: 'done' } },
    },
    done: { type: 'final', output: ({ context }) => ({ result: 'done' as const, user: context.user }) },
  },
});

/** A running usageContextMachine, as the views get it. */
export type UsageContextActorRef = ActorRefFrom<typeof usageContextMachine>;
