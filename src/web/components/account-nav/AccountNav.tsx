import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { MENU_GROUPS, type MenuEntry } from '../../../contracts/gating';
import { AppLink } from '../ui/AppLink';
import { ChevronIcon, LockIcon } from '../ui/icons';
import { ACCOUNT_LABELS, GROUP_LABELS } from './labels';
import './account-nav.css';

/** The phone layout's width (SPEC §2: mobile at 745 px or less), as account-nav.css switches to the drawer. */
const PHONE = '(max-width: 745px)';
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE).matches;

export interface AccountNavProps {
  /** The entries of the one gating table (session/menu.ts `accountEntries`): the avatar menu shows the same. */
  entries: readonly MenuEntry[];
  /** The page shown (`/account/book`): marked `aria-current="page"`. */
  current: string;
  /** Start with the phone drawer open (stories). */
  initiallyOpen?: boolean;
}

/**
 * The account navigation: the avatar menu's entries grouped by what they are for (the gating table's
 * `group`: publications, audience, branding, account, developers, billing). A side navigation on
 * desktop; on phones (≤ 745 px) a drawer that the button above the page opens and closes. An enabled
 * entry opens its page, a locked one leads to /upgrade with a lock; removed ones are not there.
 */
export function AccountNav({ entries, current, initiallyOpen = false }: AccountNavProps) {
  const { t, i18n } = useLingui();
  // Presentation only: whether the phone drawer is open.
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Presentation only: the dashboard tour's first step points at what shows of the navigation (the
  // drawer's button on phones, the first group beside the page on desktop), not at the whole column.
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const tour = (here: boolean) => (here ? { 'data-tour': 'dashboard-sections' } : {});
  const label = (key: string) => i18n._(ACCOUNT_LABELS[key] ?? { id: key });
  const currentEntry = entries.find((e) => e.item.href === current);
  const currentKey = currentEntry?.item.key ?? current.split('/')[2] ?? 'dashboard';
  const lockedNote = t({ id: 'account.nav.locked', message: 'upgrade needed' });
  const groups = MENU_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.item.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  return (
    <nav className="account-nav" aria-label={t({ id: 'account.nav.label', message: 'Account sections' })} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="account-nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        {...tour(phone)}
      >
        <span className="account-nav__toggle-text">
          <span className="account-nav__toggle-hint">{t({ id: 'account.nav.sections', message: 'Sections' })}</span>
          <span className="account-nav__toggle-current">{label(currentKey)}</span>
        </span>
        <ChevronIcon size={18} />
      </button>
      <div className="account-nav__panel" id={panelId} data-open={open || undefined}>
        {groups.map(({ group, entries: items }, index) => (
          <div className="account-nav__group" key={group} {...tour(!phone && index === 0)}>
            <span className="account-nav__heading" id={`${panelId}-${group}`}>
              {i18n._(GROUP_LABELS[group])}
            </span>
            <ul className="account-nav__list" aria-labelledby={`${panelId}-${group}`}>
              {items.map(({ item, access }) => {
                const locked = access === 'locked';
                const here = !locked && item.href === current;
                return (
                  <li key={item.href}>
                    <AppLink
                      href={locked ? '/upgrade' : item.href}
                      className={`account-nav__link${locked ? ' account-nav__link--locked' : ''}`}
                      aria-current={here ? 'page' : undefined}
                      data-access={access}
                      data-page={item.key}
                      onClick={() => setOpen(false)}
                    >
                      <span className="account-nav__text">{label(item.key)}</span>
                      {locked && (
                        <span className="account-nav__lock">
                          <LockIcon />
                          <span className="visually-hidden">, {lockedNote}</span>
                        </span>
                      )}
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
