import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type ContactRequest,
  ContactRequestSchema,
  type ContactSent,
  type ContactSubject,
  SignedInContactRequestSchema,
} from '../src/contracts/contact';
import { errorMessageId, pending } from './sign-up/errors';
import { CAPTCHA_FIELD, validateForm } from './sign-up/forms';

/** The fields of the contact form (SPEC §2 Other, §3 Contact message). */
export type ContactField = 'name' | 'email' | 'text' | 'phone' | 'url' | typeof CAPTCHA_FIELD;
export type ContactValues = Record<ContactField, string>;

export interface ContactInput {
  /** `support` (the normal form, with url) or `deletion` (the deletion request). */
  subject: ContactSubject;
  /** Signed in: name and e-mail are the account's, hidden and prefilled (SPEC §2), the e-mail not required (§5). */
  signedIn: boolean;
  /** Dev mode (QUIRE_DEV): no captcha (SPEC §5). */
  devMode: boolean;
  name?: string;
  email?: string;
  /** The page the visitor writes from (the normal form's url field starts with it). */
  url?: string;
}

export interface ContactContext {
  subject: ContactSubject;
  signedIn: boolean;
  devMode: boolean;
  values: ContactValues;
  /** Field → message id (validation.required, validation.email…). */
  errors: Partial<Record<ContactField, string>>;
  /** The failed call's message id (errors.{type}.{code} or a transport id), shown above the buttons. */
  errorId: string | null;
}

export type ContactEvent = { type: 'user.setField'; field: ContactField; value: string } | { type: 'user.submit' } | { type: 'user.close' };

/** SPEC §5 rules with the server's own schemas; the captcha unless in dev mode. */
export function contactErrors(context: Pick<ContactContext, 'values' | 'signedIn' | 'devMode' | 'subject'>): ContactContext['errors'] {
  const schema = context.signedIn ? SignedInContactRequestSchema : ContactRequestSchema;
  const errors = validateForm(schema, { ...context.values, subject: context.subject }) as ContactContext['errors'];
  if (!context.devMode && context.values[CAPTCHA_FIELD].trim() === '') errors[CAPTCHA_FIELD] = 'validation.required';
  return errors;
}

/** What is sent (`POST {api}/contact/send`): the deletion request has no url; signed in, no name or e-mail. */
export function contactPayload(context: Pick<ContactContext, 'values' | 'signedIn' | 'subject'>): Partial<ContactRequest> {
  const { name, email, url, ...rest } = context.values;
  return {
    ...rest,
    subject: context.subject,
    ...(context.signedIn ? {} : { name, email }),
    ...(context.subject === 'support' ? { url } : {}),
  };
}

const valid = (context: ContactContext) => Object.keys(contactErrors(context)).length === 0;

/**
 * The contact modal (SPEC §2 Other, §4 Contact submit, §5 Contact): editing → submitting (loading) →
 * success, which closes after a short moment. A refused or failed call goes back to editing with its
 * message and spends the captcha token, so the captcha widget reloads (as in the sign-up forms).
 */
export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
    input: {} as ContactInput,
  },
  actors: {
    /** POST {api}/contact/send (the app provides it). */
    send: fromPromise<ContactSent, Partial<ContactRequest>>(() => pending()),
  },
  delays: {
    /** How long the success message shows before the modal closes. */
    successClose: 2000,
  },
  guards: {
    valid: ({ context }) => valid(context),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'user.setField' || !Object.hasOwn(context.values, event.field)) return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showErrors: assign({ errors: ({ context }) => contactErrors(context) }),
    /** The failed call's message; the token is spent (the captcha widget solves a new challenge). */
    callFailed: assign(({ context, event }) => ({
      errorId: errorMessageId((event as { error?: unknown }).error),
      values: { ...context.values, [CAPTCHA_FIELD]: '' },
    })),
  },
}).createMachine({
  id: 'contact',
  context: ({ input }) => ({
    subject: input.subject,
    signedIn: input.signedIn,
    devMode: input.devMode,
    values: {
      name: input.name ?? '',
      email: input.email ?? '',
      text: '',
      phone: '',
      url: input.subject === 'support' ? (input.url ?? '') : '',
      [CAPTCHA_FIELD]: '',
    },
    errors: {},
    errorId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.setField': { actions: 'setField' },
        'user.submit': [
          { guard: 'valid', target: 'submitting', actions: assign({ errors: {}, errorId: null }) },
          { actions: 'showErrors' },
        ],
        'user.close': { target: 'closed' },
      },
    },
    submitting: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => contactPayload(context),
        onDone: { target: 'success' },
        onError: { target: 'editing', actions: 'callFailed' },
      },
    },
    success: {
      after: { successClose: { target: 'closed' } },
      on: { 'user.close': { target: 'closed' } },
    },
    closed: { type: 'final' },
  },
});

export type ContactActorRef = ActorRefFrom<typeof contactMachine>;
