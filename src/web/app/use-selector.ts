import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * `useSelector` of @xstate/react for the views of the app's first load (issue 14): the same contract
 * (the selection of the actor's snapshot, re-rendering when it changes by `compare`; an actor in
 * error throws its error; no actor: the selector gets `undefined`) on React's own
 * useSyncExternalStore, without @xstate/react and its use-sync-external-store/with-selector in the
 * first load. The lazily loaded views keep @xstate/react (useActorRef, useMachine …).
 */
export function useSelector<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, T>(
  actor: TActor,
  selector: (snapshot: TActor extends AnyActorRef ? SnapshotFrom<TActor> : undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (changed: () => void) => (actor ? actor.subscribe({ next: changed, error: changed }).unsubscribe : () => {}),
    [actor],
  );
  // The last snapshot and selector seen, and their selection: a selection equal to the last one is the last one.
  const memo = useRef<{ snapshot: unknown; selector: unknown; value: T } | null>(null);
  const select = () => {
    const snapshot = actor?.getSnapshot();
    if (snapshot && snapshot.status === 'error') throw snapshot.error;
    const last = memo.current;
    if (last && last.snapshot === snapshot && last.selector === selector) return last.value;
    const value = selector(snapshot);
    memo.current = { snapshot, selector, value: last && compare(last.value, value) ? last.value : value };
    return memo.current.value;
  };
  return useSyncExternalStore(subscribe, select, select);
}
