import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Account, Profile } from '../../contracts/accounts';
import { accountEntries, viewerOfUser } from '../session/menu';
import { ACCOUNT_LABELS } from './account-nav/labels';
import { AppLink } from './ui/AppLink';
import { LockIcon } from './ui/icons';

export { ACCOUNT_LABELS } from './account-nav/labels';

export interface AccountMenuPanelProps {
  id: string;
  account: Pick<Account, 'name' | 'mode' | 'type' | 'expiration'>;
  profile: Pick<Profile, 'email' | 'has_subscriptions'>;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The unfolded account menu (SPEC §2): the entries of the one gating table the account navigation shows
 * too (session/menu.ts `accountEntries`): a locked one leads to /upgrade with a lock, a removed one is not
 * there. Loaded on the first unfolding (it is not needed for the first paint); focuses its first item.
 */
export default function AccountMenuPanel({ id, account, profile, onClose, onLogout }: AccountMenuPanelProps) {
  const { i18n, t } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  // No dead ends: an entry shows only when its page exists here (and /upgrade, where locked ones lead, is a site page).
  const entries = accountEntries(viewerOfUser({ account, profile }), account.expiration, Date.now());
  const lockedNote = t({ id: 'account.nav.locked', message: 'upgrade needed' });
  return (
    <div
      className="account-menu__panel"
      id={id}
      ref={panel}
      role="menu"
      aria-label={t({ id: 'header.accountMenuLabel', message: 'Account' })}
    >
      <div className="account-menu__who" role="presentation">
        <strong>{account.name}</strong>
        <span>{profile.email}</span>
      </div>
      {entries.map(({ item, access }) => {
        const locked = access === 'locked';
        return (
          <AppLink
            key={item.href}
            href={locked ? '/upgrade' : item.href}
            role="menuitem"
            tabIndex={-1}
            className={`account-menu__item${locked ? ' account-menu__item--locked' : ''}`}
            data-access={access}
            data-page={item.key}
            onClick={onClose}
          >
            {i18n._(ACCOUNT_LABELS[item.key] ?? { id: item.key })}
            {locked && (
              <span className="account-menu__lock">
                <LockIcon />
                <span className="visually-hidden">, {lockedNote}</span>
              </span>
            )}
          </AppLink>
        );
      })}
      <button type="button" role="menuitem" tabIndex={-1} className="account-menu__item account-menu__logout" onClick={onLogout}>
        <Trans id="header.logout">Log out</Trans>
      </button>
    </div>
  );
}
