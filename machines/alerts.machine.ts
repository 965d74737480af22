import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate';
import { type AlertRequest, alertMachine } from './alert.machine';

export interface AlertEntry {
  key: string;
  ref: ActorRefFrom<typeof alertMachine>;
}
export interface AlertsContext {
  alerts: AlertEntry[];
  /** Monotonic counter for alert keys. */
  seq: number;
}
export type AlertsEvent =
  | { type: 'alert.push'; alert: AlertRequest }
  /** A child alert reached `closed`: `xstate.done.actor.<key>`. */
  | { type: `xstate.done.actor.${string}`; output: { key: string } }
  | { type: 'alerts.clear' };

/**
 * The alert queue (SPEC §4 Alerts, §8 severities, §9 timings). Each pushed alert is a child
 * `alertMachine`; stacked alerts each wait 500 ms longer; a closed alert is removed.
 */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
  },
  actors: { alert: alertMachine },
  guards: {
    lastOne: ({ context, event }) => 'output' in event && context.alerts.length === 1 && context.alerts[0]?.key === event.output.key,
  },
  actions: {
    spawnAlert: assign(({ context, event, spawn }) => {
      if (event.type !== 'alert.push') return {};
      const key = `alert-${context.seq + 1}`;
      const ref = spawn('alert', { id: key, input: { ...event.alert, key, stackIndex: context.alerts.length } });
      return { alerts: [...context.alerts, { key, ref }], seq: context.seq + 1 };
    }),
    removeAlert: assign({
      alerts: ({ context, event }) => ('output' in event ? context.alerts.filter((a) => a.key !== event.output.key) : context.alerts),
    }),
    dismissAll: enqueueActions(({ context, enqueue }) => {
      for (const a of context.alerts) enqueue.sendTo(a.ref, { type: 'alert.dismiss' });
    }),
  },
}).createMachine({
  id: 'alerts',
  context: { alerts: [], seq: 0 },
  initial: 'empty',
  states: {
    empty: {
      on: { 'alert.push': { target: 'showing', actions: 'spawnAlert' } },
    },
    showing: {
      on: {
        'alert.push': { actions: 'spawnAlert' },
        'xstate.done.actor.*': [{ guard: 'lastOne', target: 'empty', actions: 'removeAlert' }, { actions: 'removeAlert' }],
        'alerts.clear': { actions: 'dismissAll' },
      },
    },
  },
});

/** A running alertsMachine, as the views get it. */
export type AlertsActorRef = ActorRefFrom<typeof alertsMachine>;
