/**
 * Proves the path harness itself: an event list that forgets an event fails coverage with the
 * expected key, every statechart feature is enumerated and covered, replays never run real actors
 * or timers, and a wrong expectation makes a path replay fail.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, StateMachine } from 'xstate';
import { machines } from '../../machines';
import type { MachineEntry } from '../../machines/registry-types';
import { acceptedEvents, createInertActor, toJsonSafe } from '../../src/tools/diagram/simulate';
import { analyzeMachine, enumerateTransitions, expectedStates, replay } from './coverage';
import { kitchenSinkEntry, sideEffects } from './fixtures/kitchen-sink.machine';
import { amountEntry, amountMachine, amountNoBigEntry, lightEntry, lightMissingResetEntry } from './fixtures/small.machines';
import { renderSnapshot } from './snapshot';

describe('coverage can fail', () => {
  it('a complete event list covers 100%', () => {
    const a = analyzeMachine(lightEntry);
    expect(a.transitions).toHaveLength(3);
    expect(a.uncovered).toEqual([]);
    expect(a.percent).toBe(100);
  });

  it('an event list missing one event leaves exactly that transition uncovered', () => {
    const a = analyzeMachine(lightMissingResetEntry);
    expect(a.percent).toBeLessThan(100);
    expect(a.covered.size).toBe(2);
    expect(a.uncovered).toEqual(['#light.on --reset[0]--> #light.off']);
  });

  it('a guard branch no offered payload reaches stays uncovered', () => {
    const full = analyzeMachine(amountEntry);
    expect(full.uncovered).toEqual([]);
    const partial = analyzeMachine(amountNoBigEntry);
    expect(partial.uncovered).toEqual([
      '#amount.editing --submit[0] if tooBig--> #amount.rejected',
      '#amount.rejected --back[0]--> #amount.editing',
    ]);
  });

  it('a path replay fails when the recorded expectation differs', () => {
    const a = analyzeMachine(amountEntry);
    const path = a.paths.find((p) => p.steps.some((s) => s.value === 'rejected'));
    if (!path) throw new Error('expected a path through "rejected"');
    const tampered = path.steps.map((s) => (s.value === 'rejected' ? { ...s, value: 'accepted' } : s));
    expect(() =>
      replay(amountEntry, path.events, {
        onStep: (i, observed) => {
          if (i > 0) expect(observed.value).toEqual(tampered[i - 1]?.value);
        },
      }),
    ).toThrow();
  });
});

describe('the committed paths catch a changed machine', () => {
  const mfa = machines.find((m) => m.id === 'mfa') as MachineEntry;
  const committed = readFileSync(new URL('./snapshots/mfa.txt', import.meta.url), 'utf8');
  const render = (machine: MachineEntry['machine']) => renderSnapshot(analyzeMachine({ ...mfa, machine }));

  it('the registered machine matches its committed record', () => {
    expect(render(mfa.machine)).toBe(committed);
  });

  it('a mutated guard does not', () => {
    expect(render(mfa.machine.provide({ guards: { codeValid: () => true } } as never))).not.toBe(committed);
  });

  it('a mutated assign does not', () => {
    expect(render(mfa.machine.provide({ actions: { setCode: assign({ code: () => '000000' }) } } as never))).not.toBe(committed);
  });

  it('a changed target does not', () => {
    const config = amountMachine.config as { states: Record<string, object> };
    const moved = new StateMachine(
      { ...config, states: { ...config.states, rejected: { on: { back: 'accepted' } } } } as never,
      amountMachine.implementations as never,
    );
    const original = renderSnapshot(analyzeMachine(amountEntry));
    expect(renderSnapshot(analyzeMachine({ ...amountEntry, machine: moved as never }))).not.toBe(original);
  });

  it('records the named actions and the actors of each step', () => {
    expect(committed).toMatch(/actions: clearError\n {3}actors: confirmLogin \(confirmLogin\)/);
    expect(committed).toMatch(/actors: -confirmLogin/);
  });
});

describe('guarded branches count separately', () => {
  it('each branch of one event is its own key, in declaration order', () => {
    const keys = enumerateTransitions(amountEntry.machine).infos.filter((i) => i.eventType === 'submit');
    expect(keys.map((k) => [k.branch, k.guard, k.targets])).toEqual([
      [0, 'tooBig', ['amount.rejected']],
      [1, 'empty', ['amount.editing']],
      [2, undefined, ['amount.accepted']],
    ]);
    expect(keys[1]?.reenter).toBe(true);
  });
});

describe('every statechart feature is enumerated and covered (kitchen sink)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sideEffects.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let cached: ReturnType<typeof analyzeMachine> | undefined;
  const analysis = () => {
    cached ??= analyzeMachine(kitchenSinkEntry);
    return cached;
  };

  it('covers 100% without running real actors or timers', () => {
    const a = analysis();
    expect(a.uncovered).toEqual([]);
    expect(a.percent).toBe(100);
    expect(a.warnings).toEqual([]);
    expect(sideEffects).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  const kinds = () => {
    const a = analysis();
    const covered = (pred: (i: (typeof a.transitionInfo)[number]) => boolean) => {
      const infos = a.transitionInfo.filter(pred);
      return { total: infos.length, covered: infos.filter((i) => a.covered.has(i.key)).length, keys: infos.map((i) => i.key) };
    };
    return { a, covered };
  };

  it('guarded branches (event and always)', () => {
    const { covered } = kinds();
    expect(covered((i) => i.source === 'sink.idle' && i.eventType === 'inc')).toMatchObject({ total: 2, covered: 2 });
    expect(covered((i) => i.kind === 'always')).toEqual({
      total: 3,
      covered: 3,
      keys: [
        '#sink.checking --always[0] if isHigh--> #sink.high',
        '#sink.checking --always[1] if isSome--> #sink.mid',
        '#sink.checking --always[2]--> #sink.idle',
      ],
    });
  });

  it('after (fixed and named delays)', () => {
    const { covered } = kinds();
    expect(covered((i) => i.kind === 'after')).toEqual({
      total: 3,
      covered: 3,
      keys: [
        '#sink.high --xstate.after.500.sink.high[0]--> #sink.idle',
        '#sink.mid --xstate.after.patience.sink.mid[0]--> #sink.idle',
        '#sink.failed --xstate.after.2000.sink.failed[0]--> #sink.idle',
      ],
    });
  });

  it('invoke done and error', () => {
    const { covered } = kinds();
    expect(covered((i) => i.kind === 'invoke.done' || i.kind === 'invoke.error')).toEqual({
      total: 2,
      covered: 2,
      keys: ['#sink.loading --xstate.done.actor.loader[0]--> #sink.idle', '#sink.loading --xstate.error.actor.loader[0]--> #sink.failed'],
    });
  });

  it('parallel regions, nested states, parent and root transitions, onDone', () => {
    const { a, covered } = kinds();
    expect(covered((i) => i.source.startsWith('sink.panel.editor.'))).toMatchObject({ total: 8, covered: 8 });
    expect(covered((i) => i.source.startsWith('sink.panel.wizard.'))).toMatchObject({ total: 3, covered: 3 });
    expect(covered((i) => i.source === 'sink.panel' && i.eventType === 'panel.close')).toMatchObject({ total: 1, covered: 1 });
    expect(covered((i) => i.source === 'sink' && i.eventType === 'app.reset')).toMatchObject({ total: 1, covered: 1 });
    expect(covered((i) => i.kind === 'state.done')).toMatchObject({ total: 2, covered: 2 });
    // toggle.all takes one transition in each region in the same step.
    const both = a.paths.flatMap((p) => p.steps).find((s) => s.event.type === 'toggle.all');
    expect(both?.keys).toHaveLength(2);
  });

  it('self transitions: reentering and targetless', () => {
    const { covered } = kinds();
    expect(covered((i) => i.reenter && i.targets[0] === i.source)).toEqual({
      total: 1,
      covered: 1,
      keys: ['#sink.idle --ping[0]--> #sink.idle (reenter)'],
    });
    expect(covered((i) => i.targets.length === 0)).toMatchObject({ total: 2, covered: 2 });
  });

  it('the pure expectations equal the actor replay for every generated path', () => {
    const a = analysis();
    expect(a.paths.length).toBeGreaterThan(3);
    for (const p of a.paths) {
      const pure = expectedStates(kitchenSinkEntry, p.events);
      const actor = replay(kitchenSinkEntry, p.events);
      const strip = ({ value, context, status }: { value: unknown; context: unknown; status: string }) => ({ value, context, status });
      expect([strip(actor.initial), ...actor.steps.map(strip)]).toEqual(pure);
    }
    expect(sideEffects).toEqual([]);
  });
});

describe('simulation helpers', () => {
  it('acceptedEvents filters the offered events with snapshot.can', () => {
    const { actor, stop } = createInertActor(kitchenSinkEntry.machine, { input: { start: 0 } });
    actor.start();
    const types = acceptedEvents(actor.getSnapshot(), kitchenSinkEntry.paths.events).map((e) => e.type);
    expect(types).toEqual(['inc', 'check', 'load', 'ping', 'go.panel', 'app.reset', 'quit']);
    stop();
  });

  it('toJsonSafe strips actor refs and functions', () => {
    const { actor, stop } = createInertActor(lightEntry.machine);
    actor.start();
    expect(toJsonSafe({ a: 1, ref: actor, fn: () => 1, d: new Date(0), u: undefined, list: [actor] })).toEqual({
      a: 1,
      ref: '[actor]',
      fn: '[function]',
      d: '1970-01-01T00:00:00.000Z',
      list: ['[actor]'],
    });
    stop();
  });

  it('an entry whose exploration never ends fails with a clear message', () => {
    const counter: MachineEntry = {
      ...amountEntry,
      id: 'unbounded',
      paths: {
        events: (s) => [{ type: 'set', amount: (s.context as { amount: number }).amount + 1 }],
        serializeState: (s) => JSON.stringify(s.context),
        limit: 50,
      },
    };
    expect(() => analyzeMachine(counter)).toThrow(/exploration passed 50 distinct states/);
  });
});
