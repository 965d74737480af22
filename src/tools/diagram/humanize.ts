/**
 * Names for events, guards and actions as people say them, for the machine diagrams and the
 * simulation in Storybook's Machines section:
 *
 * - `xstate.after.500.<stateId>` → "after 500 ms", `xstate.after.7000.x` → "after 7 s", a named
 *   delay `xstate.after.pollInterval.x` → "after poll interval";
 * - `xstate.done.actor.loadTriggers` → "load triggers done", `xstate.error.actor.x` → "x failed",
 *   `xstate.done.state.<id>` (a compound state's onDone) → "finished", eventless → "immediately";
 * - `user.setCode` → "set code" from the user; the origins are `user`, `server`, `tab` (another tab),
 *   `screen`/`viewport`, `key` (keyboard); other dotted names read as words (`modal.open` →
 *   "modal open", `route.changed` → "route changed");
 * - guards: `isCodeValid`/`codeValid` → "code valid", `{ type: 'tabIs', params: { tab: 'login' } }` →
 *   "tab is login", `and(a, b)` → "a and b", `not(a)` → "not a";
 * - actions: `clearError` → "clear error", `assign({ code, error })` → "set code, error", built-ins
 *   (`raise`, `sendTo`, `sendParent`, `spawnChild`, `stopChild`, `cancel`, `log`, `emit`) by what they do.
 *
 * A machine entry may override event names (`eventLabels` in machines/registry-types.ts) where the
 * automatic one is poor.
 */
import type { AnyTransitionDefinition } from 'xstate';

/** Where an event comes from, shown beside its name. */
export type EventOrigin = 'user' | 'server' | 'other tab' | 'screen' | 'keyboard';

const ORIGINS: Record<string, EventOrigin> = {
  user: 'user',
  server: 'server',
  tab: 'other tab',
  screen: 'screen',
  viewport: 'screen',
  key: 'keyboard',
};

export interface HumanEvent {
  /** What the event is called: "set code", "after 500 ms", "load triggers done". */
  text: string;
  origin?: EventOrigin;
}

/**
 * Per-machine names for event types: the exact type, or `xstate.after.<delay>` for a delay from any
 * state. The origin stays the automatic one.
 */
export type EventLabels = Readonly<Record<string, string>>;

