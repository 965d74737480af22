import type { ReaderTrigger } from '../../src/contracts/triggers';
import type { MachineEntry } from '../registry-types';
import { type LeadsContext, leadsMachine } from './leads.machine';

/** Registry entry of the reader's lead trigger machine (listed in machines/reader/registry.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = (s: Snap) => s.context as LeadsContext;

/** A book with the three triggers: skippable "once" on open, mandatory download, skippable print "always". */
export const openOnce: ReaderTrigger = { id: 't-open', type: 1, is_mandatory: false, repeating_mode: 1 };
export const downloadMandatory: ReaderTrigger = { id: 't-download', type: 2, is_mandatory: true, repeating_mode: 2 };
export const printAlways: ReaderTrigger = { id: 't-print', type: 3, is_mandatory: false, repeating_mode: 3 };
const allTriggers = [openOnce, downloadMandatory, printAlways];
/** A browser that met the book before: the open form was shown, the download form sent. */
const metBefore = { [openOnce.id]: 'shown', [downloadMandatory.id]: 'done' };

const GOOD_EMAIL = 'ada@example.com';

export const leadsEntry: MachineEntry = {
  id: 'readerLeads',
  title: 'Reader lead triggers',
  description:
    "The reader's book triggers: the lead form on open, before a download or before printing, per the trigger's repeating mode (once, until done, always) and what the browser remembers; a mandatory form holds its download or print until sent, a skippable one can be skipped; the form checks its fields and keeps them when sending fails.",
  machine: leadsMachine,
  paths: {
    events: (s) => {
      const v = s.value;
      const c = ctx(s);
      if (v === 'loading')
        return [
          { type: 'xstate.done.actor.loadTriggers', output: allTriggers },
          { type: 'xstate.done.actor.loadTriggers', output: [] },
          { type: 'xstate.error.actor.loadTriggers', error: new Error('offline') },
          { type: 'user.action', action: 2 },
        ];
      if (v === 'recalling')
        return [
          { type: 'xstate.done.actor.recall', output: {} },
          { type: 'xstate.done.actor.recall', output: metBefore },
          { type: 'xstate.error.actor.recall', error: new Error('storage off') },
          { type: 'user.action', action: 2 },
        ];
      if (v === 'idle')
        return [
          { type: 'user.action', action: 2 },
          { type: 'user.action', action: 3 },
        ];
      if (typeof v === 'object' && v !== null && 'form' in v)
        return [
          // Typing only goes forward (no name → a name; no address → a wrong one → a right one): bounded.
          ...(c.name ? [] : [{ type: 'user.type', field: 'name', value: 'Ada Reader' }]),
          ...(c.email === GOOD_EMAIL ? [] : [{ type: 'user.type', field: 'email', value: c.email ? GOOD_EMAIL : 'not-an-address' }]),
          // After a refused send, a field emptied or spoiled again.
          ...(c.error === 'limited' || c.error === 'failed'
            ? [
                { type: 'user.type', field: 'name', value: '' },
                { type: 'user.type', field: 'email', value: 'not-an-address' },
              ]
            : []),
          { type: 'user.submit' },
          { type: 'user.skip' },
          { type: 'xstate.done.actor.sendLead', output: undefined },
          { type: 'xstate.error.actor.sendLead', error: { failure: 'limited' } },
          { type: 'xstate.error.actor.sendLead', error: new TypeError('Failed to fetch') },
        ];
      return [];
    },
    serializeState: (s) => {
      const c = ctx(s);
      return [
        JSON.stringify(s.value),
        c.triggers.length,
        JSON.stringify(c.remembered),
        c.asking?.id ?? '',
        c.held ?? '',
        c.name,
        c.email,
        c.error ?? '',
      ].join('|');
    },
    limit: 1000,
  },
};
