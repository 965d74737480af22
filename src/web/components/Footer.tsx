import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { openContact } from '../app/contact-modal';
import { useApp } from '../app/context';
import { Logo } from './Logo';

/** Footer with the product links and the server version (the status machine, machines/status.machine.ts). */
export function Footer() {
  const { t } = useLingui();
  const { status, modals } = useApp();
  const version = useSelector(status, (s) => s.context.status?.version ?? null);
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
          <Link href="/features">
            <Trans id="menu.features">All features</Trans>
          </Link>
          <Link href="/upgrade">
            <Trans id="menu.upgrade">Pricing</Trans>
          </Link>
          <Link href="/explorer">
            <Trans id="menu.explorer">Explore</Trans>
          </Link>
          <Link href="/terms">
            <Trans id="menu.terms">Terms of use</Trans>
          </Link>
          <a href="/blog">
            <Trans id="menu.blog">Blog</Trans>
          </a>
          <button type="button" className="footer__contact" onClick={() => modals.send(openContact())}>
            <Trans id="footer.contact">Contact</Trans>
          </button>
        </nav>
        <p className="footer__meta">© Quire{version && <span data-testid="server-version"> · v{version}</span>}</p>
      </div>
    </footer>
  );
}
