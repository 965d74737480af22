import type { ActorScope, AnyActorLogic, AnyEventObject, Snapshot } from 'xstate';

/**
 * An actor logic whose code loads when an actor of it first starts (a dynamic `import()`), so that a
 * child a machine always invokes need not be part of the app's first load (issue 14). Once loaded, the
 * actor IS the loaded logic's actor: its snapshot is that logic's (the views select from it as
 * before), it sends to its parent, spawns, ends and reports `xstate.done.actor.*` /
 * `xstate.error.actor.*` as that logic does. Until then its snapshot is a placeholder (`status`
 * active, plus the `placeholder` fields the views read, e.g. an empty `context`) and the events it
 * receives wait, in order, for the load. A load that fails ends the actor with that error (a later
 * actor tries again); once loaded, further actors of it start at once.
 */
export function lazyLogic<TLogic extends AnyActorLogic>(
  load: () => Promise<TLogic>,
  placeholder: (input: unknown) => Record<string, unknown> = () => ({}),
): TLogic {
  let loaded: AnyActorLogic | undefined;
  let loading: Promise<AnyActorLogic> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (logic) => (loaded = logic),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  type Waiting = Snapshot<unknown> & { [WAITING]: { input: unknown; events: AnyEventObject[] } };
  const waiting = (snapshot: unknown): snapshot is Waiting => typeof snapshot === 'object' && snapshot !== null && WAITING in snapshot;

  const logic = {
    getInitialSnapshot(scope: ActorScope<never, never>, input: unknown) {
      if (loaded) return loaded.getInitialSnapshot(scope as never, input);
      const snapshot = { ...placeholder(input), status: 'active', output: undefined, error: undefined, [WAITING]: { input, events: [] } };
      return snapshot;
    },
    start(snapshot: unknown, scope: ActorScope<never, never>) {
      if (!waiting(snapshot)) return loaded?.start?.(snapshot as never, scope as never);
      loadOnce().then(
        () => scope.self.send({ type: LOADED } as never),
        (error: unknown) => scope.self.send({ type: FAILED, error } as never),
      );
    },
    transition(snapshot: unknown, event: AnyEventObject, scope: ActorScope<never, never>) {
      if (!waiting(snapshot)) return (loaded as AnyActorLogic).transition(snapshot as never, event, scope as never);
      if (snapshot.status !== 'active') return snapshot;
      if (event.type === LOADED && loaded) {
        // The loaded logic starts from its initial state with the input, then takes the events that waited.
        let next = loaded.getInitialSnapshot(scope as never, snapshot[WAITING].input);
        for (const queued of snapshot[WAITING].events) {
          if ((next as Snapshot<unknown>).status !== 'active') break;
          next = loaded.transition(next, queued, scope as never);
        }
        // What the logic does when its actor starts (a machine starts its children), once this snapshot is in.
        const started = loaded;
        scope.defer(() => started.start?.(scope.self.getSnapshot() as never, scope as never));
        return next;
      }
      if (event.type === FAILED) return { ...snapshot, status: 'error', error: (event as { error?: unknown }).error };
      if (event.type === 'xstate.stop') return { ...snapshot, status: 'stopped' };
      return { ...snapshot, [WAITING]: { ...snapshot[WAITING], events: [...snapshot[WAITING].events, event] } };
    },
    getPersistedSnapshot(snapshot: unknown, options?: unknown) {
      return waiting(snapshot) || !loaded ? snapshot : loaded.getPersistedSnapshot(snapshot as never, options as never);
    },
  };
  return logic as unknown as TLogic;
}

const WAITING = '~lazy';
const LOADED = 'xstate.lazy.loaded';
const FAILED = 'xstate.lazy.failed';
