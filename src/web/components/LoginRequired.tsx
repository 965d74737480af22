import { Trans } from '@lingui/react/macro';
import { useApp } from '../app/context';
import { Button, Modal } from './ui';

/**
 * The hook for pages that require login (router state `loginRequired`): a non-closeable modal whose
 * dismissal goes to the site root. The accounts issue replaces its body with the sign-up modal.
 */
export function LoginRequired() {
  const { router, modals } = useApp();
  return (
    <Modal
      open
      title={<Trans id="auth.required.title">Sign in to continue</Trans>}
      onEscape={() => modals.send({ type: 'key.escape' })}
      footer={
        <Button variant="primary" onClick={() => router.send({ type: 'user.dismissLogin' })}>
          <Trans id="auth.required.home">Back to the home page</Trans>
        </Button>
      }
    >
      <p>
        <Trans id="auth.required.body">
          This page is for members. Sign-in and registration open here with the next release of this Quire server.
        </Trans>
      </p>
    </Modal>
  );
}
