import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../ui';
import './account-sections.css';

/** Pieces the three account sections share: the loading card, the failure card with a retry. */

export function LoadingCard({ title }: { title: ReactNode }) {
  return (
    <section className="account-card" aria-busy="true">
      <h2>{title}</h2>
      <span className="spinner" />
    </section>
  );
}

export function FailedCard({ title, onRetry }: { title: ReactNode; onRetry: () => void }) {
  return (
    <section className="account-card">
      <h2>{title}</h2>
      <p className="callout callout--danger" role="alert">
        <Trans id="account.sections.failed">This could not be loaded.</Trans>
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
