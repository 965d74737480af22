import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';

/** Which tour (the user record keeps one flag per name) and how many steps it has. */
export interface TourInput {
  name: string;
  steps: number;
}

export interface TourContext extends TourInput {
  /** The step shown (0-based). */
  step: number;
  /** How the tour ended: seen to the end, or skipped (Escape, the close button); null until it ends. */
  ending: 'finished' | 'skipped' | null;
}

export type TourEvent =
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.finish' }
  | { type: 'user.skip' }
  | { type: 'key.escape' }
  /** The user record says the tour was seen (another tab or browser finished it): it closes, nothing saved. */
  | { type: 'tour.seenElsewhere' };

/**
 * A guided tour (SPEC §2: "shown once per tour name"; DESIGN §4): it reads whether the user record has
 * the tour's flag (`readSeen`); if not, it shows its steps one by one — next and back (buttons, arrow
 * keys), finish on the last, skip (Escape, the close button) on any — and writes the flag when the
 * tour is finished or skipped (`markSeen`), so it is not shown again, in this tab or any other. A
 * failed write still ends the tour. The steps' texts and anchors are the view's.
 */
export const tourMachine = setup({
  types: {
    context: {} as TourContext,
    events: {} as TourEvent,
    input: {} as TourInput,
  },
  actors: {
    /** Whether the user record has this tour's flag (the app reads the stored user). */
    readSeen: fromPromise<boolean, { name: string }>(async () => false),
    /** Writes the tour's flag on the user record (`POST {api}/profile/tour`) and keeps it in the stored user. */
    markSeen: fromPromise<void, { name: string }>(async () => undefined),
  },
  guards: {
    seen: ({ event }) => 'output' in event && event.output === true,
    hasNext: ({ context }) => context.step < context.steps - 1,
    hasPrevious: ({ context }) => context.step > 0,
  },
  actions: {
    next: assign({ step: ({ context }) => Math.min(context.step + 1, context.steps - 1) }),
    back: assign({ step: ({ context }) => Math.max(context.step - 1, 0) }),
    finished: assign({ ending: 'finished' as const }),
    skipped: assign({ ending: 'skipped' as const }),
  },
}).createMachine({
  id: 'tour',
  context: ({ input }) => ({ name: input.name, steps: Math.max(1, input.steps), step: 0, ending: null }),
  initial: 'notStarted',
  states: {
    /** The user record is read: a tour already seen never shows. */
    notStarted: {
      invoke: {
        id: 'readSeen',
        src: 'readSeen',
        input: ({ context }) => ({ name: context.name }),
        onDone: [{ guard: 'seen', target: 'done' }, { target: 'step' }],
        // Unreadable: better no tour than one shown again and again.
        onError: { target: 'done' },
      },
      on: { 'tour.seenElsewhere': { target: 'done' } },
    },
    /** Step `context.step` is shown. */
    step: {
      on: {
        'user.next': [
          { guard: 'hasNext', actions: 'next' },
          { target: 'saving', actions: 'finished' },
        ],
        'user.back': { guard: 'hasPrevious', actions: 'back' },
        'user.finish': { target: 'saving', actions: 'finished' },
        'user.skip': { target: 'saving', actions: 'skipped' },
        'key.escape': { target: 'saving', actions: 'skipped' },
        'tour.seenElsewhere': { target: 'done' },
      },
    },
    /** The flag is written; the tour is already hidden. */
    saving: {
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'done' },
        onError: { target: 'done' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ ending: context.ending }),
});

export type TourActorRef = ActorRefFrom<typeof tourMachine>;
