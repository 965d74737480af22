import type { MachineEntry } from '../registry-types';
import { type WidgetContext, type WidgetInput, widgetMachine } from '../widget.machine';

/** Registry entry of the widget (embed) modal's machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = (s: Snap) => s.context as WidgetContext;

const base = { id: 'acc1', name: 'Ada Books', embed: '', viewer: '', origin: 'https://quire.example', palette: ['#102030'] };
export const widgetLibraryInput: WidgetInput = { ...base, mode: 'library', type: 'account' };
export const widgetBookInput: WidgetInput = { ...base, mode: 'book', id: 'book1', name: 'A book' };

export const widgetMachines: MachineEntry[] = [
  {
    id: 'widget',
    title: 'Widget (embed) modal',
    description:
      'Library widget or single-book embed: options, preview re-rendered 500 ms after a change (at once when opened, not while the colour is invalid), colour check and recent palette, copy with the 1 s indicator.',
    machine: widgetMachine,
    paths: {
      inputs: [widgetLibraryInput, widgetBookInput],
      events: () => [
        { type: 'user.option', patch: { rows: 2 } },
        { type: 'user.option', patch: { linkTo: 'embed' } },
        { type: 'user.bookOption', patch: { page: 3 } },
        { type: 'user.color', value: '#336699' },
        { type: 'user.color', value: '#33669' },
        { type: 'user.copy' },
        { type: 'xstate.done.actor.copyCode', output: undefined },
        { type: 'xstate.error.actor.copyCode', error: new Error('denied') },
        { type: 'xstate.after.previewDelay.widget.preview.waiting' },
        { type: 'xstate.after.copyFeedback.widget.copy.copied' },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${ctx(s).mode}`,
      limit: 200,
    },
  },
];
