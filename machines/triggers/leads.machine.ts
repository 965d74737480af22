import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { Lead } from '../../src/contracts/triggers';
import { errorMessageId } from '../accounts/errors';

/**
 * /account/trigger: the leads readers left, newest first, a page at a time, and the CSV export.
 * Loading → empty | loaded; paging loads again; the export runs beside the list (its file is handed
 * to `saveFile`), a failed export shows its error and keeps the list.
 */
export const LEADS_STEP = 50;

export interface LeadsContext {
  start: number;
  list: Lead[];
  total: number;
  error: string | null;
}

export type LeadsEvent = { type: 'user.retry' } | { type: 'user.page'; start: number } | { type: 'user.export' };

export const leadsMachine = setup({
  types: { context: {} as LeadsContext, events: {} as LeadsEvent },
  actors: {
    loadLeads: fromPromise<{ list: Lead[]; total: number }, { start: number }>(async () => ({ list: [], total: 0 })),
    exportLeads: fromPromise<string>(async () => ''),
  },
  actions: {
    /** Hands the CSV to the browser (a download); harmless by default. */
    saveFile: (_, _csv: string) => {},
  },
  guards: {
    isEmpty: ({ context }) => context.total === 0,
    /** Another page that exists (start on a page boundary, within the total). */
    pageExists: ({ context }, p: { start: number }) =>
      p.start !== context.start && p.start >= 0 && p.start < context.total && p.start % LEADS_STEP === 0,
  },
}).createMachine({
  id: 'leads',
  context: { start: 0, list: [], total: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLeads',
        src: 'loadLeads',
        input: ({ context }) => ({ start: context.start }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ list: event.output.list, total: event.output.total, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'check',
      states: {
        check: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'loaded' }] },
        empty: {},
        loaded: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.export': 'exporting' } },
            exporting: {
              invoke: {
                id: 'exportLeads',
                src: 'exportLeads',
                onDone: { target: 'idle', actions: [{ type: 'saveFile', params: ({ event }) => event.output }, assign({ error: null })] },
                onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorMessageId(event.error) })) },
              },
            },
          },
          on: {
            'user.page': {
              guard: { type: 'pageExists', params: ({ event }) => ({ start: event.start }) },
              target: '#leads.loading',
              actions: assign(({ event }) => ({ start: event.start })),
            },
          },
        },
      },
    },
  },
});

/** A running leadsMachine, as the views get it. */
export type LeadsActorRef = ActorRefFrom<typeof leadsMachine>;
