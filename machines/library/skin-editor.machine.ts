import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type ContrastWarning,
  DEFAULT_SKIN_DESIGN,
  SkinCreateSchema,
  type SkinInput,
  type SkinItem,
  skinWarnings,
} from '../../src/contracts/library';
import { errorMessageId, pending } from '../sign-up/errors';

/**
 * The skin editor of /account/theme (issue 16): a new skin (the default skin's colours) or an existing
 * one; name, four colours and the toolbar style, each checked as it changes with the contract's own
 * schema (SkinCreateSchema), contrast warnings alongside (the skin may still be saved); save → the
 * saved skin is the editor's output, cancel → none. A refused save keeps the form with the message.
 */

export type SkinField = keyof SkinInput;
export type SkinErrors = Partial<Record<SkinField, string>>;

export interface SkinEditorInput {
  /** The skin to edit, or null for a new one. */
  item: SkinItem | null;
}

export interface SkinEditorContext {
  id: string | null;
  values: SkinInput;
  /** Validation message ids by field (validation.required, validation.max, validation.invalid). */
  errors: SkinErrors;
  /** Message id of a refused save. */
  error: string | null;
  /** The skin as the server saved it (the output). */
  saved: SkinItem | null;
}

export type SkinEditorEvent = { type: 'user.set'; field: SkinField; value: string } | { type: 'user.save' } | { type: 'user.cancel' };

export type SkinEditorOutput = { item: SkinItem } | null;

/** The validation message id of each invalid field. */
export function skinErrors(values: SkinInput): SkinErrors {
  const result = v.safeParse(SkinCreateSchema, values);
  if (result.success) return {};
  const out: SkinErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as SkinField | null;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** What a reader might struggle to see (shown as warnings beside the colours). */
export const warningsOf = (values: SkinInput): ContrastWarning[] => skinWarnings(values);

export const skinEditorMachine = setup({
  types: {
    context: {} as SkinEditorContext,
    events: {} as SkinEditorEvent,
    input: {} as SkinEditorInput,
    output: {} as SkinEditorOutput,
  },
  actors: {
    saveSkin: fromPromise<SkinItem, { id: string | null; values: SkinInput }>(() => pending()),
  },
  guards: {
    valid: ({ context }) => Object.keys(skinErrors(context.values)).length === 0,
  },
}).createMachine({
  id: 'skinEditor',
  context: ({ input }) => {
    const item = input.item;
    const values: SkinInput = item
      ? { name: item.name, toolbar: item.toolbar, text: item.text, accent: item.accent, background: item.background, style: item.style }
      : { name: '', ...DEFAULT_SKIN_DESIGN };
    return { id: item?.id ?? null, values, errors: {}, error: null, saved: null };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'user.set': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value } as SkinInput;
            // The field's own message follows what is typed; the others stay as they were.
            const errors = { ...context.errors };
            const now = skinErrors(values)[event.field];
            if (now) errors[event.field] = now;
            else delete errors[event.field];
            return { values, errors, error: null };
          }),
        },
        'user.save': [{ guard: 'valid', target: 'saving' }, { actions: assign({ errors: ({ context }) => skinErrors(context.values) }) }],
        'user.cancel': 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveSkin',
        src: 'saveSkin',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessageId(event.error) ?? 'commons.requestError' }) },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.saved ? { item: context.saved } : null),
});

/** A running skinEditorMachine, as the views get it. */
export type SkinEditorActorRef = ActorRefFrom<typeof skinEditorMachine>;
