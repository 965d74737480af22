import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { SERVED_ACCOUNT_PATHS } from '../pages/routes';
import { ACCOUNT_MENU, access, type Viewer } from '../session/menu';
import { AppLink, hasSitePage } from './ui/AppLink';

export const ACCOUNT_LABELS: Record<string, MessageDescriptor> = {
  upgrade: msg({ id: 'menu.account.upgrade', message: 'Upgrade' }),
  info_profile: msg({ id: 'menu.account.info_profile', message: 'Personal details' }),
  security: msg({ id: 'menu.account.security', message: 'Security' }),
  notification: msg({ id: 'menu.account.notification', message: 'Notifications' }),
  privacy: msg({ id: 'menu.account.privacy', message: 'Privacy' }),
  dashboard: msg({ id: 'menu.account.dashboard', message: 'Dashboard' }),
  book: msg({ id: 'menu.account.book', message: 'Publications' }),
  stats: msg({ id: 'menu.account.stats', message: 'Statistics' }),
  favorite: msg({ id: 'menu.account.favorite', message: 'Favourites' }),
  comment: msg({ id: 'menu.account.comment', message: 'Comments' }),
  subscriber: msg({ id: 'menu.account.subscriber', message: 'Subscribers' }),
  folders: msg({ id: 'menu.account.folders', message: 'Folders' }),
  theme: msg({ id: 'menu.account.theme', message: 'Skins' }),
  background: msg({ id: 'menu.account.background', message: 'Backgrounds' }),
  logo: msg({ id: 'menu.account.logo', message: 'Logos' }),
  integration: msg({ id: 'menu.account.integration', message: 'Integrations' }),
  trigger: msg({ id: 'menu.account.trigger', message: 'Triggers' }),
  manager: msg({ id: 'menu.account.manager', message: 'Managed accounts' }),
  info_account: msg({ id: 'menu.account.info_account', message: 'Account details' }),
  account_center: msg({ id: 'menu.account.account_center', message: 'Account centre' }),
  order: msg({ id: 'menu.account.order', message: 'Orders' }),
  invoice: msg({ id: 'menu.account.invoice', message: 'Invoices' }),
  profile: msg({ id: 'menu.account.profile', message: 'Public profile' }),
  apikey: msg({ id: 'menu.account.apikey', message: 'API keys' }),
};

export interface AccountMenuPanelProps {
  id: string;
  name: string;
  email: string;
  viewer: Viewer;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The unfolded account menu (SPEC §2): gated items lead to /upgrade, user-only ones are removed. Loaded
 * on the first unfolding (it is not needed for the first paint); focuses its first item when shown.
 */
export default function AccountMenuPanel({ id, name, email, viewer, onClose, onLogout }: AccountMenuPanelProps) {
  const { i18n, t } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  // No dead ends: an entry shows only when its page exists here, and a locked one is a link only
  // when the page it leads to (/upgrade) exists.
  const visible = ACCOUNT_MENU.filter((item) => SERVED_ACCOUNT_PATHS.has(item.href) || hasSitePage(item.href))
    .map((item) => ({ item, state: access(item, viewer) }))
    .filter((x) => x.state !== 'removed');
  const upgradeServed = hasSitePage('/upgrade');
  return (
    <div
      className="account-menu__panel"
      id={id}
      ref={panel}
      role="menu"
      aria-label={t({ id: 'header.accountMenuLabel', message: 'Account' })}
    >
      <div className="account-menu__who" role="presentation">
        <strong>{name}</strong>
        <span>{email}</span>
      </div>
      {visible.map(({ item, state }) => {
        const label = i18n._(ACCOUNT_LABELS[item.key] ?? { id: item.key });
        const lock = state === 'locked' && (
          <span className="account-menu__lock" aria-hidden="true">
            🔒
          </span>
        );
        return state === 'locked' && !upgradeServed ? (
          <span key={item.href} role="menuitem" tabIndex={-1} className="account-menu__item account-menu__item--locked" aria-disabled>
            {label}
            {lock}
          </span>
        ) : (
          <AppLink
            key={item.href}
            href={state === 'locked' ? '/upgrade' : item.href}
            role="menuitem"
            tabIndex={-1}
            className={`account-menu__item${state === 'locked' ? ' account-menu__item--locked' : ''}`}
            aria-disabled={state === 'locked' || undefined}
            onClick={onClose}
          >
            {label}
            {lock}
          </AppLink>
        );
      })}
      <button type="button" role="menuitem" tabIndex={-1} className="account-menu__item account-menu__logout" onClick={onLogout}>
        <Trans id="header.logout">Log out</Trans>
      </button>
    </div>
  );
}
