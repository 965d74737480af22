import { Trans } from '@lingui/react/macro';
import { useApp } from '../app/context';
import { useSelector } from '../app/use-selector';
import { loadedPages } from '../pages/loaders';
import { Button } from './ui/Button';

/** Renders the router machine: loading, the page, its load failure (7 s time-out), the login hook. */
export function PageView() {
  const { router } = useApp();
  const state = useSelector(router, (s) => s.value as string);
  const route = useSelector(router, (s) => s.context.route);
  const error = useSelector(router, (s) => s.context.error);
  const Page = route ? loadedPages.get(route.page.name) : undefined;

  if (state === 'failed') {
    return (
      <section className="container page-state" role="alert">
        <h1>
          <Trans id="router.failed.title">This page did not load</Trans>
        </h1>
        <p>
          {error === 'timeout' ? (
            <Trans id="router.failed.timeout">It took longer than 7 seconds. Check your connection and try again.</Trans>
          ) : (
            <Trans id="router.failed.error">Part of the application could not be downloaded. Check your connection and try again.</Trans>
          )}
        </p>
        <Button variant="primary" onClick={() => router.send({ type: 'user.retry' })}>
          <Trans id="commons.retry">Try again</Trans>
        </Button>
      </section>
    );
  }
  // Router `loginRequired`: the sign-up modal (AuthHost) is shown over an empty page.
  if (state === 'loginRequired') return <div className="container page-state" />;
  if ((state === 'ready' || state === 'loading') && Page && route) return <Page params={route.params} path={route.path} />;
  return (
    <div className="container page-state" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans id="commons.loading">Loading…</Trans>
      </span>
    </div>
  );
}
