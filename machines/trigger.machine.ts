import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type BookTrigger,
  effectiveRepeatingMode,
  NEW_TRIGGER_DEFAULTS,
  type RepeatingMode,
  type TriggerConfig,
  type TriggerType,
  typeAllowed,
} from '../src/contracts/triggers';
import { errorMessageId } from './accounts/errors';

/**
 * The trigger tab of the book settings modal (SPEC §4 Trigger repeating_mode, list states; §5 trigger
 * type rules). Loads the book's triggers with the account's integrations, then:
 *   none available — no enabled integration (the owner sets one up in /account/integration)
 *   empty / loaded — no trigger yet / some triggers
 * Each change is saved at once (create, update, delete). A failed save restores the previous attributes
 * and removes a newly created trigger; a failed delete puts the removed trigger back where it was.
 * The rules: a type once per book; types 2/3 need download/print mode on; a new trigger starts not
 * mandatory with mode 3; "once" is not offered while mandatory (turning mandatory on switches it to 2);
 * "until done" needs the integration's support (otherwise 3).
 */

export interface TriggerInput {
  bookId: string;
  downloadMode: number;
  printMode: number;
}

export interface TriggerLoadOutput {
  triggers: BookTrigger[];
  integrations: TriggerConfig[];
}

/** What a save sends: a new trigger, or the changed attributes of one. */
export type TriggerSave =
  | {
      kind: 'create';
      tempId: string;
      book: string;
      type: TriggerType;
      config: string;
      is_mandatory: boolean;
      repeating_mode: RepeatingMode;
    }
  | { kind: 'update'; id: string; is_mandatory: boolean; repeating_mode: RepeatingMode };

/** A change in flight, with what restores the list when the server refuses it. */
export type TriggerPending = { save: TriggerSave; before: BookTrigger | null } | { remove: BookTrigger; index: number };

export interface TriggerContext {
  bookId: string;
  downloadMode: number;
  printMode: number;
  triggers: BookTrigger[];
  integrations: TriggerConfig[];
  pending: TriggerPending | null;
  /** Message id of the last failure (load or save), shown under the list. */
  error: string | null;
}

export type TriggerEvent =
  | { type: 'user.retry' }
  | { type: 'user.add'; triggerType: TriggerType; config: string }
  | { type: 'user.setMandatory'; id: string; value: boolean }
  | { type: 'user.setRepeating'; id: string; mode: RepeatingMode }
  | { type: 'user.remove'; id: string }
  | { type: 'modes.changed'; downloadMode: number; printMode: number };

const TEMP_PREFIX = 'new-';
const enabled = (c: TriggerContext) => c.integrations.filter((i) => i.is_enabled);
const integration = (c: TriggerContext, id: string) => c.integrations.find((i) => i.id === id);
const supportsOf = (c: TriggerContext, config: string) => integration(c, config)?.integration.supports ?? 0;
const find = (c: TriggerContext, id: string) => c.triggers.find((t) => t.id === id);
const modes = (c: TriggerContext) => ({ download_mode: c.downloadMode, print_mode: c.printMode });

/** The attributes of a trigger after a change, with the SPEC §4 rule applied. */
function changed(c: TriggerContext, t: BookTrigger, isMandatory: boolean, mode: RepeatingMode): BookTrigger {
  return { ...t, is_mandatory: isMandatory, repeating_mode: effectiveRepeatingMode(isMandatory, mode, supportsOf(c, t.config)) };
}

/** Whether a type can be added with this integration (also what the add form's options ask). */
export function canAddTrigger(c: TriggerContext, type: TriggerType, config: string): boolean {
  const target = integration(c, config);
  return !!target?.is_enabled && !c.triggers.some((t) => t.type === type) && typeAllowed(type, modes(c));
}

