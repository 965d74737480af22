/**
 * The alert queue through AlertStack: alerts are pushed and cleared by the app (the API client, a
 * route change), a person closes one with its Close button, time fades them in and out.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor, EventObject } from 'xstate';
import { alertsMachine } from '../../../machines/alerts.machine';
import { AlertStack } from '../../../src/web/components/AlertStack';
import { describeUiPaths, see } from './harness';

type AlertsActor = Actor<typeof alertsMachine>;

const alertBoxes = () => page.getByRole('alert');

describeUiPaths<AlertsActor>('alerts', {
  mount: (run) => {
    const actor = run.create(alertsMachine);
    return { actor, view: <AlertStack actor={actor} /> };
  },
  async step(event, { actor, clock, received }) {
    if (event.type === 'alert.push' || event.type === 'alerts.clear') {
      // The app's own calls (the API client's failures, a route change).
      actor.send(event as EventObject as Parameters<AlertsActor['send']>[0]);
      return;
    }
    if (event.type.startsWith('xstate.done.actor.')) {
      // A person closes the alert once it has faded in, then its close animation runs.
      const key = (event as unknown as { output: { key: string } }).output.key;
      const index = actor.getSnapshot().context.alerts.findIndex((a) => a.key === key);
      const child = actor.getSnapshot().context.alerts[index]?.ref;
      if (!child) throw new Error(`no alert ${key}`);
      await clock.runUntil(() => child.getSnapshot().can({ type: 'user.close' }), `${key} can be closed`);
      await alertBoxes().nth(index).getByRole('button', { name: 'Close' }).click();
      await clock.runUntil(() => received.includes(event.type), `${key} closed`);
      return;
    }
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { alerts } = snapshot.context;
    await expect.poll(() => alertBoxes().elements().length).toBe(alerts.length);
    for (const [i, a] of alerts.entries()) {
      const box = alertBoxes().nth(i);
      const state = a.ref.getSnapshot().value;
      await see(box.getByText('The request failed. Check your connection and try again.')).toBeInTheDocument();
      // A shown alert can be closed; while it fades in or out its Close button is disabled.
      const close = see(box.getByRole('button', { name: 'Close' }));
      if (state === 'timed' || state === 'sticky') await close.toBeEnabled();
      else await close.toBeDisabled();
    }
  },
});
