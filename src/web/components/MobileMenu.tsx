import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useApp } from '../app/context';
import { SearchBox } from './Header';
import { AppLink, ButtonLink, hasSitePage } from './ui';

/**
 * SPEC §2 mobile menu links, in order; the drawer shows those whose page exists (contracts/pages.ts
 * SITE_PATHS). The help centre and developer site are external (QUIRE_HELP_URL, QUIRE_DEVELOPERS_URL),
 * shown when configured.
 */
export function useMobileLinks() {
  const { t } = useLingui();
  return [
    { href: '/personalization', label: t({ id: 'menu.personalization', message: 'Personalization' }) },
    { href: '/integrations', label: t({ id: 'menu.integrations', message: 'Integrations' }) },
    { href: '/studio', label: t({ id: 'menu.studio', message: 'Studio' }) },
    { href: '/conversion', label: t({ id: 'menu.conversion', message: 'Conversion' }) },
    { href: '/multi-account', label: t({ id: 'menu.multiAccount', message: 'Multi-account' }) },
    { href: '/share', label: t({ id: 'menu.share', message: 'Sharing' }) },
    { href: '/analyse', label: t({ id: 'menu.analyse', message: 'Statistics' }) },
    { href: '/subscribers', label: t({ id: 'menu.subscribers', message: 'Subscribers' }) },
    { href: '/features', label: t({ id: 'menu.features', message: 'All features' }) },
    { href: '/upgrade', label: t({ id: 'menu.upgrade', message: 'Pricing' }) },
    { href: '/explorer', label: t({ id: 'menu.explorer', message: 'Explore' }) },
    { href: '/guided-tour', label: t({ id: 'menu.guidedTour', message: 'Guided tour' }) },
    { href: '/mag', label: t({ id: 'menu.mag', message: 'Magazine' }) },
    { href: '/case-studies', label: t({ id: 'menu.caseStudies', message: 'Case studies' }) },
    { href: '/terms', label: t({ id: 'menu.terms', message: 'Terms of use' }) },
  ];
}

export function MobileMenu() {
  const { t } = useLingui();
  const { modals, session, config } = useApp();
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const open = useSelector(modals, (s) => s.context.stack.some((m) => m.id === 'drawer'));
  const links = useMobileLinks().filter((l) => hasSitePage(l.href));
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  const close = () => modals.send({ type: 'modal.close', id: 'drawer' });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape is its keyboard equivalent (onCancel).
    <dialog
      ref={ref}
      className="drawer"
      aria-label={t({ id: 'menu.title', message: 'Menu' })}
      onCancel={(e) => {
        e.preventDefault();
        modals.send({ type: 'key.escape' });
      }}
      onClick={(e) => {
        if (e.target === ref.current) modals.send({ type: 'backdrop.click' });
      }}
    >
      {open && (
        <div className="drawer__panel">
          <div className="drawer__head">
            <strong>
              <Trans id="menu.title">Menu</Trans>
            </strong>
            <button
              type="button"
              className="btn btn--ghost btn--icon"
              onClick={close}
              aria-label={t({ id: 'commons.close', message: 'Close' })}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <SearchBox id="drawer-search" />
          {!loggedIn && (
            <div className="drawer__auth">
              <ButtonLink href="/login" block onClick={close}>
                <Trans id="header.login">Log in</Trans>
              </ButtonLink>
              <ButtonLink href="/register" variant="primary" block onClick={close}>
                <Trans id="header.register">Sign up</Trans>
              </ButtonLink>
            </div>
          )}
          <nav aria-label={t({ id: 'menu.title', message: 'Menu' })}>
            <ul className="drawer__links">
              {links.map((l) => (
                <li key={l.href}>
                  <AppLink href={l.href} onClick={close}>
                    {l.label}
                  </AppLink>
                </li>
              ))}
              {hasSitePage('/blog') && (
                <li>
                  <a href="/blog">
                    <Trans id="menu.blog">Blog</Trans>
                  </a>
                </li>
              )}
              {config.helpUrl !== '' && (
                <li>
                  <a href={config.helpUrl} rel="noopener">
                    <Trans id="menu.help">Help centre</Trans>
                  </a>
                </li>
              )}
              {config.developersUrl !== '' && (
                <li>
                  <a href={config.developersUrl} rel="noopener">
                    <Trans id="menu.developers">Developers</Trans>
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </div>
      )}
    </dialog>
  );
}
