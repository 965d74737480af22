import { useSyncExternalStore } from 'react';

/**
 * The browser's location as the app follows it (what wouter's browser location does, without its
 * package in the first load, issue 14): `pushState` / `replaceState` are patched once to dispatch an
 * event of their name (with wouter's patch key, so that a wouter loaded elsewhere does not patch them
 * again), and every subscriber is told of those, `popstate` and `hashchange` together.
 */
const EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'];

let listeners: (() => void)[] = [];
const changed = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  if (listeners.push(listener) === 1) for (const event of EVENTS) addEventListener(event, changed);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
    if (listeners.length === 0) for (const event of EVENTS) removeEventListener(event, changed);
  };
}

/** A property of the location (e.g. its path), re-rendering when it changes. */
export const useLocationProperty = <T>(read: () => T): T => useSyncExternalStore(subscribe, read, read);

const currentPathname = () => location.pathname;
export const usePathname = () => useLocationProperty(currentPathname);

/** Goes to a path of the app (history push, or replace). */
export const navigate = (to: string, { replace = false }: { replace?: boolean } = {}) =>
  history[replace ? 'replaceState' : 'pushState'](null, '', to);

const PATCHED = Symbol.for('wouter_v3');
if (typeof history !== 'undefined' && !(PATCHED in window)) {
  for (const type of ['pushState', 'replaceState'] as const) {
    const original = history[type];
    history[type] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      const event = new Event(type) as Event & { arguments?: unknown };
      event.arguments = args;
      dispatchEvent(event);
      return result;
    };
  }
  Object.defineProperty(window, PATCHED, { value: true });
}
