import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../contracts/bytes';
import { PLAN_LABELS } from '../account-nav/labels';
import { formatDate } from '../account-sections/shared';

/** A number in the reader's language. */
export const formatNumber = (n: number, locale: string) => new Intl.NumberFormat(locale || 'en').format(n);

/** An account's plan as a badge. */
export function ModeBadge({ mode }: { mode: string }) {
  const { i18n } = useLingui();
  const plan = mode === 'PLATINUM' || mode === 'PREMIUM' ? mode : 'FREE';
  return <span className={`managers-mode managers-mode--${plan.toLowerCase()}`}>{i18n._(PLAN_LABELS[plan])}</span>;
}

/** What a managed account's figures hold: the managed accounts' list shows the first three, the account centre all. */
export interface AccountFiguresOf {
  publications: number;
  readers_month: number;
  last_activity: number | null;
  views_month?: number;
  pages?: number;
  storage_bytes?: number;
}

function Figure({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * The figures of a managed account, or of all of them (the account centre's totals: the same terms, so
 * they read like a row), in one order; the figures a list does not have are left out. Test ids are
 * `<testPrefix>-<figure>`.
 */
export function AccountFigures({ figures, testPrefix }: { figures: AccountFiguresOf; testPrefix: string }) {
  const { i18n } = useLingui();
  const number = (n: number) => formatNumber(n, i18n.locale);
  return (
    <dl className="managers-figures">
      <Figure label={<Trans id="manager.child.publications">Publications</Trans>} testId={`${testPrefix}-publications`}>
        {number(figures.publications)}
      </Figure>
      {figures.views_month !== undefined && (
        <Figure label={<Trans id="center.views">Views this month</Trans>} testId={`${testPrefix}-views`}>
          {number(figures.views_month)}
        </Figure>
      )}
      <Figure label={<Trans id="manager.child.readers">Readers this month</Trans>} testId={`${testPrefix}-readers`}>
        {number(figures.readers_month)}
      </Figure>
      {figures.pages !== undefined && (
        <Figure label={<Trans id="center.pages">Pages</Trans>} testId={`${testPrefix}-pages`}>
          {number(figures.pages)}
        </Figure>
      )}
      {figures.storage_bytes !== undefined && (
        <Figure label={<Trans id="center.storage">Storage used</Trans>} testId={`${testPrefix}-storage`}>
          {formatBytes(figures.storage_bytes, i18n.locale || 'en')}
        </Figure>
      )}
      <Figure label={<Trans id="manager.child.activity">Last activity</Trans>} testId={`${testPrefix}-activity`}>
        {figures.last_activity === null ? (
          <Trans id="manager.child.activity.none">None yet</Trans>
        ) : (
          formatDate(figures.last_activity, i18n.locale)
        )}
      </Figure>
    </dl>
  );
}
