/**
 * Transition coverage for registered machines (DESIGN §7, TECH-NOTES "XState 5 and generated paths").
 *
 * 1. Every transition of the machine gets a key: source state id, event descriptor (`always` for
 *    eventless ones), branch index among the transitions of that source+event (guarded branches
 *    count separately), guard name, targets. `after`, invoke done/error/snapshot, `onDone`,
 *    targetless (internal) and reentering self transitions and transitions declared on parent states
 *    are all included.
 * 2. Exploration with `xstate/graph` (`getAdjacencyMap`, `getShortestPaths`) from the entry's
 *    `events(snapshot)` FUNCTION and `serializeState`; for every explored snapshot and every event
 *    tried there, the candidate path is "shortest path to that snapshot + the event". Candidates are
 *    replayed with a real actor (inert actors, simulated clock) and inspected (`@xstate.microstep`)
 *    to learn which transitions they actually take; a greedy cover keeps the fewest paths that take
 *    every transition any candidate took.
 * 3. Each kept path records the expected state value, JSON-safe context and status after every step,
 *    computed with the pure `transition()` API; the path tests replay it with an actor and compare.
 */
import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { type DirectedGraphNode, getAdjacencyMap, getShortestPaths, toDirectedGraph } from 'xstate/graph';
import type { MachineEntry } from '../../machines/registry-types';
import { createInertActor, describeEvent, inertMachine, type ObservedState, observe } from '../../src/tools/diagram/simulate.ts';

export type Key = string;

export type TransitionKind = 'event' | 'always' | 'after' | 'invoke.done' | 'invoke.error' | 'invoke.snapshot' | 'state.done' | 'route';

export interface TransitionInfo {
  key: Key;
  /** Id of the state node that declares the transition. */
  source: string;
  /** Event descriptor; `''` for `always`. */
  eventType: string;
  kind: TransitionKind;
  /** Index among the transitions of `source` for `eventType` (the guarded branches, in order). */
  branch: number;
  guard?: string;
  /** Target state ids; empty for a targetless (internal) transition. */
  targets: string[];
  reenter: boolean;
}

/** What a step did besides changing state: the named actions that ran and the actors started/stopped. */
export interface StepEffects {
  /** Named actions (of `setup({ actions })`, as `provide()` replaces them), in the order they ran. */
  actions: string[];
  /** Children started (`id (src)`) and stopped (`-id`). */
  actors: string[];
}

export interface PathStep extends ObservedState, StepEffects {
  event: EventObject;
  /** Transitions the replaying actor took for this step (including eventless ones that followed). */
  keys: Key[];
}

export interface Path {
  /** 1-based position in the machine's list of paths. */
  index: number;
  title: string;
  /** The input the actor starts with (one of `paths.inputs`, or `paths.input`). */
  input: unknown;
  events: EventObject[];
  /** Expected state after start (always-transitions at start included) and keys taken then. */
  initial: ObservedState & StepEffects & { keys: Key[] };
  steps: PathStep[];
  /** Keys first covered by this path when paths were chosen. */
  newKeys: Key[];
}

export interface MachineAnalysis {
  id: string;
  title: string;
  /** State nodes of the machine (root excluded). */
  states: number;
  /** Distinct snapshots explored (as told apart by serializeState). */
  explored: number;
  transitions: Key[];
  transitionInfo: TransitionInfo[];
  paths: Path[];
  covered: Set<Key>;
  percent: number;
  uncovered: Key[];
  /** Event types offered by `events()` that no transition of the machine handles (typos). */
  warnings: string[];
}

/** JSON-friendly summary (for the reporter and .tmp/paths-coverage.json). */
export interface CoverageSummary {
  id: string;
  title: string;
  states: number;
  explored: number;
  transitions: number;
  covered: number;
  percent: number;
  paths: number;
  uncovered: Key[];
  warnings: string[];
  /** Set when the machine could not be explored at all. */
  error?: string;
}

// ─── transition keys ────────────────────────────────────────────────────────────────────────────

type GuardLike = string | { type: string } | ((...args: never[]) => unknown) | undefined;

/** Human-readable guard name: `isValid`, `not(isValid)`, `and(a, b)`, `inline`. */
export function guardName(guard: unknown): string | undefined {
  const g = guard as GuardLike;
  if (g === undefined || g === null) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const children = (g as unknown as { guards?: unknown[] }).guards;
    const name = g.name && g.name !== 'anonymous' ? g.name : 'inline';
    if (Array.isArray(children)) return `${name}(${children.map((c) => guardName(c) ?? '?').join(', ')})`;
    return name;
  }
  if (typeof g === 'object' && typeof (g as { type: unknown }).type === 'string') return (g as { type: string }).type;
  return 'inline';
}

