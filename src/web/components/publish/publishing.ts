import { createActor } from 'xstate';
import type { PublishRequest } from '../../../../machines/publish/types';
import type { UploadActorRef } from '../../../../machines/upload.machine';
import type { PublishingDeps } from './publishing-deps';

export { BOOKS_PATH, type PublishingDeps, UPLOAD_PATH } from './publishing-deps';

/**
 * The app's publishing batch: the publish modal hands its files over here (in memory — files
 * cannot travel in a URL) and the upload page renders the batch. It lives at app level, so the
 * uploads go on when the user looks at another page meanwhile. A new batch replaces the previous
 * one (the publish route waits while files are still being sent); sign-out drops it.
 */
export function createPublishing(deps: PublishingDeps) {
  // The machine and its side effects are loaded with the first batch (they are not needed to show the app).
  let machine: Promise<ReturnType<typeof import('./publishing-machine').createUploadMachine>> | null = null;
  const loadMachine = () => {
    machine ??= import('./publishing-machine').then((m) => m.createUploadMachine(deps));
    return machine;
  };
  let batch: UploadActorRef | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const clear = () => {
    if (!batch) return;
    const old = batch;
    batch = null;
    old.stop();
    notify();
  };

  return {
    /** The current batch (null: nothing to show). Stable between changes, for useSyncExternalStore. */
    get: (): UploadActorRef | null => batch,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Files are still being sent: a second batch waits (the publish route shows this one instead). */
    isSending: () => batch?.getSnapshot().matches({ active: { transfer: 'sending' } }) ?? false,
    /** Starts a batch (SPEC §7 start_time = now) and replaces the previous one. */
    start: async (request: PublishRequest): Promise<void> => {
      const startTime = Date.now();
      const uploadMachine = await loadMachine();
      clear();
      const actor = createActor(uploadMachine, { input: { ...request, startTime } });
      // A finished batch stays until the next one (or sign-out): dropping it at once would flash the
      // empty upload page for a frame while the redirect to the book list happens.
      actor.subscribe({
        error: () => {
          if (batch === actor) clear();
        },
      });
      batch = actor;
      actor.start();
      notify();
    },
    /** Stops and forgets the batch (sign-out). */
    clear,
    /** Loads the upload machine ahead of the first batch (the publish modal opened). */
    preload: () => {
      void loadMachine();
    },
  };
}

export type Publishing = ReturnType<typeof createPublishing>;
