/**
 * Side-effect-free execution of registered machines, shared by the generated path tests
 * (tests/paths) and the Storybook "Machines" section (stories/machines).
 *
 * - `inertMachine` swaps every invoked/spawned actor for an inert callback actor: nothing real runs
 *   (no fetch, no storage, no BroadcastChannel). Invoke results are plain events instead:
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>`.
 * - `createInertActor` runs the machine on a simulated clock (`after` delays never fire by themselves;
 *   send `xstate.after.<delay>.<stateId>` instead) under a stub parent (so `sendParent` in a child
 *   machine registered on its own is harmless).
 * - `toJsonSafe` projects a context to plain JSON (actor refs and functions replaced by markers), so
 *   it can be compared with `toEqual` and shown in the browser.
 */
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  type InspectionEvent,
  SimulatedClock,
  StateMachine,
  type StateValue,
} from 'xstate';

/** An actor logic that does nothing: never emits, never completes, ignores what it receives. */
export const inertLogic = fromCallback(() => undefined);

const INERT_INLINE_SRC = 'quire.inert.inline';

type StateConfigLike = {
  invoke?: unknown;
  states?: Record<string, StateConfigLike>;
  [key: string]: unknown;
};

/** Replaces inline invoke logic (`invoke: { src: fromPromise(...) }`) with a named inert actor. */
function rewriteInlineInvokes(config: StateConfigLike): { config: StateConfigLike; changed: boolean } {
  let changed = false;
  const next: StateConfigLike = { ...config };
  if (config.invoke !== undefined) {
    const list = Array.isArray(config.invoke) ? config.invoke : [config.invoke];
    const mapped = list.map((def: unknown) => {
      if (def && typeof def === 'object' && 'src' in def && typeof (def as { src: unknown }).src !== 'string') {
        changed = true;
        return { ...(def as object), src: INERT_INLINE_SRC };
      }
      return def;
    });
    next.invoke = Array.isArray(config.invoke) ? mapped : mapped[0];
  }
  if (config.states) {
    const states: Record<string, StateConfigLike> = {};
    for (const [key, child] of Object.entries(config.states)) {
      const r = rewriteInlineInvokes(child);
      changed ||= r.changed;
      states[key] = r.config;
    }
    next.states = states;
  }
  return { config: next, changed };
}

const inertCache = new WeakMap<AnyStateMachine, AnyStateMachine>();

/**
 * The same machine with every actor implementation replaced by `inertLogic`. Actions, guards and
 * delays are kept (actions are pure by convention; delays only compute numbers). Cached per machine,
 * so transition objects stay identical between calls.
 */
export function inertMachine<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const cached = inertCache.get(machine);
  if (cached) return cached as TMachine;
  const actors: Record<string, typeof inertLogic> = {};
  for (const name of Object.keys(machine.implementations.actors ?? {})) actors[name] = inertLogic;
  actors[INERT_INLINE_SRC] = inertLogic;
  const rewritten = rewriteInlineInvokes(machine.config as StateConfigLike);
  const result = rewritten.changed
    ? (new StateMachine(rewritten.config as never, {
        ...machine.implementations,
        actors: { ...machine.implementations.actors, ...actors },
      }) as unknown as TMachine)
    : (machine.provide({ actors } as never) as TMachine);
  inertCache.set(machine, result);
  inertCache.set(result, result);
  return result;
}

export interface InertActorOptions {
  input?: unknown;
  /** Receives every inspection event of the machine's own actor (not of its children or parent). */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Creates (does not start) an actor of the inert machine with a simulated clock and a stub parent.
 * Errors are captured on `actor.getSnapshot()` (status `error`) instead of being thrown later.
 */
export function createInertActor(machine: AnyStateMachine, options: InertActorOptions = {}) {
  const clock = new SimulatedClock();
  let self: AnyActorRef | undefined;
  const logic = inertMachine(machine);
  const parent = createActor(inertLogic, {
    clock,
    inspect: (ev) => {
      if (!options.inspect) return;
      // While the actor is being made (its initial state, with the eventless transitions that follow
      // it) it is not `self` yet: its events are those of an actor of this very logic.
      const own = self ? ev.actorRef === self : (ev.actorRef as { logic?: unknown }).logic === logic;
      if (own) options.inspect(ev);
    },
  });
  parent.start();
  const actor = createActor(logic, { input: options.input as never, parent });
  self = actor;
  actor.subscribe({ error: () => undefined });
  const stop = () => {
    // A child actor cannot be stopped with stop(); _stop() is what its parent would call.
    (actor as unknown as { _stop?: () => void })._stop?.();
    parent.stop();
  };
  return { actor, clock, stop };
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

function isActorRef(value: object): boolean {
  const v = value as { $$type?: unknown; send?: unknown; getSnapshot?: unknown; sessionId?: unknown };
  return v.$$type === 'actor' || (typeof v.send === 'function' && typeof v.getSnapshot === 'function' && typeof v.sessionId === 'string');
}

/**
 * A JSON-safe projection of a value (a machine context): actor refs become "[actor]", functions
 * "[function]", Dates ISO strings, Maps/Sets arrays, cycles "[circular]", undefined object fields
 * are dropped (as JSON.stringify does).
 */
export function toJsonSafe(value: unknown, seen: WeakSet<object> = new WeakSet()): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return `${value}n`;
    case 'function':
      return '[function]';
    case 'symbol':
      return String(value);
  }
  const obj = value as object;
  if (isActorRef(obj)) return '[actor]';
  if (seen.has(obj)) return '[circular]';
  seen.add(obj);
  try {
    if (Array.isArray(obj)) return obj.map((v) => toJsonSafe(v, seen));
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? 'Invalid Date' : obj.toISOString();
    if (obj instanceof Map) return [...obj.entries()].map(([k, v]) => [toJsonSafe(k, seen), toJsonSafe(v, seen)]);
    if (obj instanceof Set) return [...obj.values()].map((v) => toJsonSafe(v, seen));
    if (obj instanceof Error) return { name: obj.name, message: obj.message };
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(obj)) {
      if (v === undefined) continue;
      out[k] = toJsonSafe(v, seen);
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

/** What the path tests compare after each step. */
export interface ObservedState {
  value: StateValue;
  context: JsonValue;
  status: string;
}

export function observe(snapshot: AnyMachineSnapshot): ObservedState {
  return { value: toJsonSafe(snapshot.value) as StateValue, context: toJsonSafe(snapshot.context), status: snapshot.status };
}

/** `type` plus a compact JSON of the payload: `alert.push {"alert":{"type":"info"}}`. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const keys = Object.keys(payload);
  return keys.length ? `${type} ${JSON.stringify(toJsonSafe(payload))}` : type;
}

/** The events of a path config that the snapshot accepts right now (`snapshot.can`). */
export function acceptedEvents(
  snapshot: AnyMachineSnapshot,
  events: (snapshot: { value: unknown; context: unknown }) => EventObject[],
): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const seen = new Set<string>();
  const out: EventObject[] = [];
  for (const ev of events(snapshot)) {
    const id = JSON.stringify(toJsonSafe(ev));
    if (seen.has(id)) continue;
    seen.add(id);
    let ok = false;
    try {
      ok = snapshot.can(ev);
    } catch {
      ok = false;
    }
    if (ok) out.push(ev);
  }
  return out;
}
