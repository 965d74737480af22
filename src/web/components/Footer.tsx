import { Trans, useLingui } from '@lingui/react/macro';
import { openContact } from '../app/contact-modal';
import { useApp } from '../app/context';
import { useSelector } from '../app/use-selector';
import { Logo } from './Logo';
import { AppLink, hasSitePage } from './ui/AppLink';

/** Footer with the product links and the server version (the status machine, machines/status.machine.ts). */
export function Footer() {
  const { t } = useLingui();
  const { status, modals } = useApp();
  const version = useSelector(status, (s) => s.context.status?.version ?? null);
  // Only the pages the site has (no link leads nowhere).
  const links = [
    { href: '/features', label: t({ id: 'menu.features', message: 'All features' }) },
    { href: '/upgrade', label: t({ id: 'menu.upgrade', message: 'Pricing' }) },
    { href: '/explorer', label: t({ id: 'menu.explorer', message: 'Explore' }) },
    { href: '/terms', label: t({ id: 'menu.terms', message: 'Terms of use' }) },
    { href: '/privacy', label: t({ id: 'site.privacy', message: 'Privacy' }) },
    { href: '/blog', label: t({ id: 'menu.blog', message: 'Blog' }) },
  ];
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <Logo />
          <p>
            <Trans id="footer.tagline">Open-source flipbook publishing you can host yourself.</Trans>
          </p>
        </div>
        <nav className="footer__nav" aria-label={t({ id: 'footer.nav', message: 'Footer' })}>
          {links
            .filter((l) => hasSitePage(l.href))
            .map((l) => (
              <AppLink key={l.href} href={l.href}>
                {l.label}
              </AppLink>
            ))}
          <button type="button" className="footer__contact" onClick={() => modals.send(openContact())}>
            <Trans id="footer.contact">Contact</Trans>
          </button>
        </nav>
        <p className="footer__meta">© Quire{version && <span data-testid="server-version"> · v{version}</span>}</p>
      </div>
    </footer>
  );
}