function kindOf(eventType: string, source: AnyStateNode): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType === 'xstate.route') return 'route';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'invoke.done';
  if (eventType.startsWith('xstate.error.actor.')) return 'invoke.error';
  if (eventType.startsWith('xstate.snapshot.')) return 'invoke.snapshot';
  if (eventType === `xstate.done.state.${source.id}`) return 'state.done';
  return 'event';
}

/** `#source --event[branch] if guard--> #target` */
export function formatKey(info: Omit<TransitionInfo, 'key'>): Key {
  const ev = info.eventType === '' ? 'always' : info.eventType;
  const guard = info.guard ? ` if ${info.guard}` : '';
  const target = info.targets.length ? info.targets.map((t) => `#${t}`).join(',') : '(no target)';
  const reenter = info.reenter ? ' (reenter)' : '';
  return `#${info.source} --${ev}[${info.branch}]${guard}--> ${target}${reenter}`;
}

export interface TransitionIndex {
  infos: TransitionInfo[];
  byDefinition: Map<AnyTransitionDefinition, TransitionInfo>;
}

/** Every transition of the machine, walking `toDirectedGraph(machine)` plus each node's `always`. */
export function enumerateTransitions(machine: AnyStateMachine): TransitionIndex {
  const infos: TransitionInfo[] = [];
  const byDefinition = new Map<AnyTransitionDefinition, TransitionInfo>();
  const add = (node: AnyStateNode, t: AnyTransitionDefinition, branch: number) => {
    if (byDefinition.has(t)) return;
    const base = {
      source: node.id,
      eventType: t.eventType,
      kind: kindOf(t.eventType, node),
      branch,
      guard: guardName(t.guard),
      targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
      reenter: !!t.reenter,
    };
    const info: TransitionInfo = { key: formatKey(base), ...base };
    infos.push(info);
    byDefinition.set(t, info);
  };
  const visit = (g: DirectedGraphNode) => {
    const node = g.stateNode;
    // Edges are one per target; group them back per transition definition.
    for (const edge of g.edges) {
      const t = edge.transition;
      const siblings = node.transitions.get(t.eventType) ?? [];
      add(node, t, Math.max(0, siblings.indexOf(t)));
    }
    for (const [i, t] of (node.always ?? []).entries()) add(node, t as AnyTransitionDefinition, i);
    for (const child of g.children) visit(child);
  };
  visit(toDirectedGraph(machine));
  return { infos, byDefinition };
}

/** All state nodes below the root. */
export function countStates(machine: AnyStateMachine): number {
  let n = 0;
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      n += 1;
      walk(child);
    }
  };
  walk(machine.root);
  return n;
}

function eventHandled(type: string, descriptors: Set<string>): boolean {
  if (descriptors.has(type) || descriptors.has('*')) return true;
  for (const d of descriptors) {
    if (d.endsWith('.*') && type.startsWith(d.slice(0, -1))) return true;
  }
  return false;
}

// ─── replay ─────────────────────────────────────────────────────────────────────────────────────

export interface Replay {
  initial: ObservedState & StepEffects & { keys: Key[] };
  steps: PathStep[];
}

type NodeLike = { id: string; order: number; entry: readonly unknown[]; exit: readonly unknown[] };

/** Names of the named actions in an action list (strings and `{ type }` objects that `setup` declares). */
function namedActions(list: readonly unknown[] | undefined, names: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const a of list ?? []) {
    const type = typeof a === 'string' ? a : a && typeof a === 'object' && 'type' in a ? String((a as { type: unknown }).type) : undefined;
    if (type && names.has(type)) out.push(type);
  }
  return out;
}

/**
 * The named actions one microstep ran: exit actions of the states it left (innermost first), the
 * actions of the transitions it took, entry actions of the states it entered (outermost first). A
 * reentering transition leaves and enters its target again.
 */
function microstepActions(
  before: readonly NodeLike[],
  after: readonly NodeLike[],
  transitions: readonly AnyTransitionDefinition[],
  names: ReadonlySet<string>,
): string[] {
  const reentered = new Set<string>();
  for (const t of transitions)
    if (t.reenter)
      for (const target of (t.target ?? []) as AnyStateNode[])
        for (const n of after) if (n.id === target.id || n.id.startsWith(`${target.id}.`)) reentered.add(n.id);
  const afterIds = new Set(after.map((n) => n.id));
  const beforeIds = new Set(before.map((n) => n.id));
  const exited = before.filter((n) => !afterIds.has(n.id) || reentered.has(n.id)).sort((a, b) => b.order - a.order);
  const entered = after.filter((n) => !beforeIds.has(n.id) || reentered.has(n.id)).sort((a, b) => a.order - b.order);
  return [
    ...exited.flatMap((n) => namedActions(n.exit, names)),
    ...transitions.flatMap((t) => namedActions(t.actions as readonly unknown[], names)),
    ...entered.flatMap((n) => namedActions(n.entry, names)),
  ];
}

