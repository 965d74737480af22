import { useSelector } from '@xstate/react';
import type { PublishModalActorRef } from '../../../../machines/publish-modal.machine';
import { useApp } from '../../app/context';
import { ProxyErrorModal } from './ProxyErrorModal';
import { PublishModal } from './PublishModal';

/**
 * SPEC §2: the publish modal of the publish route and the proxy-error modal of the current batch,
 * wherever the user is. The app root (machines/app.machine.ts) opens the modal (signed in, files not
 * still being sent), starts the batch with its files or goes back, and replaces or stops batches; this
 * only renders them. Loaded lazily by PublishHost.
 */
export default function PublishHostBody() {
  const { app } = useApp();
  const modal = useSelector(app, (s) => s.context.publishModal) as PublishModalActorRef | null;
  const batch = useSelector(app, (s) => s.context.batch);
  return (
    <>
      {modal && <PublishModal key={modal.sessionId} actor={modal} />}
      {batch && <ProxyErrorModal actor={batch} />}
    </>
  );
}
