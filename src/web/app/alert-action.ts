import {
  type ActionFunction,
  type EventObject,
  enqueueActions,
  type MachineContext,
  type ParameterizedObject,
  type ProvidedActor,
} from 'xstate';
import type { AlertRequest } from '../../../machines/alert.machine';
import type { AlertsActorRef } from '../../../machines/alerts.machine';

/** The alert queue: the app root's child under the system id `alerts` (machines/app.machine.ts). */
export type AlertsOf = () => AlertsActorRef | undefined;

/**
 * A provided action that shows an alert: a built-in send to the alert queue, delivered once the
 * sending actor's step is over. Never `alerts.send()` inside a custom action: the queue would then
 * run its own step inside the sender's action, which xstate reports as "Custom actions should not
 * call `assign()` directly" (statelyai/xstate#5343), and the two steps would interleave.
 */
export function alertAction<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined,
  TEvent extends EventObject,
  TActor extends ProvidedActor,
  TAction extends ParameterizedObject,
  TGuard extends ParameterizedObject,
  TDelay extends string,
  TEmitted extends EventObject,
>(
  alerts: AlertsOf,
  alert: AlertRequest,
): ActionFunction<TContext, TExpressionEvent, TEvent, TParams, TActor, TAction, TGuard, TDelay, TEmitted> {
  return enqueueActions(({ enqueue }) => {
    const queue = alerts();
    if (queue) enqueue.sendTo(queue, { type: 'alert.push', alert });
  });
}
