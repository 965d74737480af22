import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  LeadFieldsSchema,
  REMEMBER_DONE,
  REMEMBER_SHOWN,
  type ReaderTrigger,
  shouldAsk,
  TRIGGER_DOWNLOAD,
  TRIGGER_OPEN,
  type TRIGGER_PRINT,
  type TriggerType,
} from '../../src/contracts/triggers';

/**
 * The reader's book triggers (issue 6; SPEC §3 Book trigger, §4 repeating_mode, §5 types): the lead
 * form on open (type 1), before a download (2) and before printing (3).
 *
 *   loading → recalling   the book's triggers (the server already applied the SPEC §4 rule: no "once"
 *                         when mandatory, no "until done" without support), then what this browser
 *                         remembers of them (`remembered`: trigger id → "shown" | "done").
 *   starting              the "on open" form when due (once per machine: one per book per page load).
 *   idle                  a download or print (`user.action`) is held while its form is due, else let
 *                         go at once (`release`). An action asked for while loading waits for the end.
 *   form                  editing | failed (the server said no; what was typed is kept) → submitting →
 *                         the form closes and a held action goes on. A mandatory form cannot be skipped.
 *
 * How often (shouldAsk): once → never again after it was shown; until done → until it was sent;
 * always → every time. Showing a form remembers "shown", sending it "done" (`remember`).
 * Side effects are named and provided by the reader (src/viewer/triggers.ts): the actors `loadTriggers`
 * (HTTP), `recall` (storage) and `sendLead` (HTTP), the actions `remember` (storage) and `release`
 * (the held download or print goes on).
 */

/** The actions a trigger can hold. */
export type HeldAction = typeof TRIGGER_DOWNLOAD | typeof TRIGGER_PRINT;
/** Why the server did not take the lead: `sendLead` rejects with `{ failure }`. */
export type LeadFailure = 'invalid' | 'limited' | 'failed';
/** What the form says: a field to fix before sending, or the server's answer. */
export type LeadError = 'name' | 'email' | LeadFailure;
export type LeadField = 'name' | 'email';

export interface LeadsContext {
  triggers: ReaderTrigger[];
  /** What this browser remembers per trigger id (REMEMBER_SHOWN / REMEMBER_DONE). */
  remembered: Record<string, string>;
  /** The trigger whose form is shown. */
  asking: ReaderTrigger | null;
  /** The download or print waiting for its form (or for the triggers to load). */
  held: HeldAction | null;
  name: string;
  email: string;
  error: LeadError | null;
}

