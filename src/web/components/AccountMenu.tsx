import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ACCOUNT_MENU, access, type Viewer } from '../session/menu';

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

export interface AccountMenuProps {
  name: string;
  email: string;
  avatar: string | null;
  viewer: Viewer;
  onLogout: () => void;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** Avatar button and account menu (SPEC §2): gated items lead to /upgrade, user-only ones are removed. */
export function AccountMenu({ name, email, avatar, viewer, onLogout }: AccountMenuProps) {
  const { i18n, t } = useLingui();
  // Presentation only: whether the dropdown is unfolded.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const onKey = (e: KeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  const visible = ACCOUNT_MENU.map((item) => ({ item, state: access(item, viewer) })).filter((x) => x.state !== 'removed');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard navigation of the menu items (WAI-ARIA menu button pattern)
    <div className="account-menu" ref={root} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // With initials shown, the name holds them too (speech input names the button by what it sees).
        aria-label={`${t({ id: 'header.accountMenu', message: `Account menu of ${name}` })}${avatar ? '' : `, ${initials(name)}`}`}
        onClick={() => setOpen(!open)}
      >
        {avatar ? <img className="avatar" src={avatar} alt="" /> : <span className="avatar avatar--initials">{initials(name)}</span>}
      </button>
      {open && (
        <div className="account-menu__panel" id={menuId} role="menu" aria-label={t({ id: 'header.accountMenuLabel', message: 'Account' })}>
          <div className="account-menu__who" role="presentation">
            <strong>{name}</strong>
            <span>{email}</span>
          </div>
          {visible.map(({ item, state }) => (
            <Link
              key={item.href}
              href={state === 'locked' ? '/upgrade' : item.href}
              role="menuitem"
              tabIndex={-1}
              className={`account-menu__item${state === 'locked' ? ' account-menu__item--locked' : ''}`}
              aria-disabled={state === 'locked' || undefined}
              onClick={() => setOpen(false)}
            >
              {i18n._(ACCOUNT_LABELS[item.key] ?? { id: item.key })}
              {state === 'locked' && (
                <span className="account-menu__lock" aria-hidden="true">
                  🔒
                </span>
              )}
            </Link>
          ))}
          <button type="button" role="menuitem" tabIndex={-1} className="account-menu__item account-menu__logout" onClick={onLogout}>
            <Trans id="header.logout">Log out</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
