/**
 * Model-based UI tests (issue 13): the generated paths of a machine (the same ones tests/paths
 * replays and commits, from `analyzeMachine`) drive the machine's real React view in Chromium.
 *
 * A driver says, for its machine, how to make each event of a path happen the way it happens in the
 * product — a person's click or keystroke on the view, an answer from the server (./network.ts: the
 * real API client over a held `fetch`), or time passing (the actor system's clock, advanced until the
 * delayed event fires) — and what a person sees in each state, by role and accessible name. The
 * machine runs with its real provided actors; only the network and the clock are the test's.
 *
 * After each step the real actor must be in the state the path expects (so the view, the actors
 * and the boundary together took the path's transitions), then the driver's `see` runs. The
 * transitions the real actor takes (its `@xstate.microstep` inspection events) are the machine's "UI
 * coverage": one `it` per machine fails below 100% and feeds the reporter's second table.
 */
import { I18nProvider } from '@lingui/react';
import { type ReactElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator } from 'vitest/browser';
import {
  type Actor,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  SimulatedClock,
} from 'xstate';
import { messages as en } from '../../../locales/en/messages.po';
import { machines } from '../../../machines';
import { type ApiClient, createApiClient } from '../../../src/api';
import { DEFAULT_CLIENT_CONFIG } from '../../../src/contracts/client-config';
import { type JsonValue, toJsonSafe } from '../../../src/tools/diagram/simulate';
import { createTestI18n } from '../../../src/web/i18n/testing';
import { analyzeMachine, type CoverageSummary, enumerateTransitions, type Path } from '../coverage';
import { UI_META_KEY } from '../reporter';
import { FakeNetwork } from './network';
import '../../../src/web/styles/tokens.css';
import '../../../src/web/styles/base.css';
import '../../../src/web/components/ui/ui.css';
import '../../../src/web/styles/chrome.css';
import '../../../src/web/styles/marketing.css';
import '../../../src/web/styles/app.css';

type RunningSnapshot = AnyMachineSnapshot;

/** What a driver gets: the boundary (network, clock) and the running actor. */
export interface UiRun<TActor extends AnyActorRef = Actor<AnyStateMachine>> {
  net: FakeNetwork;
  /** The real API client (src/api), talking to `net`. */
  api: ApiClient;
  clock: TestClock;
  actor: TActor;
  path: Path;
  /** The path's event after the one being driven (a boundary set up now may decide how it ends). */
  next: EventObject | undefined;
  /** Event types the root actor received since the current step began. */
  received: string[];
  /** Creates the machine's actor on the test clock with its transitions recorded (`mount` must use it; the harness starts it). */
  create<M extends AnyStateMachine>(machine: M, input?: unknown): Actor<M>;
}

export interface UiDriver<TActor extends AnyActorRef = Actor<AnyStateMachine>> {
  /** Builds the actor (through `run.create`, with the product's provided actors) and the view rendering it. */
  mount(run: Omit<UiRun<TActor>, 'actor'>, input: unknown): { actor: TActor; view: ReactElement };
  /** Makes the path's event happen through the view or the boundary. */
  step(event: EventObject, run: UiRun<TActor>): Promise<void>;
  /** What of the JSON-safe context to compare with the path (default: all of it), e.g. to leave out a real File. */
  context?: (context: JsonValue) => unknown;
  /** Asserts what a person sees now (the actor is already in the path's expected state). */
  see(snapshot: RunningSnapshot, run: UiRun<TActor>): Promise<void>;
}

/** The actor system's clock: time passes only when a step says so. */
export class TestClock extends SimulatedClock {
  /** The earliest time a pending timeout is due, if any. */
  nextDue(): number | undefined {
    const timeouts = (this as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
    let due: number | undefined;
    for (const t of timeouts.values()) if (due === undefined || t.start + t.timeout < due) due = t.start + t.timeout;
    return due;
  }

  /** Lets time pass, one due timeout after the other, until `done()` holds. */
  async runUntil(done: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 100 && !done(); i++) {
      const due = this.nextDue();
      if (due === undefined) break;
      this.increment(Math.max(0, due - this.now()));
      await settle();
    }
    if (!done()) throw new Error(`time passed but ${what} did not happen`);
  }
}

/** `expect.element` with the UI tests' timeout: a view shows a state at once, so do not wait 15 s for it. */
export const see = (locator: Locator) => expect.element(locator, { timeout: 3000, interval: 10 });

/** Lets promises, fetch answers and React renders run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const i18n = createTestI18n('en', en);

/** The English text of a message id, as the view renders it (the real catalog). */
export const message = (id: string, values?: Record<string, string | number>) => i18n._(id, values);

/** A mounted run: unmount and stop after the test. */
interface Mounted {
  dispose(): void;
}

/**
 * Drives one generated path through the view: mounts it, makes each event happen (`driver.step`),
 * checks the real actor's state and context against the path, and `driver.see`. Transition keys the
 * actor takes go to `taken`. Rejects at the first difference.
 */
