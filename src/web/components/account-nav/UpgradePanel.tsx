import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AccountMode } from '../../../contracts/accounts';
import { type MenuItem, unlockingMode, type Viewer } from '../../../contracts/gating';
import { hasSitePage } from '../ui/AppLink';
import { ButtonLink } from '../ui/Button';
import { LockIcon } from '../ui/icons';
import { ACCOUNT_LABELS, PLAN_LABELS } from './labels';
import './account-nav.css';

export interface UpgradePanelProps {
  /** The locked page (or feature) of the gating table. */
  item: Pick<MenuItem, 'key' | 'gates'>;
  viewer: Viewer;
  /** A smaller panel inside another view (the settings modal's trigger tab). */
  compact?: boolean;
}

/**
 * What a page the viewer's plan does not include shows instead of itself (SPEC §4 feature gating: a
 * gated element leads to /upgrade): its name, the plan that includes it ("part of Premium") or, when the
 * plan is not what holds it back (a demo account), that this account does not include it, and the way
 * to the plans. The page's own calls are never made (the server would refuse them: featureLocked).
 */
export function UpgradePanel({ item, viewer, compact = false }: UpgradePanelProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const page = i18n._(ACCOUNT_LABELS[item.key] ?? { id: item.key });
  const needed: AccountMode | undefined = unlockingMode(item, viewer);
  const plan = needed ? i18n._(PLAN_LABELS[needed]) : '';
  const yours = i18n._(PLAN_LABELS[viewer.mode]);
  const Heading = compact ? 'h3' : 'h2';
  return (
    <section
      className={`account-card upgrade-panel${compact ? ' upgrade-panel--compact' : ''}`}
      aria-labelledby={titleId}
      data-testid="upgrade-panel"
      data-page={item.key}
    >
      <span className="upgrade-panel__badge">
        <LockIcon size={compact ? 20 : 28} />
      </span>
      <div className="upgrade-panel__body">
        <Heading id={titleId}>{page}</Heading>
        <p className="upgrade-panel__lead">
          {needed ? (
            <Trans id="account.locked.partOf">
              “{page}” is part of the {plan} plan.
            </Trans>
          ) : (
            <Trans id="account.locked.notIncluded">“{page}” is not included in this account.</Trans>
          )}
        </p>
        <p className="upgrade-panel__plan">
          <Trans id="account.locked.yourPlan">Your plan: {yours}</Trans>
        </p>
        {hasSitePage('/upgrade') && (
          <div className="account-actions">
            <ButtonLink href="/upgrade" variant="primary">
              {needed ? (
                <Trans id="account.locked.upgradeTo">Upgrade to {plan}</Trans>
              ) : (
                <Trans id="account.locked.seePlans">See the plans</Trans>
              )}
            </ButtonLink>
          </div>
        )}
      </div>
    </section>
  );
}
