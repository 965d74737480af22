import { type ActorRefFrom, setup } from 'xstate';
import { ALERT_CLOSE_ANIMATION_MS, ALERT_DELAY, ALERT_FADE_IN_MS, ALERT_STAGGER_MS, ALERT_TYPES } from './constants';

/** What a caller asks for (SPEC §3 Alert): severity or display type, message id, request id, delay, closable. */
export type AlertLevel = 'info' | 'success' | 'warning' | 'danger' | 'error' | 'fatal';
export type AlertType = (typeof ALERT_TYPES)[number];
export interface MessageRef {
  id: string;
  values?: Record<string, string | number>;
}
export interface AlertRequest {
  type?: AlertLevel | string;
  message: MessageRef;
  requestId?: string;
  /** Milliseconds before it closes by itself; null never. Defaults to the severity's delay. */
  delay?: number | null;
  closable?: boolean;
}
export interface AlertInput extends AlertRequest {
  key: string;
  /** Position in the stack when it was pushed: each stacked alert waits ALERT_STAGGER_MS longer. */
  stackIndex: number;
}
export interface AlertContext {
  key: string;
  type: AlertType;
  message: MessageRef;
  requestId: string | undefined;
  delay: number | null;
  closable: boolean;
}

/**
 * SPEC §8/§5: error is shown as warning (3 s), fatal as danger with no auto-close and no close button;
 * any other unknown type falls back to info. Stacked alerts stay ALERT_STAGGER_MS longer per position.
 */
export function normalizeAlert(input: AlertInput): AlertContext {
  const level = input.type ?? 'info';
  const fatal = level === 'fatal';
  const type: AlertType =
    level === 'error' ? 'warning' : fatal ? 'danger' : (ALERT_TYPES as readonly string[]).includes(level) ? (level as AlertType) : 'info';
  const base = input.delay !== undefined && !fatal ? input.delay : ALERT_DELAY[type];
  return {
    key: input.key,
    type,
    message: input.message,
    requestId: input.requestId,
    delay: base === null ? null : base + ALERT_STAGGER_MS * Math.max(0, input.stackIndex),
    closable: fatal ? false : (input.closable ?? true),
  };
}

/** One alert: fades in after a short delay, stays, then closes by itself or by its close button. */
export const alertMachine = setup({
  types: {
    context: {} as AlertContext,
    input: {} as AlertInput,
    events: {} as { type: 'user.close' } | { type: 'alert.dismiss' },
  },
  delays: {
    fadeIn: ALERT_FADE_IN_MS,
    autoClose: ({ context }) => context.delay ?? 0,
    closeAnimation: ALERT_CLOSE_ANIMATION_MS,
  },
  guards: {
    autoCloses: ({ context }) => context.delay !== null,
    closable: ({ context }) => context.closable,
  },
}).createMachine({
  id: 'alert',
  output: ({ context }) => ({ key: context.key }),
  context: ({ input }) => normalizeAlert(input),
  initial: 'entering',
  on: {
    // The queue removes alerts programmatically (route change, clear); also fatal ones.
    'alert.dismiss': { target: '.closing' },
  },
  states: {
    entering: {
      after: {
        fadeIn: [{ guard: 'autoCloses', target: 'timed' }, { target: 'sticky' }],
      },
    },
    timed: {
      after: { autoClose: { target: 'closing' } },
      on: { 'user.close': { guard: 'closable', target: 'closing' } },
    },
    sticky: {
      on: { 'user.close': { guard: 'closable', target: 'closing' } },
    },
    closing: {
      after: { closeAnimation: { target: 'closed' } },
    },
    // The queue sees `xstate.done.actor.<key>` and removes the alert.
    closed: { type: 'final' },
  },
});

/** A running alertMachine, as the views get it. */
export type AlertActorRef = ActorRefFrom<typeof alertMachine>;