export type LeadsEvent =
  | { type: 'user.action'; action: HeldAction }
  | { type: 'user.type'; field: LeadField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.skip' };

const FAILURES: readonly string[] = ['invalid', 'limited', 'failed'];
/** `sendLead` rejects with `{ failure }`; anything else counts as the call failing. */
export function leadFailureOf(error: unknown): LeadFailure {
  const f = (error as { failure?: unknown } | null)?.failure;
  return typeof f === 'string' && FAILURES.includes(f) ? (f as LeadFailure) : 'failed';
}

/** The same field rules as the server (src/contracts/triggers.ts LeadFieldsSchema). */
export const nameOk = (name: string): boolean => v.is(LeadFieldsSchema.entries.name, name);
export const emailOk = (email: string): boolean => v.is(LeadFieldsSchema.entries.email, email);

/** The trigger of a type when its form is due in this browser. */
export function dueTrigger(c: Pick<LeadsContext, 'triggers' | 'remembered'>, type: TriggerType): ReaderTrigger | null {
  const t = c.triggers.find((x) => x.type === type);
  return t && shouldAsk(t, c.remembered[t.id] ?? null) ? t : null;
}

/** Showing a form remembers "shown" (what was remembered stays: "done" is never taken back). */
const shownParams = ({ context }: { context: LeadsContext }) => {
  const id = context.asking?.id ?? '';
  return { trigger: id, value: context.remembered[id] ?? REMEMBER_SHOWN };
};

const INITIAL = { asking: null, name: '', email: '', error: null } as const;

export const leadsMachine = setup({
  types: {
    context: {} as LeadsContext,
    events: {} as LeadsEvent,
  },
  actors: {
    /** The book's triggers (none when they cannot be loaded: triggers never stop anyone reading). */
    loadTriggers: fromPromise<ReaderTrigger[]>(async () => []),
    /** What this browser remembers of these triggers (trigger id → value). */
    recall: fromPromise<Record<string, string>, { ids: string[] }>(async () => ({})),
    sendLead: fromPromise<void, { trigger: string; name: string; email: string }>(async () => {
      throw new Error('sendLead not provided');
    }),
  },
  actions: {
    /** Stores what this browser remembers of a trigger. */
    remember: (_, _params: { trigger: string; value: string }) => {},
    /** The held download or print goes on. */
    release: (_, _params: { action: HeldAction }) => {},
    hold: assign((_, params: { action: HeldAction }) => ({ held: params.action })),
    ask: assign((_, params: { trigger: ReaderTrigger | null }) => ({ ...INITIAL, asking: params.trigger })),
    markRemembered: assign(({ context }, params: { trigger: string; value: string }) => ({
      remembered: { ...context.remembered, [params.trigger]: params.value },
    })),
  },
  guards: {
    openDue: ({ context }) => dueTrigger(context, TRIGGER_OPEN) !== null,
    nothingHeld: ({ context }) => context.held === null,
    heldDue: ({ context }) => context.held !== null && dueTrigger(context, context.held) !== null,
    /** The form just closed was the held action's own. */
    answeredHeld: ({ context }) => context.held !== null && context.asking?.type === context.held,
    skippable: ({ context }) => context.asking?.is_mandatory === false,
    nameMissing: ({ context }) => !nameOk(context.name),
    emailInvalid: ({ context }) => !emailOk(context.email),
  },
}).createMachine({
  id: 'readerLeads',
  context: { triggers: [], remembered: {}, held: null, ...INITIAL },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTriggers',
        src: 'loadTriggers',
        onDone: { target: 'recalling', actions: assign({ triggers: ({ event }) => event.output }) },
        onError: 'starting',
      },
      on: { 'user.action': { actions: { type: 'hold', params: ({ event }) => ({ action: event.action }) } } },
    },
    recalling: {
      invoke: {
        id: 'recall',
        src: 'recall',
        input: ({ context }) => ({ ids: context.triggers.map((t) => t.id) }),
        onDone: { target: 'starting', actions: assign({ remembered: ({ event }) => event.output }) },
        onError: 'starting',
      },
      on: { 'user.action': { actions: { type: 'hold', params: ({ event }) => ({ action: event.action }) } } },
    },
    starting: {
      always: [
        {
          guard: 'openDue',
          target: 'form',
          actions: { type: 'ask', params: ({ context }) => ({ trigger: dueTrigger(context, TRIGGER_OPEN) }) },
        },
        { target: 'checking' },
      ],
    },
    /** A held action: its form when due, else it goes on. */
    checking: {
      always: [
        { guard: 'nothingHeld', target: 'idle' },
        {
          guard: 'heldDue',
          target: 'form',
          actions: { type: 'ask', params: ({ context }) => ({ trigger: context.held ? dueTrigger(context, context.held) : null }) },
        },
        {
          target: 'idle',
          actions: [{ type: 'release', params: ({ context }) => ({ action: context.held ?? TRIGGER_DOWNLOAD }) }, assign({ held: null })],
        },
      ],
    },
    idle: {
      on: { 'user.action': { target: 'checking', actions: { type: 'hold', params: ({ event }) => ({ action: event.action }) } } },
    },
    form: {
      initial: 'editing',
      // Shown: a "once" form is not asked again, even when the page closes with it open.
      entry: [
        { type: 'remember', params: shownParams },
        { type: 'markRemembered', params: shownParams },
      ],
      on: {
        'user.type': {
          actions: assign(({ event }) => (event.field === 'name' ? { name: event.value } : { email: event.value })),
        },
      },
      states: {
        editing: {
          on: {
            'user.submit': [
              { guard: 'nameMissing', actions: assign({ error: 'name' }) },
              { guard: 'emailInvalid', actions: assign({ error: 'email' }) },
              { target: 'submitting', actions: assign({ error: null }) },
            ],
            'user.skip': { guard: 'skippable', target: '#readerLeads.closing' },
          },
        },
        failed: {
          on: {
            'user.submit': [
              { guard: 'nameMissing', target: 'editing', actions: assign({ error: 'name' }) },
              { guard: 'emailInvalid', target: 'editing', actions: assign({ error: 'email' }) },
              { target: 'submitting', actions: assign({ error: null }) },
            ],
            'user.skip': { guard: 'skippable', target: '#readerLeads.closing' },
          },
        },
        submitting: {
          invoke: {
            id: 'sendLead',
            src: 'sendLead',
            input: ({ context }) => ({ trigger: context.asking?.id ?? '', name: context.name.trim(), email: context.email.trim() }),
            onDone: {
              target: '#readerLeads.closing',
              actions: [
                { type: 'remember', params: ({ context }) => ({ trigger: context.asking?.id ?? '', value: REMEMBER_DONE }) },
                { type: 'markRemembered', params: ({ context }) => ({ trigger: context.asking?.id ?? '', value: REMEMBER_DONE }) },
              ],
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => leadFailureOf(event.error) }) },
          },
        },
      },
    },
    /** The form closed (sent or skipped): its held action goes on; an action held meanwhile is checked. */
    closing: {
      always: [
        {
          guard: 'answeredHeld',
          target: 'idle',
          actions: [
            { type: 'release', params: ({ context }) => ({ action: context.held ?? TRIGGER_DOWNLOAD }) },
            assign({ held: null, ...INITIAL }),
          ],
        },
        { target: 'checking', actions: assign(INITIAL) },
      ],
    },
  },
});
