import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import { FLAGS } from '../../../machines/first-load-constants';
import { SEARCH_TERM_MAX } from '../../contracts/fragment';
import { useBlog } from '../app/blog';
import { useApp } from '../app/context';
import { useSelector } from '../app/use-selector';
import { Link, useLocation } from '../routing/link';
import { searchTarget } from '../routing/search';
import { ResourcesMenu } from './blog/ResourcesMenu';
import { Logo } from './Logo';
import { Button, ButtonLink } from './ui/Button';

// The avatar button and its menu load with the first signed-in render (the session is known after the
// first paint); an avatar-sized slot holds their place meanwhile, so nothing moves.
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));
// Managers and managed accounts only (issue 20): the child-account selector and the impersonation banner.
const AssociationBar = lazy(() => import('./managers/AssociationBar'));
const avatarSlot = (
  <span className="avatar-slot" aria-hidden="true">
    <span className="avatar" />
  </span>
);

export function SearchBox({ id }: { id: string }) {
  const { t } = useLingui();
  const [path, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const to = searchTarget(input.current?.value ?? '', path, window.location.hash);
    if (!to) return;
    navigate(to);
  };
  return (
    <search>
      <form className="search" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor={id}>
          {t({ id: 'header.search.label', message: 'Search publications' })}
        </label>
        <input
          id={id}
          ref={input}
          className="search__input"
          type="search"
          name="q"
          maxLength={SEARCH_TERM_MAX}
          placeholder={t({ id: 'header.search.placeholder', message: 'Search publications…' })}
          autoComplete="off"
        />
      </form>
    </search>
  );
}

export function Header() {
  const { t } = useLingui();
  const { modals, language, session, auth } = useApp();
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const stored = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const user = loggedIn ? stored : null;
  const lang = useSelector(language, (s) => s.context.language ?? s.context.requested);
  const blog = useBlog();
  return (
    <header className="header">
      <div className="container header__inner">
        <Link href="/" className="header__logo" aria-label={t({ id: 'header.home', message: 'Quire home' })}>
          <Logo />
        </Link>
        <div className="header__search">
          <SearchBox id="header-search" />
        </div>
        <nav className="header__actions" aria-label={t({ id: 'header.nav', message: 'Account' })}>
          <div className="hide-mobile">
            <ResourcesMenu actor={blog} />
          </div>
          <Button
            variant="ghost"
            className="header__lang"
            onClick={() => modals.send({ type: 'modal.open', id: 'language' })}
            // The name holds the code shown (“Change language, EN”), so speech input can name the button by what it sees.
            aria-label={`${t({ id: 'header.language', message: 'Change language' })}, ${lang.toUpperCase()}`}
          >
            <span className={`flag flag--${FLAGS[lang]}`} aria-hidden="true" />
            <span className="header__lang-code">{lang.toUpperCase()}</span>
          </Button>
          {user ? (
            <>
              <ButtonLink href="/publish" variant="primary">
                <Trans id="header.publish">Publish</Trans>
              </ButtonLink>
              <Suspense fallback={avatarSlot}>
                <AccountMenu account={user.account} profile={user.profile} onLogout={() => session.send({ type: 'user.logout' })} />
              </Suspense>
            </>
          ) : (
            <>
              <ButtonLink href="/login" variant="ghost" className="hide-mobile">
                <Trans id="header.login">Log in</Trans>
              </ButtonLink>
              <ButtonLink href="/register" className="hide-mobile">
                <Trans id="header.register">Sign up</Trans>
              </ButtonLink>
              <ButtonLink href="/publish" variant="primary">
                <Trans id="header.publish">Publish</Trans>
              </ButtonLink>
            </>
          )}
          <Button
            variant="ghost"
            icon
            className="show-mobile"
            onClick={() => modals.send({ type: 'modal.open', id: 'drawer' })}
            aria-label={t({ id: 'header.menu', message: 'Open menu' })}
          >
            <span className="burger" aria-hidden="true" />
          </Button>
        </nav>
      </div>
      {user?.account.management.type && (
        <Suspense fallback={null}>
          <AssociationBar account={user.account} />
        </Suspense>
      )}
    </header>
  );
}