export async function runUiPath<TActor extends AnyActorRef>(
  machineId: string,
  path: Path,
  driver: UiDriver<TActor>,
  taken: Set<string> = new Set(),
  onMount: (mounted: Mounted) => void = () => undefined,
): Promise<void> {
  const net = new FakeNetwork();
  const api = createApiClient({
    config: { ...DEFAULT_CLIENT_CONFIG, api: net.apiBase, data: net.apiBase, dataSecure: net.apiBase },
    fetch: net.fetch,
  });
  const clock = new TestClock();
  let rootActor: AnyActorRef | undefined;
  const received: string[] = [];
  const create = <M extends AnyStateMachine>(machine: M, input?: unknown): Actor<M> => {
    if (rootActor) throw new Error('create() makes the one root actor of a run');
    const { byDefinition } = enumerateTransitions(machine);
    const actor = createActor(machine, {
      input: input as never,
      clock,
      inspect: (ev) => {
        // While it is being made (its initial state and the eventless transitions after it) the actor
        // is not rootActor yet: its events are those of an actor of this very machine.
        if (rootActor ? ev.actorRef !== rootActor : (ev.actorRef as { logic?: unknown }).logic !== machine) return;
        if (ev.type === '@xstate.event') received.push(ev.event.type);
        if (ev.type !== '@xstate.microstep') return;
        for (const t of (ev as { _transitions?: AnyTransitionDefinition[] })._transitions ?? []) {
          const info = byDefinition.get(t);
          if (info) taken.add(info.key);
        }
      },
    });
    rootActor = actor;
    return actor;
  };
  const base = { net, api, clock, path, create, received, next: undefined as EventObject | undefined };
  const { actor, view } = driver.mount(base, path.input);
  const run: UiRun<TActor> = { ...base, actor };
  actor.subscribe({ error: () => undefined });
  if (!rootActor) throw new Error(`the ${machineId} driver's mount() must create its actor with run.create()`);

  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  onMount({
    dispose: () => {
      root.unmount();
      container.remove();
      actor.stop?.();
    },
  });
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>{view}</I18nProvider>
    </StrictMode>,
  );
  actor.start();
  await settle();

  const check = async (index: number) => {
    const expected = index === 0 ? path.initial : path.steps[index - 1];
    const where = index === 0 ? 'after start' : `after step ${index} (${path.steps[index - 1]?.event.type})`;
    await expect
      .poll(
        () => {
          const s = actor.getSnapshot() as RunningSnapshot;
          return { value: toJsonSafe(s.value), status: s.status };
        },
        { message: `state ${where}`, timeout: 3000, interval: 5 },
      )
      .toEqual({ value: expected?.value, status: expected?.status });
    // The context too: what the boundary answered reached the machine as the path says.
    const project = driver.context ?? ((c: JsonValue) => c);
    expect(project(toJsonSafe(actor.getSnapshot().context)), `context ${where}`).toEqual(project(expected?.context as JsonValue));
    await driver.see(actor.getSnapshot() as RunningSnapshot, run);
  };
  // What the actor does on its own once started (a session check with no stored token answers at
  // once) is the path's first events, taken without a step.
  const onItsOwn = received.filter((type) => type !== 'xstate.init');
  let i = 0;
  while (i < path.events.length && onItsOwn[i] === (path.events[i] as EventObject).type) i += 1;
  await check(i);
  while (i < path.events.length) {
    const event = path.events[i] as EventObject;
    received.length = 0;
    run.next = path.events[i + 1];
    await driver.step(event, run);
    await expect
      .poll(() => received.includes(event.type), {
        message: `the machine received ${event.type} (step ${i + 1})`,
        timeout: 3000,
        interval: 5,
      })
      .toBe(true);
    // One happening at the boundary may be several events of the path (a lost upload reports the
    // lost connection, then that the file settled and finished): they are taken together.
    let next = i + 1;
    const after = received.slice(received.indexOf(event.type) + 1);
    while (next < path.events.length && after[next - i - 1] === path.events[next]?.type) next += 1;
    await check(next);
    i = next;
  }
}

/** One `describe` for the machine: every generated path through the view, then the UI coverage check. */
export function describeUiPaths<TActor extends AnyActorRef>(machineId: string, driver: UiDriver<TActor>): void {
  const entry = machines.find((m) => m.id === machineId);
  if (!entry) throw new Error(`no machine "${machineId}" in machines/index.ts`);
  const analysis = analyzeMachine(entry);
  const taken = new Set<string>();
  let mounted: Mounted | undefined;

  afterEach(() => {
    mounted?.dispose();
    mounted = undefined;
  });

  describe(`${entry.id}: ${entry.title} (through its view)`, () => {
    for (const path of analysis.paths) {
      it(path.title, () =>
        runUiPath(machineId, path, driver, taken, (m) => {
          mounted = m;
        }),
      );
    }

    it('covers every transition through the UI', ({ task }) => {
      const covered = analysis.transitions.filter((k) => taken.has(k));
      const uncovered = analysis.transitions.filter((k) => !taken.has(k));
      const summary: CoverageSummary = {
        id: entry.id,
        title: entry.title,
        states: analysis.states,
        explored: analysis.explored,
        transitions: analysis.transitions.length,
        covered: covered.length,
        percent: analysis.transitions.length ? Math.floor((covered.length / analysis.transitions.length) * 1000) / 10 : 100,
        paths: analysis.paths.length,
        uncovered,
        warnings: [],
      };
      (task.meta as Record<string, unknown>)[UI_META_KEY] = summary;
      expect(uncovered, `transitions of "${entry.id}" its view's paths did not take`).toEqual([]);
    });
  });
}
