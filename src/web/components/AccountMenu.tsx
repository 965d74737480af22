import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Account, Profile } from '../../contracts/accounts';

/** The unfolded menu loads on first use: it is not part of the first paint (initial JS budget). */
const AccountMenuPanel = lazy(() => import('./AccountMenuPanel'));

export interface AccountMenuProps {
  /** The signed-in account: its name, picture, and what its gating reads (mode, type, expiration). */
  account: Pick<Account, 'name' | 'mode' | 'type' | 'expiration' | 'image'>;
  profile: Pick<Profile, 'email' | 'has_subscriptions'>;
  onLogout: () => void;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/**
 * Avatar button and account menu (SPEC §2): gated items lead to /upgrade, user-only ones are removed. The
 * panel reads the gating table itself (it loads on the first unfolding), so the header carries none of it.
 */
export function AccountMenu({ account, profile, onLogout }: AccountMenuProps) {
  const { t } = useLingui();
  const name = account.name;
  const avatar = account.image.small;
  // Presentation only: whether the dropdown is unfolded.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
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
        <Suspense fallback={null}>
          <AccountMenuPanel id={menuId} account={account} profile={profile} onClose={() => setOpen(false)} onLogout={onLogout} />
        </Suspense>
      )}
    </div>
  );
}
