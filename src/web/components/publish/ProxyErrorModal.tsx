import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { UploadActorRef } from '../../../../machines/upload.machine';
import { Button, Modal } from '../ui';
import './publish.css';

/**
 * SPEC §2, §8: network status 0 while publishing — a proxy, a firewall or the connection dropped
 * the upload. One at a time (the upload machine ignores more while it shows); OK goes to the book list.
 */
export function ProxyErrorModal({ actor }: { actor: UploadActorRef }) {
  const open = useSelector(actor, (s) => s.matches({ active: { proxy: 'shown' } }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirmProxyError' }));
  const confirm = () => actor.send({ type: 'user.confirmProxyError' });
  return (
    <Modal
      open={open}
      title={<Trans id="publish.proxy.title">The upload could not reach Quire</Trans>}
      onEscape={confirm}
      footer={
        <Button variant="primary" onClick={confirm} disabled={!canConfirm} autoFocus>
          <Trans id="publish.proxy.ok">OK</Trans>
        </Button>
      }
    >
      <div className="proxy-error">
        <p>
          <Trans id="publish.proxy.text">
            The connection was interrupted before the server answered. A proxy, a firewall or an unstable network may be blocking uploads.
          </Trans>
        </p>
        <p>
          <Trans id="publish.proxy.next">
            Check your connection and try again. Your publications list shows every document that arrived.
          </Trans>
        </p>
      </div>
    </Modal>
  );
}
