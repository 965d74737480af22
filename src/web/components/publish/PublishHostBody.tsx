import { useSelector } from '@xstate/react';
import type { PublishModalActorRef } from '../../../../machines/publish-modal.machine';
import { useWorkspace } from '../../app/context';
import { ProxyErrorModal } from './ProxyErrorModal';
import { PublishModal } from './PublishModal';

/**
 * SPEC §2: the publish modal of the publish route and the proxy-error modal of the current batch,
 * wherever the user is. The app root's signed-in part (machines/workspace.machine.ts) opens the modal (signed in, files not
 * still being sent), starts the batch with its files or goes back, and replaces or stops batches; this
 * only renders them. Loaded lazily by PublishHost.
 */
export default function PublishHostBody() {
  const workspace = useWorkspace();
  const modal = useSelector(workspace, (s) => s?.context.publishModal ?? null) as PublishModalActorRef | null;
  const batch = useSelector(workspace, (s) => s?.context.batch ?? null);
  return (
    <>
      {modal && <PublishModal key={modal.sessionId} actor={modal} />}
      {batch && <ProxyErrorModal actor={batch} />}
    </>
  );
}