/** The state nodes a machine enters at start, before any eventless transition (root included). */
function initialNodes(machine: AnyStateMachine): NodeLike[] {
  const out: NodeLike[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node as unknown as NodeLike);
    if (node.type === 'parallel') for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
    else if (node.type === 'compound') for (const target of (node.initial?.target ?? []) as AnyStateNode[]) walk(target);
  };
  walk(machine.root);
  return out;
}

/** Children started (`id (src)`) and stopped (`-id`) between two snapshots. */
function childChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [id, ref] of Object.entries(after))
    if (before[id] !== ref) {
      const src = (ref as { src?: unknown }).src;
      out.push(typeof src === 'string' ? `${id} (${src})` : id);
    }
  for (const [id, ref] of Object.entries(before)) if (after[id] !== ref) out.push(`-${id}`);
  return out;
}

/**
 * Replays events on a fresh inert actor, step by step, collecting the transitions taken from
 * `@xstate.microstep` inspection events. `onStep` runs after each step (index 0 = after start).
 */
export function replay(
  entry: Pick<MachineEntry, 'machine' | 'paths'>,
  events: readonly EventObject[],
  options: {
    input?: unknown;
    onStep?: (index: number, observed: ObservedState, snapshot: AnyMachineSnapshot) => void;
  } = {},
): Replay {
  const { onStep } = options;
  const inert = inertMachine(entry.machine);
  const { byDefinition } = transitionIndexOf(inert);
  const actionNames = new Set(Object.keys(entry.machine.implementations.actions ?? {}));
  let bucket: Key[] = [];
  let actions: string[] = [];
  let nodes: readonly NodeLike[] = [];
  const { actor, stop } = createInertActor(inert, {
    input: 'input' in options ? options.input : defaultInput(entry),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      const taken = (ev as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
      for (const t of taken) {
        const info = byDefinition.get(t);
        if (info && !bucket.includes(info.key)) bucket.push(info.key);
      }
      const next = (ev.snapshot as unknown as { _nodes: NodeLike[] })._nodes;
      actions.push(...microstepActions(nodes, next, taken, actionNames));
      nodes = next;
    },
  });
  try {
    // The start enters the initial states (no microstep is reported for that), then runs the
    // eventless transitions that follow (reported).
    const start = initialNodes(inert);
    nodes = start;
    actor.start();
    const first = actor.getSnapshot() as AnyMachineSnapshot;
    const initial = {
      ...observe(first),
      keys: bucket,
      actions: [...microstepActions([], start, [], actionNames), ...actions],
      actors: childChanges({}, first.children as Record<string, unknown>),
    };
    let children: Record<string, unknown> = { ...(first.children as Record<string, unknown>) };
    onStep?.(0, initial, first);
    const steps: PathStep[] = [];
    events.forEach((event, i) => {
      bucket = [];
      actions = [];
      actor.send(event);
      const snap = actor.getSnapshot() as AnyMachineSnapshot;
      const observed = observe(snap);
      const now = snap.children as Record<string, unknown>;
      steps.push({ event, ...observed, keys: bucket, actions, actors: childChanges(children, now) });
      children = { ...now };
      nodes = (snap as unknown as { _nodes: NodeLike[] })._nodes;
      onStep?.(i + 1, observed, snap);
    });
    return { initial, steps };
  } finally {
    stop();
  }
}

const indexCache = new WeakMap<AnyStateMachine, TransitionIndex>();
function transitionIndexOf(machine: AnyStateMachine): TransitionIndex {
  let idx = indexCache.get(machine);
  if (!idx) {
    idx = enumerateTransitions(machine);
    indexCache.set(machine, idx);
  }
  return idx;
}

/** The inputs paths start from: `paths.inputs`, else `[paths.input]`. */
export function inputsOf(entry: Pick<MachineEntry, 'paths'>): unknown[] {
  return entry.paths.inputs?.length ? entry.paths.inputs : [entry.paths.input];
}

export function defaultInput(entry: Pick<MachineEntry, 'paths'>): unknown {
  return inputsOf(entry)[0];
}

