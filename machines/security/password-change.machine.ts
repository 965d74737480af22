import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { NewPasswordSchema, PasswordSchema, passwordIsEmail } from '../../src/contracts/account-requests';
import { errorMessageId } from '../accounts/errors';
import { pending } from '../sign-up/errors';
import { fieldErrors, hasErrors, refusedField, withoutField } from './fields';

/** `POST {api}/profile/password/change` (the app provides it): the number of other sessions signed out. */
export interface PasswordChangeInput {
  password: string;
  new_password: string;
}
export type PasswordField = 'password' | 'new_password' | 'confirm';
export interface PasswordChangeContext {
  /** The profile's address (a new password must not be it). */
  email: string;
  values: Record<PasswordField, string>;
  /** Message id under each refused field. */
  errors: Partial<Record<PasswordField, string>>;
  /** A refusal that names no field (transport, rate limit). */
  errorId: string | null;
  /** Sessions elsewhere that the change signed out. */
  signedOut: number;
}
export type PasswordChangeEvent =
  | { type: 'user.set'; field: PasswordField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.sendLink' }
  | { type: 'user.again' };

const FormSchema = v.object({ password: PasswordSchema, new_password: NewPasswordSchema, confirm: v.string() });

/** What the form refuses before anything is sent: the contract's rules, the e-mail address, a confirmation that differs. */
export function passwordErrors(values: Record<PasswordField, string>, email: string): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = fieldErrors(FormSchema, values);
  if (!errors.new_password && passwordIsEmail(values.new_password, email)) errors.new_password = 'account.password.sameAsEmail';
  if (!errors.new_password && values.confirm !== values.new_password) errors.confirm = 'security.password.mismatch';
  return errors;
}

const EMPTY = { password: '', new_password: '', confirm: '' };

/**
 * /account/security, "Change password": the current password, the new one twice; the server checks
 * the current one (SECURITY 901 under its field), changes it and signs out every other session (the
 * count is shown). Nothing typed is lost on a refusal but the current password. A profile without a
 * password (social sign-in only) gets a link by mail to set one instead (`user.sendLink`).
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as { email: string },
  },
  actors: {
    changePassword: fromPromise<{ signed_out: number }, PasswordChangeInput>(() => pending()),
    /** `POST {api}/profile/password/link`: a link to set a password, mailed to the profile's address. */
    sendPasswordLink: fromPromise<unknown>(() => pending()),
  },
  actions: {
    /** The page reloads what it shows (sessions); provided by the section. */
    changed: () => {},
  },
  guards: {
    valid: ({ context }) => !hasErrors(passwordErrors(context.values, context.email)),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ email: input.email, values: EMPTY, errors: {}, errorId: null, signedOut: 0 }),
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
          { actions: assign({ errors: ({ context }) => passwordErrors(context.values, context.email) }) },
        ],
        'user.sendLink': { target: 'sendingLink', actions: assign({ errorId: null }) },
      },
    },
    sendingLink: {
      invoke: {
        id: 'sendPasswordLink',
        src: 'sendPasswordLink',
        onDone: { target: 'linkSent' },
        onError: { target: 'editing', actions: assign({ errorId: ({ event }) => errorMessageId(event.error) }) },
      },
    },
    /** The link is on its way to the profile's address. */
    linkSent: { on: { 'user.again': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ password: context.values.password, new_password: context.values.new_password }),
        onDone: {
          target: 'done',
          actions: [assign({ signedOut: ({ event }) => event.output.signed_out, values: EMPTY }), 'changed'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const refused = refusedField(event.error, ['password', 'new_password']);
            return refused
              ? { errors: { [refused.field]: refused.id }, values: { ...context.values, password: '' } }
              : { errorId: errorMessageId(event.error), values: { ...context.values, password: '' } };
          }),
        },
      },
    },
    /** Changed: the notice stays until the person starts another change. */
    done: {
      on: { 'user.again': { target: 'editing', actions: assign({ signedOut: 0 }) } },
    },
  },
});

export type PasswordChangeActorRef = ActorRefFrom<typeof passwordChangeMachine>;
