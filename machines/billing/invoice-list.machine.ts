import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { InvoiceView } from '../../src/contracts/billing';

/**
 * /account/invoice (issue 21): one's invoices, newest first, each with its PDF to download (a plain
 * link to the API: the server draws the PDF from the frozen invoice).
 *   loading → loaded | empty | failed (Try again).
 */
export interface InvoiceListContext {
  invoices: InvoiceView[];
}

export type InvoiceListEvent = { type: 'user.retry' };

export const invoiceListMachine = setup({
  types: { context: {} as InvoiceListContext, events: {} as InvoiceListEvent },
  actors: {
    loadInvoices: fromPromise<{ invoices: InvoiceView[] }>(async () => ({ invoices: [] })),
  },
  guards: {
    none: (_, params: { count: number }) => params.count === 0,
  },
}).createMachine({
  id: 'invoiceList',
  context: { invoices: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoices',
        src: 'loadInvoices',
        onDone: [
          {
            guard: { type: 'none', params: ({ event }) => ({ count: event.output.invoices.length }) },
            target: 'empty',
            actions: assign({ invoices: [] }),
          },
          { target: 'loaded', actions: assign({ invoices: ({ event }) => event.output.invoices }) },
        ],
        onError: 'failed',
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
});

/** A running invoiceListMachine, as the account section gets it. */
export type InvoiceListActorRef = ActorRefFrom<typeof invoiceListMachine>;
