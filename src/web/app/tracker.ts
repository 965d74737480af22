/**
 * The marketing tracker (SPEC §7: pushed client-side only). One interface for the events the spec
 * names; no-op unless QUIRE_TRACKER names a global array (a `dataLayer`), which then receives one
 * plain object per event for whatever tag manager the site runs. Called from machine actions that the
 * app provides (src/web/app/actors.ts), never from components.
 */

/** An upgrade order (billing fills in more as it arrives). */
export interface UpgradeOrder {
  /** The plan ordered: PREMIUM or PLATINUM. */
  plan: string;
  /** Billing period, when chosen. */
  period?: 'month' | 'year';
}

export interface Tracker {
  /** After sign-in: who the user is. */
  identify(user: { email: string; language: string }): void;
  upgradeOrderStarted(order: UpgradeOrder): void;
  upgradeOrderSubmitted(order: UpgradeOrder): void;
  upgradeOrderCompleted(order: UpgradeOrder): void;
  /** An account activated with the professional usage context. */
  proActivation(): void;
}

export const noopTracker: Tracker = Object.freeze({
  identify: () => {},
  upgradeOrderStarted: () => {},
  upgradeOrderSubmitted: () => {},
  upgradeOrderCompleted: () => {},
  proActivation: () => {},
});

/** The event names pushed to the data layer. */
export const TRACKER_EVENTS = {
  identify: 'identify',
  upgradeOrderStarted: 'upgrade_order_started',
  upgradeOrderSubmitted: 'upgrade_order_submitted',
  upgradeOrderCompleted: 'upgrade_order_completed',
  proActivation: 'pro_account_activation',
} as const;

/** A tracker pushing `{ event, ...data }` objects to a data layer. */
export function dataLayerTracker(layer: { push(item: Record<string, unknown>): unknown }): Tracker {
  const push = (event: string, data: object = {}) => {
    try {
      layer.push({ event, ...data });
    } catch {
      // A broken tag manager never breaks the app.
    }
  };
  return {
    identify: ({ email, language }) => push(TRACKER_EVENTS.identify, { email, language }),
    upgradeOrderStarted: (order) => push(TRACKER_EVENTS.upgradeOrderStarted, order),
    upgradeOrderSubmitted: (order) => push(TRACKER_EVENTS.upgradeOrderSubmitted, order),
    upgradeOrderCompleted: (order) => push(TRACKER_EVENTS.upgradeOrderCompleted, order),
    proActivation: () => push(TRACKER_EVENTS.proActivation),
  };
}

/** The configured tracker: the no-op one, or a data layer named by the client config's `tracker`. */
export function createTracker(name: string, win: Window | null): Tracker {
  if (!name || !win) return noopTracker;
  const scope = win as unknown as Record<string, unknown>;
  const existing = scope[name];
  const layer = Array.isArray(existing) ? existing : [];
  if (layer !== existing) scope[name] = layer;
  return dataLayerTracker(layer as unknown[] & { push(item: Record<string, unknown>): unknown });
}
