import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { ContextFieldsSchema } from '../src/contracts/account-requests';
import type { LoginContent, UsageContext } from '../src/contracts/accounts';
import { CONSENTS_RENEWAL_BEFORE, USAGE_CONTEXT_ERROR_ID } from './constants';
import type { ConfirmLoginInput } from './mfa.machine';
import { errorMessageId, pending } from './sign-up/errors';
import { validateForm } from './sign-up/forms';

/** The three selects shown for a professional context (SPEC §2 Usage context). */
export const PRO_FIELDS = ['company_activity_sector', 'job_title', 'company_size'] as const;
export type ProField = (typeof PRO_FIELDS)[number];

export interface ActivationInput {
  /** The activation hash of the e-mailed link (or of a social sign-in's activation_code). */
  hash: string;
}
/** Activate (DESIGN §8 POST {api}/profile/activate): hash, context and, for pro, the three fields. */
export interface ActivateInput {
  hash: string;
  context: UsageContext;
  fields: Partial<Record<ProField, string>>;
}
export interface ActivationContext {
  hash: string;
  /** The chosen usage context; null until the user picks one (the validate button appears then). */
  usageContext: UsageContext | null;
  /** The pro selects' values (kept when the user switches context and back). */
  fields: Record<ProField, string>;
  /** Empty shown selects → 'account.info.context.activate.error' (SPEC §5): the view marks them. */
  errors: Partial<Record<ProField, string>>;
  /** Message above the form: the context error, or why activation failed. */
  errorId: string | null;
  /** The login hash the activate call answered with. */
  loginHash: string | null;
  content: LoginContent | null;
}
export type ActivationEvent =
  | { type: 'user.choose'; context: UsageContext }
  | { type: 'user.setField'; field: ProField; value: string }
  | { type: 'user.submit' };
/** notif: signed in, consents need renewing first (activate-notif); success: signed in (activate-success); failed: activate-error. */
export type ActivationOutput =
  | { kind: 'notif'; content: LoginContent }
  | { kind: 'success'; content: LoginContent }
  | { kind: 'failed'; errorId: string | null };

/** What the context form sends to the schema: the context, plus the selects when it is pro. */
const contextValues = (c: Pick<ActivationContext, 'usageContext' | 'fields'>) =>
  c.usageContext === 'pro' ? { context: 'pro', ...c.fields } : { context: c.usageContext };

/** SPEC §5: every shown select needs a value → field → message id (empty when complete). */
export const contextErrors = (c: Pick<ActivationContext, 'usageContext' | 'fields'>) => validateForm(ContextFieldsSchema, contextValues(c));

/** SPEC §4: consents need renewing when the stored modification date is older than the renewal date. */
export const consentsOutdated = (content: LoginContent) => content.subscriptions.modification < CONSENTS_RENEWAL_BEFORE;

const activated = {
  type: 'activated',
  params: ({ context }: { context: ActivationContext }) => ({ context: context.usageContext ?? 'ind' }),
} as const;

/**
 * Account activation (SPEC §4): choose the usage context (pro: three selects), activate with the
 * link's hash, confirm the login with the hash it answers, then finish as `notif` (consents must be
 * renewed first) or `success`. Any failed call finishes as `failed` (activate-error tab).
 */
export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as ActivationInput,
    output: {} as ActivationOutput,
  },
  actors: {
    /** POST {api}/profile/activate → {hash} (the login hash to confirm); the app provides it. */
    activate: fromPromise<{ hash: string }, ActivateInput>(() => pending()),
    /** POST {api}/profile/session {hash} → LoginContent; the app provides it. */
    confirmLogin: fromPromise<LoginContent, ConfirmLoginInput>(() => pending()),
  },
  guards: {
    contextChosen: ({ context }) => context.usageContext !== null,
    contextComplete: ({ context }) => context.usageContext !== null && Object.keys(contextErrors(context)).length === 0,
    consentsOutdated: (_, params: { content: LoginContent }) => consentsOutdated(params.content),
  },
  actions: {
    choose: assign({
      usageContext: ({ context, event }) => (event.type === 'user.choose' ? event.context : context.usageContext),
      errors: {},
      errorId: null,
    }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'user.setField' || !(PRO_FIELDS as readonly string[]).includes(event.field)) return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { fields: { ...context.fields, [event.field]: event.value }, errors };
    }),
    showErrors: assign({
      errors: ({ context }) => contextErrors(context),
      errorId: USAGE_CONTEXT_ERROR_ID,
    }),
    clearErrors: assign({ errors: {}, errorId: null }),
    keepLoginHash: assign((_, params: { hash: string }) => ({ loginHash: params.hash })),
    keepContent: assign((_, params: { content: LoginContent }) => ({ content: params.content })),
    showCallError: assign((_, params: { error: unknown }) => ({ errorId: errorMessageId(params.error) })),
    /** The account is active, with this usage context (the marketing tracker's pro account activation, SPEC §7); the app provides it. */
    activated: (_, _params: { context: UsageContext }) => {},
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({
    hash: input.hash,
    usageContext: null,
    fields: { company_activity_sector: '', job_title: '', company_size: '' },
    errors: {},
    errorId: null,
    loginHash: null,
    content: null,
  }),
  // The final state's output (notif, success or failed) is the machine's output.
  output: ({ event }) => event.output as ActivationOutput,
  initial: 'choosingContext',
  states: {
    choosingContext: {
      on: {
        'user.choose': { actions: 'choose' },
        'user.setField': { actions: 'setField' },
        // No transition before a context is chosen: `snapshot.can` hides the validate button.
        'user.submit': [
          { guard: 'contextComplete', target: 'activating', actions: 'clearErrors' },
          { guard: 'contextChosen', actions: 'showErrors' },
        ],
      },
    },
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => {
          const values = contextValues(context);
          const { context: _context, ...fields } = values;
          return { hash: context.hash, context: context.usageContext ?? 'ind', fields: fields as Partial<Record<ProField, string>> };
        },
        onDone: { target: 'confirming', actions: { type: 'keepLoginHash', params: ({ event }) => ({ hash: event.output.hash }) } },
        onError: { target: 'failed', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmLogin',
        src: 'confirmLogin',
        input: ({ context }) => ({ hash: context.loginHash ?? '' }),
        onDone: [
          {
            guard: { type: 'consentsOutdated', params: ({ event }) => ({ content: event.output }) },
            target: 'notif',
            actions: [{ type: 'keepContent', params: ({ event }) => ({ content: event.output }) }, activated],
          },
          { target: 'success', actions: [{ type: 'keepContent', params: ({ event }) => ({ content: event.output }) }, activated] },
        ],
        onError: { target: 'failed', actions: { type: 'showCallError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    notif: {
      type: 'final',
      output: ({ context }): ActivationOutput => ({ kind: 'notif', content: context.content as LoginContent }),
    },
    success: {
      type: 'final',
      output: ({ context }): ActivationOutput => ({ kind: 'success', content: context.content as LoginContent }),
    },
    failed: {
      type: 'final',
      output: ({ context }): ActivationOutput => ({ kind: 'failed', errorId: context.errorId }),
    },
  },
});

/** A running activationMachine, as the views get it. */
export type ActivationActorRef = ActorRefFrom<typeof activationMachine>;
