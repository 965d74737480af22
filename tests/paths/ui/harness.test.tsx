/**
 * The model-based UI check fails when the view, the provided actors or the machine disagree with the
 * generated paths: the mfa driver (./mfa.driver.tsx) on purpose against a view that drives another
 * actor, a provided action that changes nothing, and a view that shows the wrong thing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createActor } from 'xstate';
import { machines } from '../../../machines';
import { MfaStep } from '../../../src/web/components/account/MfaStep';
import { analyzeMachine, type Path } from '../coverage';
import { runUiPath, type UiDriver } from './harness';
import { mfaDriver } from './mfa.driver';

type MfaActor = Parameters<typeof mfaDriver.see>[1]['actor'];

const entry = machines.find((m) => m.id === 'mfa');
if (!entry) throw new Error('mfa is not registered');
const paths = analyzeMachine(entry).paths;
/** "user.toggleTrust": the first path. */
const toggle = paths.find((p) => p.events.map((e) => e.type).join() === 'user.toggleTrust') as Path;

let dispose: (() => void) | undefined;
const others: MfaActor[] = [];
/** Another actor of the same machine (not the one the check follows). */
const other = (input: unknown) => {
  const actor = createActor(entry.machine, { input: input as never }).start() as unknown as MfaActor;
  others.push(actor);
  return actor;
};
afterEach(() => {
  dispose?.();
  dispose = undefined;
  for (const a of others.splice(0)) a.stop();
});
const run = (driver: UiDriver<MfaActor>) =>
  runUiPath('mfa', toggle, driver, new Set(), (m) => {
    dispose = m.dispose;
  });

describe('the model-based UI check', () => {
  it('passes with the real view and actors', async () => {
    await run(mfaDriver);
  });

  it('fails when the view drives another actor than the one rendered for the machine', async () => {
    const driver: UiDriver<MfaActor> = {
      ...mfaDriver,
      mount: (r, input) => {
        const { actor } = mfaDriver.mount(r, input);
        return { actor, view: <MfaStep actor={other(input)} /> };
      },
    };
    await expect(run(driver)).rejects.toThrow(/the machine received user.toggleTrust/);
  });

  it('fails when a provided action does not do what the path recorded', async () => {
    const driver: UiDriver<MfaActor> = {
      ...mfaDriver,
      mount: (r, input) => {
        // "Trust this device" that changes nothing.
        const create = <M extends AnyStateMachine>(m: M, i?: unknown) =>
          r.create(m.provide({ actions: { toggleTrust: assign({}) } } as never) as M, i);
        return mfaDriver.mount({ ...r, create }, input);
      },
    };
    await expect(run(driver)).rejects.toThrow(/context after step 1 \(user.toggleTrust\)/);
  });

  it('fails when the view does not show the state', async () => {
    const driver: UiDriver<MfaActor> = {
      ...mfaDriver,
      // The view renders another actor: the person's click reaches the machine, the switch stays off.
      mount: (r, input) => ({ actor: mfaDriver.mount(r, input).actor, view: <MfaStep actor={other(input)} /> }),
      step: async (event, r) => {
        r.actor.send(event as never);
      },
    };
    await expect(run(driver)).rejects.toThrow(/aria-checked/);
  });
});