/** Splits an identifier into lower-case words: `loadTriggers`, `load_triggers`, `load-triggers`, `HTTPError` → words. */
export function words(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((w) => (w.length > 1 && w === w.toUpperCase() && /[A-Z]/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

/** "after 500 ms", "after 7 s", "after 1.5 s", "after 2 min", or a named delay in words. */
export function humanizeDelay(delay: string): string {
  if (!/^\d+(\.\d+)?$/.test(delay)) return `after ${words(delay)}`;
  const ms = Number(delay);
  if (ms >= 60_000 && ms % 60_000 === 0) return `after ${ms / 60_000} min`;
  if (ms >= 1000 && ms % 100 === 0) return `after ${ms / 1000} s`;
  return `after ${ms} ms`;
}

/**
 * The delay part of `xstate.after.<delay>.<stateId>`. State ids contain dots, delays may not
 * (numbers or named delays), so with the source state id known it is cut off exactly; without it
 * the first segment is taken.
 */
function delayOf(type: string, stateId?: string): string {
  const rest = type.slice('xstate.after.'.length);
  if (stateId && rest.endsWith(`.${stateId}`)) return rest.slice(0, rest.length - stateId.length - 1);
  const m = /^(\d+(?:\.\d+)?|[^.]+)/.exec(rest);
  return m?.[1] ?? rest;
}

export interface HumanizeEventOptions {
  /** Id of the state the transition leaves (cuts the state id off a delayed event exactly). */
  stateId?: string;
  overrides?: EventLabels;
  /** The machine's named delays (`setup({ delays })`): a number is shown instead of the name. */
  delays?: Readonly<Record<string, unknown>>;
}

/** A label for an event type (see the module comment). */
export function humanizeEvent(type: string, options: HumanizeEventOptions = {}): HumanEvent {
  const automatic = automaticEvent(type, options.stateId, options.delays);
  const overrides = options.overrides;
  if (overrides) {
    const delayKey = type.startsWith('xstate.after.') ? `xstate.after.${delayOf(type, options.stateId)}` : undefined;
    const own = overrides[type] ?? (delayKey ? overrides[delayKey] : undefined);
    if (own !== undefined) return { ...automatic, text: own };
  }
  return automatic;
}

/** An invoked actor's id in words; `*` (any actor) → "a child". */
const actorName = (id: string) => (id === '*' ? 'a child' : words(id));

function automaticEvent(type: string, stateId?: string, delays?: Readonly<Record<string, unknown>>): HumanEvent {
  if (type === '') return { text: 'immediately' };
  if (type === '*') return { text: 'any event' };
  if (type.startsWith('xstate.after.')) {
    const delay = delayOf(type, stateId);
    const value = delays?.[delay];
    return { text: humanizeDelay(typeof value === 'number' ? String(value) : delay) };
  }
  if (type.startsWith('xstate.done.actor.')) return { text: `${actorName(type.slice('xstate.done.actor.'.length))} done` };
  if (type.startsWith('xstate.error.actor.')) return { text: `${actorName(type.slice('xstate.error.actor.'.length))} failed` };
  if (type.startsWith('xstate.snapshot.')) return { text: `${actorName(type.slice('xstate.snapshot.'.length))} updated` };
  if (type.startsWith('xstate.done.state.')) return { text: 'finished' };
  if (type === 'xstate.init') return { text: 'start' };
  const dot = type.indexOf('.');
  if (dot > 0) {
    const origin = ORIGINS[type.slice(0, dot)];
    const rest = words(type.slice(dot + 1));
    // `viewport.changed` → "viewport changed" (a lone participle needs its subject).
    if (origin) return { text: /^\w+ed$/.test(rest) ? words(type) : rest, origin };
  }
  return { text: words(type) };
}

/** "set code (user)": the event name with its origin, for plain-text places (aria labels, history). */
export function eventText(event: HumanEvent): string {
  return event.origin ? `${event.text} (${event.origin})` : event.text;
}

// ---- guards and actions -------------------------------------------------------------------------

/**
 * Stands for the context and event when a params function is evaluated for its constants
 * (`codeIs(112)` → `{ error: event.error, code: 112 }`): every property read gives it again and
 * any computation with it throws, so only values that do not depend on the run survive.
 */
const unknownValue: object = new Proxy(() => undefined, {
  get: (_target, key) => {
    if (key === Symbol.toPrimitive || key === 'valueOf' || key === 'toString') {
      return () => {
        throw new TypeError('depends on the run');
      };
    }
    return key === 'then' ? undefined : unknownValue;
  },
  apply: () => {
    throw new TypeError('depends on the run');
  },
});

const GENERIC_KEYS = new Set(['id', 'type', 'kind', 'value', 'code']);

/**
 * A params object (or the constants a params function returns) after a name: words, values of keys
 * the name already says and of generic keys follow directly (`tabIs` + `{ tab: 'login' }` → "tab is
 * login"), others in parentheses with their key (`setQuery` + `{ page: 1 }` → "set query (page 1)").
 */
function withParams(name: string, params: unknown): string {
  let value = params;
  if (typeof value === 'function') {
    try {
      value = (value as (args: unknown) => unknown)({ context: unknownValue, event: unknownValue, self: unknownValue });
    } catch {
      return name;
    }
  }
  if (value === null || typeof value !== 'object') return name;
  const nameWords = new Set(name.split(' '));
  const plain: string[] = [];
  const keyed: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    let text: string;
    const word = typeof v === 'string' && /^[A-Za-z][\w-]*$/.test(v);
    if (typeof v === 'string') text = word ? words(v) : `“${v}”`;
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') text = String(v);
    else continue;
    const keyWords = words(key);
    // A word stands on its own ("opens on login"); a number or text needs its key ("page 1").
    if (word || GENERIC_KEYS.has(key) || keyWords.split(' ').every((w) => nameWords.has(w))) plain.push(text);
    else keyed.push(`${keyWords} ${text}`);
  }
  let out = plain.length ? `${name} ${plain.join(', ')}` : name;
  if (keyed.length) out += ` (${keyed.join(', ')})`;
  return out;
}

/** `isCodeValid` → "code valid" (a leading "is" adds nothing in brackets). */
function guardName(name: string): string {
  const w = words(name);
  return w.startsWith('is ') && w.length > 3 ? w.slice(3) : w;
}

/** A guard (string, `{ type, params }`, `and`/`or`/`not`, or an inline function) in words. */
export function humanizeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guardName(guard);
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[]; check?: unknown };
    const children = Array.isArray(g.guards) ? g.guards.map((c) => humanizeGuard(c) ?? 'condition') : undefined;
    if (children && g.name === 'and') return children.join(' and ');
    if (children && g.name === 'or') return children.join(' or ');
    if (children && g.name === 'not') return `not ${children.join(', ')}`;
    if (g.name === 'stateIn') return 'in state';
    return g.name && g.name !== 'guard' && g.name !== 'anonymous' ? guardName(g.name) : 'condition';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    const { type, params } = guard as { type: string; params?: unknown };
    return withParams(guardName(type), params);
  }
  return 'condition';
}

