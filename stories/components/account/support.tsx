import { type ReactNode, useEffect, useMemo } from 'react';
import { type AnyActorRef, type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { Header } from '../../../src/web/components/Header';
import { StoryApp, type StoryState } from '../../support/StoryApp';

/**
 * Story helpers of the account views: actors put in a wanted state with `machine.resolveState`
 * (TECH-NOTES: no invoke or timer runs), with invoked children restored in their own states, then
 * started so the story stays interactive (typing and toggling go through the real machine).
 */

export interface ChildState {
  /** Key of the logic in the parent's `setup({ actors })` (defaults to the child id). */
  src?: string;
  machine: AnyStateMachine;
  value: unknown;
  context: unknown;
}

/** A started actor at `value`/`context`, with `children` (invoke id → state) restored in place. */
export function restoredActor<M extends AnyStateMachine>(
  machine: M,
  value: unknown,
  context: unknown,
  children: Record<string, ChildState> = {},
  input?: unknown,
) {
  const parent = machine.resolveState({ value, context } as never);
  const restored = Object.fromEntries(
    Object.entries(children).map(([id, c]) => [
      id,
      { src: c.src ?? id, snapshot: c.machine.resolveState({ value: c.value, context: c.context } as never) },
    ]),
  );
  return createActor(machine, { snapshot: { ...parent, children: restored }, input } as never).start();
}

/** A promise actor that never settles: submits in stories stay busy instead of calling anything. */
export const never = <T = unknown, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

/**
 * Builds the story's actors once per `deps` (the story's JSON args) and stops them on unmount; renders
 * `children(actors)` over a page with the real header, as the modals appear in the app.
 */
export function WithActors<T extends Record<string, AnyActorRef | undefined>>({
  build,
  deps,
  state,
  children,
}: {
  build: () => T;
  deps: unknown;
  /** The app around the story (e.g. its client configuration). */
  state?: StoryState;
  children: (actors: T) => ReactNode;
}) {
  const key = JSON.stringify(deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set of actors per story args (key).
  const actors = useMemo(build, [key]);
  useEffect(
    () => () => {
      for (const a of Object.values(actors)) a?.stop();
    },
    [actors],
  );
  return (
    <StoryApp state={state}>
      <Header />
      <main className="container" style={{ minHeight: '60vh', paddingTop: 32 }}>
        <div className="book" aria-hidden="true" style={{ maxWidth: 420, margin: '48px auto', opacity: 0.5 }}>
          <div className="book__page book__page--left" />
          <div className="book__page book__page--right" />
        </div>
      </main>
      {children(actors)}
    </StoryApp>
  );
}
