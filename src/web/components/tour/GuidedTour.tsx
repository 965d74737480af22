import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import type { PostLoginActorRef } from '../../../../machines/post-login.machine';
import { openingOf } from '../../../../machines/sign-up/host.machine';
import { tourMachine } from '../../../../machines/tour.machine';
import { TourSeenContentSchema } from '../../../contracts/account-requests';
import type { TourName } from '../../../contracts/accounts';
import { useApp, useWorkspace } from '../../app/context';
import { TourPopover } from './TourPopover';
import { TOURS } from './tours';

/**
 * A page's guided tour (SPEC §2: once per tour name): the tour machine with its real side effects —
 * the flag read from the stored user (the session check has just refreshed it from the server), and
 * written on the server's user record (`POST {api}/profile/tour`) and in the stored user, which every
 * other tab follows. A flag set elsewhere closes the tour here; while another modal is open (the modal
 * stack, the sign-up modal, the post-login steps) it waits hidden.
 */
export function GuidedTour({ name }: { name: TourName }) {
  const { api, auth, modals, signUpHost } = useApp();
  const workspace = useWorkspace();
  const steps = TOURS[name];
  const actor = useActorRef(
    tourMachine.provide({
      actors: {
        readSeen: fromPromise(async ({ input }) => auth.store.get()?.tour[input.name] === true),
        // Not aborted with the page: a tour finished just before leaving stays seen.
        markSeen: fromPromise(async ({ input }) => {
          const before = auth.store.get();
          if (before) auth.store.set({ ...before, tour: { ...before.tour, [input.name]: true } });
          const { tour } = await api.call('profile/tour', { method: 'POST', json: { name: input.name }, schema: TourSeenContentSchema });
          const after = auth.store.get();
          if (after) auth.store.set({ ...after, tour });
        }),
      },
    }),
    { input: { name, steps: steps.length } },
  );
  const seen = useSyncExternalStore(auth.store.subscribe, () => auth.store.get()?.tour[name] === true);
  useEffect(() => {
    if (seen) actor.send({ type: 'tour.seenElsewhere' });
  }, [seen, actor]);
  const stacked = useSelector(modals, (s) => s.context.stack.length > 0);
  const signingIn = useSelector(signUpHost, (s) => openingOf(s) !== null);
  const postLogin = useSelector(workspace, (s) => s?.context.postLogin ?? null) as PostLoginActorRef | null;
  if (stacked || signingIn) return null;
  const popover = <TourPopover actor={actor} steps={steps} />;
  return postLogin ? <AfterPostLogin actor={postLogin}>{popover}</AfterPostLogin> : popover;
}

/** Shows its children once the post-login steps (terms, usage context, consents) are over. */
function AfterPostLogin({ actor, children }: { actor: PostLoginActorRef; children: ReactNode }) {
  const running = useSelector(actor, (s) => !s.matches('idle'));
  return running ? null : children;
}
