import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../ui';

/**
 * The status lines of the integrations and leads sections: the machine's error (with "Try again"
 * when the list failed to load), the spinner while it loads, and the empty message.
 */
export function SectionStatus({
  state,
  error,
  onRetry,
  empty,
  emptyTestId,
}: {
  state: string;
  /** A message id (the machines keep ids, translated here). */
  error: string | null | undefined;
  onRetry: () => void;
  empty: ReactNode;
  emptyTestId: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {error && (
        <p className="callout callout--danger" role="alert">
          {i18n._(error)}{' '}
          {state === 'failed' && (
            <Button size="sm" onClick={onRetry}>
              <Trans id="trigger.retry">Try again</Trans>
            </Button>
          )}
        </p>
      )}
      {state === 'loading' && <span className="spinner" aria-busy="true" />}
      {state === 'empty' && <p data-testid={emptyTestId}>{empty}</p>}
    </>
  );
}
