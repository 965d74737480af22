import type { MachineEntry } from '../registry-types';
import { tourMachine } from '../tour.machine';

/** The guided tour (SPEC §2: shown once per tour name) of the dashboard and the book list. */
export const tourMachines: MachineEntry[] = [
  {
    id: 'tour',
    title: 'Guided tour',
    description:
      'Shown once per tour name: reads the user record’s tour flag; if unseen, steps with next and back, finish on the last, skip or Escape on any; the flag is written when finished or skipped; another tab seeing it closes it.',
    machine: tourMachine,
    eventLabels: {
      'xstate.done.actor.readSeen': 'the tour flag read',
      'xstate.done.actor.markSeen': 'the tour flag saved',
      'tour.seenElsewhere': 'seen in another tab',
    },
    paths: {
      input: { name: 'dashboard', steps: 3 },
      events: () => [
        { type: 'xstate.done.actor.readSeen', output: false },
        { type: 'xstate.done.actor.readSeen', output: true },
        { type: 'xstate.error.actor.readSeen', error: new Error('no user') },
        { type: 'user.next' },
        { type: 'user.back' },
        { type: 'user.finish' },
        { type: 'user.skip' },
        { type: 'key.escape' },
        { type: 'tour.seenElsewhere' },
        { type: 'xstate.done.actor.markSeen', output: undefined },
        { type: 'xstate.error.actor.markSeen', error: new Error('offline') },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context)}`,
    },
  },
];
