import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../ui';
import './account-sections.css';

/** Pieces the account sections share: the loading card, the failure card with a retry. */

/** `className` adds a section's own card class (`profile-card`). */
export function LoadingCard({ title, className }: { title: ReactNode; className?: string }) {
  return (
    <section className={className ? `account-card ${className}` : 'account-card'} aria-busy="true">
      <h2>{title}</h2>
      <span className="spinner" />
    </section>
  );
}

/** `error`: the message id of the reason, when the call said one; else the generic failure. */
export function FailedCard({
  title,
  onRetry,
  error,
  className,
}: {
  title: ReactNode;
  onRetry: () => void;
  error?: string | null;
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <section className={className ? `account-card ${className}` : 'account-card'}>
      <h2>{title}</h2>
      <p className="callout callout--danger" role="alert">
        {error ? i18n._(error) : <Trans id="account.sections.failed">This could not be loaded.</Trans>}
      </p>
      <div className="account-actions">
        <Button onClick={onRetry}>
          <Trans id="account.sections.retry">Try again</Trans>
        </Button>
      </div>
    </section>
  );
}

/** A date (epoch ms) in the reader's language. */
export const formatDate = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale || 'en', { dateStyle: 'medium' }).format(new Date(ms));