/** Expected states along a path, computed with the pure transition API (no actor). */
export function expectedStates(
  entry: Pick<MachineEntry, 'machine' | 'paths'>,
  events: readonly EventObject[],
  input: unknown = defaultInput(entry),
): ObservedState[] {
  const inert = inertMachine(entry.machine);
  let [snapshot] = initialTransition(inert, input as never) as [AnyMachineSnapshot, unknown];
  const out = [observe(snapshot)];
  for (const event of events) {
    [snapshot] = transition(inert, snapshot, event as never) as [AnyMachineSnapshot, unknown];
    out.push(observe(snapshot));
  }
  return out;
}

// ─── exploration and path selection ─────────────────────────────────────────────────────────────

const DEFAULT_LIMIT = 1000;

function pathTitle(events: readonly EventObject[]): string {
  if (!events.length) return '(start)';
  const text = events.map(describeEvent).join(' → ');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * The machine as `xstate/graph` explores it, each transition in a system of its own (xstate's pure
 * `transition()`). The graph's own walk shares one actor system between every branch it explores, so
 * a child spawned with a `systemId` on two branches (the app's batch, publish modal, post-login steps)
 * would collide with itself there, while a real actor stops the old child before the new one registers.
 * (xstate's pure `transition()` would do too, but builds the whole machine's initial state every time.)
 */
function ownSystemPerStep(machine: AnyStateMachine): AnyStateMachine {
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = ((snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => {
    // Children spawned in this step join the system of their parent, the scope's `self`.
    const self = createEmptyActor();
    return machine.transition(snapshot, event as never, { ...scope, self, system: self.system } as never);
  }) as AnyStateMachine['transition'];
  return logic;
}

export function analyzeMachine(entry: MachineEntry): MachineAnalysis {
  const inert = inertMachine(entry.machine);
  const { infos } = transitionIndexOf(inert);
  const allKeys = infos.map((i) => i.key);
  const descriptors = new Set(infos.map((i) => i.eventType));
  const limit = entry.paths.limit ?? DEFAULT_LIMIT;
  const offered = new Set<string>();
  const explorable = ownSystemPerStep(inert);

  const makeOptions = (input: unknown) => {
    const distinct = new Set<string>();
    const serialize = (s: AnyMachineSnapshot): string => {
      const body = entry.paths.serializeState ? entry.paths.serializeState(s) : JSON.stringify(s.value);
      const serial = `${s.status}:${body}`;
      if (!distinct.has(serial)) {
        distinct.add(serial);
        if (distinct.size > limit) {
          throw new Error(
            `machine "${entry.id}": exploration passed ${limit} distinct states; make paths.serializeState coarser (keep only what changes behaviour), bound what events() offers, or raise paths.limit`,
          );
        }
      }
      return serial;
    };
    return {
      input,
      serializeState: serialize,
      events: (s: AnyMachineSnapshot) => {
        if (s.status !== 'active') return [];
        const list = entry.paths.events(s);
        for (const e of list) offered.add(e.type);
        return list;
      },
    };
  };

  // Candidates, per input: the start itself, then shortest path to each explored snapshot + each
  // event tried there. Each is replayed on an actor to learn the transitions it really takes.
  type Candidate = { inputIndex: number; input: unknown; events: EventObject[]; replay: Replay; keys: Set<Key> };
  const candidates: Candidate[] = [];
  const seenCandidates = new Set<string>();
  const inputs = inputsOf(entry);
  let explored = 0;
  inputs.forEach((input, inputIndex) => {
    const addCandidate = (events: EventObject[]) => {
      const id = `${inputIndex}|${JSON.stringify(events)}`;
      if (seenCandidates.has(id)) return;
      seenCandidates.add(id);
      const r = replay(entry, events, { input });
      const keys = new Set<Key>([...r.initial.keys, ...r.steps.flatMap((s) => s.keys)]);
      candidates.push({ inputIndex, input, events, replay: r, keys });
    };
    const options = makeOptions(input);
    const adjacency = getAdjacencyMap(explorable, options as never) as Record<
      string,
      { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
    >;
    explored += Object.keys(adjacency).length;
    const shortest = getShortestPaths(explorable, makeOptions(input) as never);
    const prefixes = new Map<string, EventObject[]>();
    for (const p of shortest) {
      const serial = options.serializeState(p.state as AnyMachineSnapshot);
      if (!prefixes.has(serial))
        prefixes.set(
          serial,
          p.steps.slice(1).map((st) => st.event as EventObject),
        );
    }
    addCandidate([]);
    for (const [serial, value] of Object.entries(adjacency)) {
      const prefix = prefixes.get(serial);
      if (!prefix) continue;
      for (const { event } of Object.values(value.transitions)) addCandidate([...prefix, event]);
    }
  });

  // Greedy cover: repeatedly keep the candidate adding most uncovered keys (shorter wins ties).
  const remaining = new Set(allKeys);
  const chosen: { c: Candidate; newKeys: Key[] }[] = [];
  for (;;) {
    let best: Candidate | undefined;
    let bestGain = 0;
    for (const c of candidates) {
      let gain = 0;
      for (const k of c.keys) if (remaining.has(k)) gain += 1;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && c.events.length < best.events.length)) {
        best = c;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) break;
    const newKeys = allKeys.filter((k) => best.keys.has(k) && remaining.has(k));
    for (const k of newKeys) remaining.delete(k);
    chosen.push({ c: best, newKeys });
  }
  // A kept path that is a prefix of another kept path is redundant: its extension replays it.
  // (The longest extension is itself never a prefix of another kept path.)
  const extensionOf = (c: Candidate) =>
    chosen
      .filter(
        (o) =>
          o.c.inputIndex === c.inputIndex &&
          o.c.events.length > c.events.length &&
          JSON.stringify(o.c.events.slice(0, c.events.length)) === JSON.stringify(c.events),
      )
      .sort((a, b) => b.c.events.length - a.c.events.length)[0];
  const kept = chosen.filter((x) => {
    const ext = extensionOf(x.c);
    if (ext) ext.newKeys.push(...x.newKeys);
    return !ext;
  });
  kept.sort((a, b) => a.c.inputIndex - b.c.inputIndex || a.c.events.length - b.c.events.length);

  const covered = new Set<Key>();
  const paths: Path[] = kept.map(({ c, newKeys }, i) => {
    const expected = expectedStates(entry, c.events, c.input);
    for (const k of c.keys) covered.add(k);
    const first = expected[0] as ObservedState;
    const from = inputs.length > 1 ? ` (input ${c.inputIndex + 1})` : '';
    return {
      index: i + 1,
      title: `path ${i + 1}${from}: ${pathTitle(c.events)}`,
      input: c.input,
      events: c.events,
      initial: { ...first, keys: c.replay.initial.keys, actions: c.replay.initial.actions, actors: c.replay.initial.actors },
      steps: c.events.map((event, j) => ({
        event,
        ...(expected[j + 1] as ObservedState),
        keys: c.replay.steps[j]?.keys ?? [],
        actions: c.replay.steps[j]?.actions ?? [],
        actors: c.replay.steps[j]?.actors ?? [],
      })),
      newKeys,
    };
  });
  // Keys from chosen-but-dropped prefixes are covered by their extensions; recompute to be exact.
  for (const k of [...covered]) if (!allKeys.includes(k)) covered.delete(k);

  const uncovered = allKeys.filter((k) => !covered.has(k));
  const warnings = [...offered]
    .filter((t) => !eventHandled(t, descriptors))
    .map((t) => `events() offers "${t}", which no transition of the machine handles`);
  return {
    id: entry.id,
    title: entry.title,
    states: countStates(inert),
    explored,
    transitions: allKeys,
    transitionInfo: infos,
    paths,
    covered,
    percent: allKeys.length ? (covered.size / allKeys.length) * 100 : 100,
    uncovered,
    warnings,
  };
}

export function summarize(a: MachineAnalysis): CoverageSummary {
  return {
    id: a.id,
    title: a.title,
    states: a.states,
    explored: a.explored,
    transitions: a.transitions.length,
    covered: a.covered.size,
    percent: Math.floor(a.percent * 10) / 10,
    paths: a.paths.length,
    uncovered: a.uncovered,
    warnings: a.warnings,
  };
}

/** Plain-text table: machine, states, transitions, covered, percent. */
export function formatTable(rows: readonly CoverageSummary[]): string {
  const header = ['machine', 'states', 'transitions', 'covered', 'percent', 'paths'];
  const body = rows.map((r) =>
    r.error
      ? [r.id, '-', '-', '-', 'ERROR', '-']
      : [r.id, String(r.states), String(r.transitions), String(r.covered), `${r.percent.toFixed(1)}%`, String(r.paths)],
  );
  const total = rows.reduce((acc, r) => ({ t: acc.t + r.transitions, c: acc.c + r.covered, s: acc.s + r.states, p: acc.p + r.paths }), {
    t: 0,
    c: 0,
    s: 0,
    p: 0,
  });
  if (rows.length > 1) {
    body.push([
      'TOTAL',
      String(total.s),
      String(total.t),
      String(total.c),
      `${(total.t ? Math.floor((total.c / total.t) * 1000) / 10 : 100).toFixed(1)}%`,
      String(total.p),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