export const triggerMachine = setup({
  types: {
    context: {} as TriggerContext,
    events: {} as TriggerEvent,
    input: {} as TriggerInput,
  },
  actors: {
    loadTriggers: fromPromise<TriggerLoadOutput, { bookId: string }>(async () => ({ triggers: [], integrations: [] })),
    saveTrigger: fromPromise<BookTrigger, TriggerSave>(async () => {
      throw new Error('saveTrigger not provided');
    }),
    deleteTrigger: fromPromise<void, { id: string }>(async () => {}),
  },
  guards: {
    noIntegrations: ({ context }) => enabled(context).length === 0,
    noTriggers: ({ context }) => context.triggers.length === 0,
    canAdd: ({ context }, p: { type: TriggerType; config: string }) => canAddTrigger(context, p.type, p.config),
    mandatoryChanges: ({ context }, p: { id: string; value: boolean }) => {
      const t = find(context, p.id);
      return !!t && t.is_mandatory !== p.value;
    },
    /** The mode differs and is allowed as it is (not switched by the rule): "once" is off while mandatory. */
    repeatingAllowed: ({ context }, p: { id: string; mode: RepeatingMode }) => {
      const t = find(context, p.id);
      return !!t && t.repeating_mode !== p.mode && changed(context, t, t.is_mandatory, p.mode).repeating_mode === p.mode;
    },
    exists: ({ context }, p: { id: string }) => !!find(context, p.id),
  },
  actions: {
    addTrigger: assign(({ context }, p: { type: TriggerType; config: string }) => {
      const tempId = `${TEMP_PREFIX}${p.type}`;
      const model: BookTrigger = changed(
        context,
        {
          id: tempId,
          book: { id: context.bookId },
          type: p.type,
          config: p.config,
          is_mandatory: NEW_TRIGGER_DEFAULTS.is_mandatory,
          repeating_mode: NEW_TRIGGER_DEFAULTS.repeating_mode,
          creation: 0,
          modification: 0,
        },
        NEW_TRIGGER_DEFAULTS.is_mandatory,
        NEW_TRIGGER_DEFAULTS.repeating_mode,
      );
      const save: TriggerSave = {
        kind: 'create',
        tempId,
        book: context.bookId,
        type: p.type,
        config: p.config,
        is_mandatory: model.is_mandatory,
        repeating_mode: model.repeating_mode,
      };
      return { triggers: [...context.triggers, model].sort((a, b) => a.type - b.type), pending: { save, before: null }, error: null };
    }),
    editTrigger: assign(({ context }, p: { id: string; isMandatory?: boolean; mode?: RepeatingMode }) => {
      const before = find(context, p.id) as BookTrigger;
      const after = changed(context, before, p.isMandatory ?? before.is_mandatory, p.mode ?? before.repeating_mode);
      const save: TriggerSave = { kind: 'update', id: before.id, is_mandatory: after.is_mandatory, repeating_mode: after.repeating_mode };
      return { triggers: context.triggers.map((t) => (t.id === p.id ? after : t)), pending: { save, before }, error: null };
    }),
    removeTrigger: assign(({ context }, p: { id: string }) => {
      const index = context.triggers.findIndex((t) => t.id === p.id);
      const item = context.triggers[index] as BookTrigger;
      return { triggers: context.triggers.filter((t) => t.id !== p.id), pending: { remove: item, index }, error: null };
    }),
    /** The server's copy replaces the optimistic one (a created trigger gets its real id). */
    applySaved: assign(({ context }, saved: BookTrigger) => {
      const save = context.pending && 'save' in context.pending ? context.pending.save : null;
      const id = save?.kind === 'create' ? save.tempId : saved.id;
      return { triggers: context.triggers.map((t) => (t.id === id ? saved : t)), pending: null };
    }),
    /** SPEC §4: a failed save restores the previous attributes and removes a newly created trigger. */
    restoreSave: assign(({ context }, p: { error: unknown }) => {
      const pending = context.pending && 'save' in context.pending ? context.pending : null;
      let triggers = context.triggers;
      if (pending?.save.kind === 'create') {
        const tempId = pending.save.tempId;
        triggers = triggers.filter((t) => t.id !== tempId);
      } else if (pending?.before) {
        const before = pending.before;
        triggers = triggers.map((t) => (t.id === before.id ? before : t));
      }
      return { triggers, pending: null, error: errorMessageId(p.error) };
    }),
    /** SPEC §4: a failed delete puts the trigger back where it was. */
    restoreRemove: assign(({ context }, p: { error: unknown }) => {
      const pending = context.pending && 'remove' in context.pending ? context.pending : null;
      const triggers = [...context.triggers];
      if (pending) triggers.splice(pending.index, 0, pending.remove);
      return { triggers, pending: null, error: errorMessageId(p.error) };
    }),
  },
}).createMachine({
  id: 'trigger',
  context: ({ input }) => ({
    bookId: input.bookId,
    downloadMode: input.downloadMode,
    printMode: input.printMode,
    triggers: [],
    integrations: [],
    pending: null,
    error: null,
  }),
  // The settings modal's download/print switches may change while the tab is open (before saving).
  on: {
    'modes.changed': { actions: assign(({ event }) => ({ downloadMode: event.downloadMode, printMode: event.printMode })) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTriggers',
        src: 'loadTriggers',
        input: ({ context }) => ({ bookId: context.bookId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ triggers: event.output.triggers, integrations: event.output.integrations, error: null })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
      },
    },
    failed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      initial: 'settle',
      states: {
        settle: {
          always: [{ guard: 'noIntegrations', target: 'none' }, { target: 'editing' }],
        },
        /** No integration to attach: the tab links to /account/integration. */
        none: {},
        editing: {
          initial: 'check',
          states: {
            check: { always: [{ guard: 'noTriggers', target: 'empty' }, { target: 'loaded' }] },
            empty: {},
            loaded: {},
          },
          on: {
            'user.add': {
              guard: { type: 'canAdd', params: ({ event }) => ({ type: event.triggerType, config: event.config }) },
              target: 'saving',
              actions: { type: 'addTrigger', params: ({ event }) => ({ type: event.triggerType, config: event.config }) },
            },
            'user.setMandatory': {
              guard: { type: 'mandatoryChanges', params: ({ event }) => ({ id: event.id, value: event.value }) },
              target: 'saving',
              actions: { type: 'editTrigger', params: ({ event }) => ({ id: event.id, isMandatory: event.value }) },
            },
            'user.setRepeating': {
              guard: { type: 'repeatingAllowed', params: ({ event }) => ({ id: event.id, mode: event.mode }) },
              target: 'saving',
              actions: { type: 'editTrigger', params: ({ event }) => ({ id: event.id, mode: event.mode }) },
            },
            'user.remove': {
              guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
              target: 'deleting',
              actions: { type: 'removeTrigger', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveTrigger',
            src: 'saveTrigger',
            input: ({ context }) => (context.pending as { save: TriggerSave }).save,
            onDone: { target: 'editing', actions: { type: 'applySaved', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'restoreSave', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteTrigger',
            src: 'deleteTrigger',
            input: ({ context }) => ({ id: (context.pending as { remove: BookTrigger }).remove.id }),
            onDone: { target: 'editing', actions: assign({ pending: null }) },
            onError: { target: 'editing', actions: { type: 'restoreRemove', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

/** A running triggerMachine, as the views get it. */
export type TriggerActorRef = ActorRefFrom<typeof triggerMachine>;
