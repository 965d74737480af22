import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { Link } from 'wouter';
import { useApp } from '../app/context';
import { Logo } from './Logo';

const StatusSchema = v.object({ name: v.string(), version: v.string() });

/** Footer with the product links and the server version (one real API call through the client). */
export function Footer() {
  const { t } = useLingui();
  const { api } = useApp();
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .call('public/status', { schema: StatusSchema, anonymous: true, signal: ctrl.signal })
      .then((s) => setVersion(s.version))
      .catch(() => setVersion(null));
    return () => ctrl.abort();
  }, [api]);
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
        </nav>
        <p className="footer__meta">© Quire{version && <span data-testid="server-version"> · v{version}</span>}</p>
      </div>
    </footer>
  );
}
