import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { EmailSchema, PasswordSchema } from '../../src/contracts/account-requests';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';
import { fieldErrors, hasErrors, refusedField, withoutField } from './fields';

export type EmailField = 'email' | 'password';
export interface EmailChangeContext {
  /** The address the profile has now. */
  current: string;
  values: Record<EmailField, string>;
  errors: Partial<Record<EmailField, string>>;
  errorId: string | null;
  /** Where the confirmation link went (sent). */
  email: string | null;
}
export type EmailChangeEvent = { type: 'user.set'; field: EmailField; value: string } | { type: 'user.submit' } | { type: 'user.again' };

const FormSchema = v.object({ email: EmailSchema, password: PasswordSchema });

/** The form's refusals before sending: a valid address other than the current one, a password. */
export function emailErrors(values: Record<EmailField, string>, current: string): Partial<Record<EmailField, string>> {
  const errors: Partial<Record<EmailField, string>> = fieldErrors(FormSchema, values);
  if (!errors.email && values.email.trim().toLowerCase() === current.toLowerCase()) errors.email = 'errors.SECURITY.903';
  return errors;
}

/**
 * /account/security, "Change e-mail address": the new address and the current password; the server
 * mails a link to the new address and a notice to the old one (an address another account has is told
 * so by mail, the answer here is the same). The link itself is confirmed by emailConfirmMachine.
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as { email: string },
  },
  actors: {
    /** `POST {api}/profile/email/change {email, password}` → the address the link went to. */
    requestChange: fromPromise<{ email: string }, { email: string; password: string }>(() => pending()),
  },
  actions: {
    /** The page reloads what it shows; provided by the section. */
    changed: () => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(emailErrors(context.values, context.current)),
  },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    current: input.email,
    values: { email: '', password: '' },
    errors: {},
    errorId: null,
    email: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.set': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            errors: withoutField(context.errors, event.field),
            errorId: null,
          })),
        },
        'user.submit': [
          { guard: 'valid', target: 'submitting', actions: assign({ errors: {}, errorId: null }) },
          { actions: assign({ errors: ({ context }) => emailErrors(context.values, context.current) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ email: context.values.email.trim().toLowerCase(), password: context.values.password }),
        onDone: {
          target: 'sent',
          actions: [assign({ email: ({ event }) => event.output.email, values: { email: '', password: '' } }), 'changed'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const refused = refusedField(event.error, ['email', 'password']);
            const values = { ...context.values, password: '' };
            return refused ? { values, errors: { [refused.field]: refused.id } } : { values, errorId: errorMessageId(event.error) };
          }),
        },
      },
    },
    /** The link is on its way to the new address. */
    sent: { on: { 'user.again': { target: 'editing', actions: assign({ email: null }) } } },
  },
});

export type EmailChangeActorRef = ActorRefFrom<typeof emailChangeMachine>;
