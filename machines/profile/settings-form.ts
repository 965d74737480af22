import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { errorMessageId } from '../accounts/errors';

/** A form's fields as text, by name (dot paths for nested fields: `social.github`). */
export type FormValues = Record<string, string>;
/** Field name → message id of its problem. */
export type FieldErrors = Record<string, string>;

export interface SettingsFormContext {
  values: FormValues;
  /** What the server has: a save makes the values the new baseline, a reset goes back to it. */
  saved: FormValues;
  /** The fields' problems, shown once a submit was refused, then kept current as the person types. */
  errors: FieldErrors;
  /** Message id of the last failed load or save. */
  error: string | null;
}
export type SettingsFormEvent =
  | { type: 'user.setField'; field: string; value: string }
  | { type: 'user.submit' }
  | { type: 'user.reset' }
  | { type: 'user.retry' };

/** The problems a valibot contract finds in a request, by dot path (its message ids). */
export function contractErrors(schema: v.GenericSchema, request: unknown): FieldErrors {
  const result = v.safeParse(schema, request);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (path && errors[path] === undefined) errors[path] = issue.message;
  }
  return errors;
}

const same = (a: FormValues, b: FormValues) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
};

/** The fields a refusal names, with its message for the first and `validation.invalid` for the others. */
function serverFieldErrors(error: unknown, values: FormValues): FieldErrors {
  const content = (error as { content?: { fields?: unknown; message?: unknown } } | null)?.content;
  const fields = Array.isArray(content?.fields) ? content.fields.filter((f): f is string => typeof f === 'string' && f in values) : [];
  const message = typeof content?.message === 'string' && /^[a-z][\w.]*$/.test(content.message) ? content.message : 'validation.invalid';
  return Object.fromEntries(fields.map((field, i) => [field, i === 0 ? message : 'validation.invalid']));
}

/**
 * A settings form of the account area that loads what the server has, checks its fields with the
 * same contract the server uses (`validate`: field → message id) before anything is sent, and saves
 * only a change: loading → failed (retry) | ready (pristine → dirty → saving → pristine, with
 * `notifySaved`; a refused save keeps the values and shows the server's message and fields). Each
 * form is one machine made by this function (its id and rules), with `load`, `save` and
 * `notifySaved` provided by the app.
 */
export function settingsFormMachine(id: string, validate: (values: FormValues) => FieldErrors) {
  return setup({
    types: {
      context: {} as SettingsFormContext,
      events: {} as SettingsFormEvent,
    },
    actors: {
      /** What the server has, as the form's text values. */
      load: fromPromise<FormValues>(async () => ({})),
      /** Saves the values; resolves what the server then has. */
      save: fromPromise<FormValues, FormValues>(async ({ input }) => input),
    },
    actions: {
      /** The success feedback (the app pushes an alert and refreshes the current user). */
      notifySaved: () => {},
      setField: assign(({ context, event }) => {
        if (event.type !== 'user.setField') return {};
        const values = { ...context.values, [event.field]: event.value };
        // Once a submit was refused, every problem follows the typing.
        return { values, errors: Object.keys(context.errors).length > 0 ? validate(values) : {}, error: null };
      }),
      showErrors: assign({ errors: ({ context }) => validate(context.values) }),
      reset: assign(({ context }) => ({ values: context.saved, errors: {}, error: null })),
      clearError: assign({ error: null, errors: () => ({}) }),
    },
    guards: {
      invalid: ({ context }) => Object.keys(validate(context.values)).length > 0,
      changed: ({ context }) => !same(context.values, context.saved),
    },
  }).createMachine({
    id,
    context: { values: {}, saved: {}, errors: {}, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({ values: event.output, saved: event.output, errors: {}, error: null })),
          },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageId(event.error) }) },
        },
      },
      failed: {
        on: { 'user.retry': { target: 'loading' } },
      },
      ready: {
        initial: 'pristine',
        states: {
          pristine: {
            on: { 'user.setField': { target: 'dirty', actions: 'setField' } },
          },
          dirty: {
            on: {
              'user.setField': { actions: 'setField' },
              'user.submit': [
                { guard: 'invalid', actions: 'showErrors' },
                { guard: 'changed', target: 'saving', actions: 'clearError' },
                // Typed back to what is saved: nothing to send.
                { target: 'pristine', actions: 'clearError' },
              ],
              'user.reset': { target: 'pristine', actions: 'reset' },
            },
          },
          saving: {
            invoke: {
              id: 'save',
              src: 'save',
              input: ({ context }) => context.values,
              onDone: {
                target: 'pristine',
                actions: [assign(({ event }) => ({ values: event.output, saved: event.output })), 'notifySaved'],
              },
              onError: {
                target: 'dirty',
                actions: assign(({ context, event }) => ({
                  error: errorMessageId(event.error),
                  errors: serverFieldErrors(event.error, context.values),
                })),
              },
            },
          },
        },
      },
    },
  });
}

export type SettingsFormMachine = ReturnType<typeof settingsFormMachine>;
export type SettingsFormActorRef = ActorRefFrom<SettingsFormMachine>;
