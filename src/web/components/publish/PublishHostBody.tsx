import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import { publishModalMachine } from '../../../../machines/publish-modal.machine';
import { maxFilesFor } from '../../../contracts/books';
import { useApp } from '../../app/context';
import { ProxyErrorModal } from './ProxyErrorModal';
import { PublishModal } from './PublishModal';
import { UPLOAD_PATH } from './publishing';

/**
 * SPEC §2: the publish route opens the publish modal when logged in (logged out, the router's
 * login-required hook shows the sign-up modal first). One modal actor per opening; its output either
 * starts a batch and goes to the upload page, or closes back to the page the user came from.
 * Also shows the proxy-error modal of the current batch, wherever the user is. Loaded lazily by
 * PublishHost, only on the publish route or while a batch exists.
 */
export default function PublishHostBody() {
  const { router, session, auth, publishing } = useApp();
  const [, navigate] = useLocation();
  const route = useSelector(router, (s) => s.context.route);
  const ready = useSelector(router, (s) => s.matches('ready'));
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const batch = useSyncExternalStore(publishing.subscribe, publishing.get);
  const sending = useSelector(batch ?? undefined, (s) => s?.matches({ active: { transfer: 'sending' } }) ?? false);

  // Where closing the modal returns to.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (route && route.page.name !== 'publish') previous.current = route.path;
  }, [route]);

  const onPublishRoute = ready && loggedIn && route?.page.name === 'publish' && user !== null;
  // Files are still being sent: the publish route shows that batch rather than a second modal.
  useEffect(() => {
    if (onPublishRoute && sending) navigate(UPLOAD_PATH, { replace: true });
  }, [onPublishRoute, sending, navigate]);

  const input =
    onPublishRoute && !sending && user ? { maxFiles: maxFilesFor(user.account.mode), filesize: user.account.limits.filesize } : null;
  const key = input ? `${input.maxFiles}|${input.filesize}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one modal actor per opening (key)
  const actor = useMemo(() => (input ? createActor(publishModalMachine, { input }) : null), [key]);

  useEffect(() => {
    if (!actor) return;
    const sub = actor.subscribe({
      complete: () => {
        const out = actor.getSnapshot().output;
        if (out?.kind === 'submitted') {
          void publishing
            .start({ files: out.files, publishingMode: out.publishingMode })
            .then(() => navigate(UPLOAD_PATH, { replace: true }));
        } else navigate(previous.current ?? '/', { replace: true });
      },
    });
    actor.start();
    publishing.preload();
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  }, [actor, navigate, publishing]);

  return (
    <>
      {actor && <PublishModal actor={actor} />}
      {batch && <ProxyErrorModal actor={batch} />}
    </>
  );
}