type ActionLike = {
  type?: unknown;
  name?: string;
  params?: unknown;
  assignment?: unknown;
  event?: unknown;
  to?: unknown;
  id?: unknown;
  src?: unknown;
  actorRef?: unknown;
  sendId?: unknown;
};

const eventName = (event: unknown) =>
  event && typeof event === 'object' && typeof (event as { type?: unknown }).type === 'string'
    ? eventText(humanizeEvent((event as { type: string }).type))
    : undefined;

const isDelayEvent = (event: unknown) =>
  Boolean(event && typeof event === 'object' && String((event as { type?: unknown }).type).startsWith('xstate.after.'));

const refName = (ref: unknown) => (typeof ref === 'string' ? words(ref.replace(/^#/, '')) : undefined);

/** An action (named, `{ type, params }`, inline assign, or a built-in) in words; undefined for no-ops. */
export function humanizeAction(action: unknown): string | undefined {
  if (action === undefined || action === null) return undefined;
  if (typeof action === 'string') return words(action);
  if (typeof action === 'object' && typeof (action as ActionLike).type === 'string') {
    const a = action as { type: string; params?: unknown };
    return withParams(words(a.type), a.params);
  }
  if (typeof action !== 'function') return 'action';
  const a = action as ActionLike;
  switch (a.type) {
    case 'xstate.assign': {
      if (a.assignment && typeof a.assignment === 'object') return `set ${Object.keys(a.assignment).map(words).join(', ')}`;
      return 'update context';
    }
    case 'xstate.raise':
      // `after` is built from a raise on entry and a cancel on exit: part of the arrow, not an action.
      if (isDelayEvent(a.event)) return undefined;
      return eventName(a.event) ? `raise “${eventName(a.event)}”` : 'raise an event';
    case 'xstate.sendTo': {
      const to = typeof a.to === 'function' ? 'parent' : refName(a.to);
      const ev = eventName(a.event);
      return `tell ${to ?? 'an actor'}${ev ? ` “${ev}”` : ''}`;
    }
    case 'xstate.spawnChild':
      return `start ${refName(a.id) ?? refName(a.src) ?? 'a child'}`;
    case 'xstate.stopChild':
      return `stop ${refName(a.actorRef) ?? 'a child'}`;
    case 'xstate.cancel':
      if (typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.')) return undefined;
      return `cancel ${refName(a.sendId) ?? 'a delayed event'}`;
    case 'xstate.log':
      return 'log';
    case 'xstate.emit':
      return eventName(a.event) ? `emit “${eventName(a.event)}”` : 'emit an event';
    case 'xstate.enqueueActions':
      return 'choose actions';
    default:
      return a.name && a.name !== 'anonymous' && !a.name.startsWith('bound ') ? words(a.name) : 'run code';
  }
}

export interface HumanTransition {
  event: HumanEvent;
  guard?: string;
  actions: string[];
}

/** The event, guard and actions of a transition, each in words. */
export function humanizeTransition(t: AnyTransitionDefinition, overrides?: EventLabels): HumanTransition {
  const source = t.source as { id: string; machine?: { implementations?: { delays?: Record<string, unknown> } } };
  const guard = humanizeGuard(t.guard);
  const actions = (t.actions ?? []).map(humanizeAction).filter((a): a is string => Boolean(a));
  const delays = source.machine?.implementations?.delays;
  return {
    event: humanizeEvent(t.eventType, { stateId: source.id, overrides, ...(delays ? { delays } : {}) }),
    ...(guard ? { guard } : {}),
    actions,
  };
}

/** One line: "set code (user) [code valid] / clear error, notify". */
export function transitionText(t: HumanTransition): string {
  let text = eventText(t.event);
  if (t.guard) text += ` [${t.guard}]`;
  if (t.actions.length) text += ` / ${t.actions.join(', ')}`;
  return text;
}
