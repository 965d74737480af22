import type { ReactNode } from 'react';
import { SEARCH_TERM_MAX } from '../../contracts/fragment';
import { LANGUAGE_NAMES } from '../../contracts/languages';
import { isPagePath, isSitePath } from '../../contracts/pages';
import { JsonScript } from '../html/render';
import type { PageContext } from './context';
import { footerLinks, mainLinks, siteMenu } from './menu';
import { SITE_MESSAGES as M } from './messages';

/**
 * The frame of every server-rendered public page (publication, publisher, the site pages of
 * site/pages.ts): the head every page needs (canonical, hreflang, favicon, manifest, stylesheet,
 * JSON-LD), the site header with search, the main links and sign-in or the account, the menu (a
 * `<details>` that works without script) and the footer. The look is the app's: the same tokens,
 * header and footer (site/style.ts).
 */
export interface SitePageProps {
  ctx: PageContext;
  title: string;
  /** The page's path on the public site (canonical and hreflang); undefined for pages not to index. */
  path?: string;
  description?: string;
  /** Other head elements (Open Graph, robots, prev/next). */
  head?: ReactNode;
  /** schema.org data of the page (JSON-LD). */
  jsonLd?: object;
  children: ReactNode;
}

export function SitePage({ ctx, title, path, description, head, jsonLd, children }: SitePageProps) {
  const alternates = path === undefined ? [] : ctx.alternates(path);
  const canonical = path === undefined ? undefined : (alternates.find((a) => a.lang === ctx.lang)?.href ?? ctx.absolute(path));
  return (
    <html lang={ctx.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description !== undefined && <meta name="description" content={description} />}
        {canonical !== undefined && <link rel="canonical" href={canonical} />}
        {alternates.map((a) => (
          <link key={a.lang} rel="alternate" hrefLang={a.lang} href={a.href} />
        ))}
        {alternates.length > 0 && path !== undefined && (
          <link rel="alternate" hrefLang="x-default" href={alternates.find((a) => a.lang === 'en')?.href ?? ctx.absolute(path)} />
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" content="#3d3ad6" />
        <link rel="stylesheet" href={ctx.css} />
        {head}
        {jsonLd && <JsonScript type="application/ld+json" data={{ '@context': 'https://schema.org', ...jsonLd }} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {ctx.t(M.skip)}
        </a>
        <SiteHeader ctx={ctx} />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter ctx={ctx} path={path} />
      </body>
    </html>
  );
}

function Mark() {
  return (
    <span className="logo">
      <img className="logo__mark" src="/favicon.svg" alt="" width={28} height={28} />
      <span className="logo__word">Quire</span>
    </span>
  );
}

/** The header search: a plain form (GET /search?q= answers with the app's /search#search-{term}/books). */
function SearchForm({ ctx, id }: { ctx: PageContext; id: string }) {
  return (
    <search className="header__search">
      <form className="search" action="/search" method="get">
        <label className="visually-hidden" htmlFor={id}>
          {ctx.t(M.searchLabel)}
        </label>
        {/* Empty or blank text is not sent (SPEC §2: empty text is ignored). */}
        <input
          id={id}
          className="search__input"
          type="search"
          name="q"
          maxLength={SEARCH_TERM_MAX}
          required
          pattern=".*\S.*"
          placeholder={ctx.t(M.searchPlaceholder)}
          autoComplete="off"
        />
      </form>
    </search>
  );
}

function SiteHeader({ ctx }: { ctx: PageContext }) {
  const main = mainLinks();
  const menu = siteMenu();
  return (
    <header className="header">
      <div className="container header__inner">
        <a href="/" className="header__logo" aria-label={ctx.t(M.home)}>
          <Mark />
        </a>
        <SearchForm ctx={ctx} id="site-search" />
        {main.length > 0 && (
          <nav className="site-nav hide-mobile" aria-label={ctx.t(M.nav)}>
            {main.map((item) => (
              <a key={item.href} href={item.href}>
                {ctx.t(item.label)}
              </a>
            ))}
          </nav>
        )}
        <nav className="header__actions" aria-label={ctx.t(M.account)}>
          {ctx.signedIn ? (
            <a className="btn btn--ghost hide-mobile" href="/account/dashboard">
              {ctx.t(M.myAccount)}
            </a>
          ) : (
            <>
              <a className="btn btn--ghost hide-mobile" href="/login">
                {ctx.t(M.login)}
              </a>
              <a className="btn hide-mobile" href="/register">
                {ctx.t(M.register)}
              </a>
            </>
          )}
          <a className="btn btn--primary" href="/publish">
            {ctx.t(M.publish)}
          </a>
          <details className="site-menu show-mobile">
            <summary className="btn btn--ghost btn--icon" aria-label={ctx.t(M.menu)}>
              <span className="burger" aria-hidden="true" />
            </summary>
            <nav className="site-menu__panel" aria-label={ctx.t(M.menu)}>
              <SearchForm ctx={ctx} id="site-menu-search" />
              <ul className="drawer__links">
                {ctx.signedIn ? (
                  <li>
                    <a href="/account/dashboard">{ctx.t(M.myAccount)}</a>
                  </li>
                ) : (
                  <>
                    <li>
                      <a href="/login">{ctx.t(M.login)}</a>
                    </li>
                    <li>
                      <a href="/register">{ctx.t(M.register)}</a>
                    </li>
                  </>
                )}
                {menu.map((item) => (
                  <li key={item.href}>
                    <a href={item.href}>{ctx.t(item.label)}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </nav>
      </div>
    </header>
  );
}

function SiteFooter({ ctx, path }: { ctx: PageContext; path: string | undefined }) {
  const links = footerLinks();
  const alternates = path === undefined ? [] : ctx.alternates(path);
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <Mark />
          <p>{ctx.t(M.tagline)}</p>
        </div>
        <nav className="footer__nav" aria-label={ctx.t(M.footer)}>
          {links.map((item) => (
            <a key={item.href} href={item.href}>
              {ctx.t(item.label)}
            </a>
          ))}
          {isSitePath('/privacy') && <a href="/privacy">{ctx.t(M.privacy)}</a>}
          {isSitePath('/blog') && <a href="/blog">{ctx.t(M.blog)}</a>}
          {isPagePath('/contact') && <a href="/contact">{ctx.t(M.contact)}</a>}
        </nav>
        {alternates.length > 1 && (
          <nav className="footer__langs" aria-label={ctx.t(M.languages)}>
            {alternates.map((a) => (
              <a key={a.lang} href={a.href} hrefLang={a.lang} lang={a.lang} aria-current={a.lang === ctx.lang ? 'true' : undefined}>
                {LANGUAGE_NAMES[a.lang]}
              </a>
            ))}
          </nav>
        )}
        <p className="footer__meta">© Quire</p>
      </div>
    </footer>
  );
}
