import { Trans } from '@lingui/react/macro';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { AlertRegion } from '../components/AlertRegion';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { PageView } from '../components/PageView';
import { PublishHost } from '../components/publish/PublishHost';
import { Button } from '../components/ui/Button';
import { routeFor } from '../pages/routes';
import { useLocationProperty } from '../routing/history';
import { useViewportMarkers } from '../viewport';
import { AuthHost } from './AuthHost';
import { BlogProvider } from './blog';
import { ContactHost } from './ContactHost';
import { useApp } from './context';
import { useSelector } from './use-selector';

// Loaded the first time they open (most visits never do), keeping the first load small.
const MobileMenu = lazy(() => import('../components/MobileMenu').then((m) => ({ default: m.MobileMenu })));
const LanguageModal = lazy(() => import('../components/LanguageModal').then((m) => ({ default: m.LanguageModal })));

/** Mounts a modal from the first time the modal stack opens `id`, and keeps it (its close animation). */
function OnceOpened({ id, component: Component }: { id: string; component: ComponentType }) {
  const { modals } = useApp();
  const open = useSelector(modals, (s) => s.context.stack.some((m) => m.id === id));
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!open && !opened) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}

const currentLocation = () => `${location.pathname}${location.hash}`;

/** Sends every location change (path or fragment) to the app root, which routes once the session check is over. */
function useRouteEvents() {
  const { app } = useApp();
  const loc = useLocationProperty(currentLocation);
  useEffect(() => {
    const hashAt = loc.indexOf('#');
    const path = hashAt < 0 ? loc : loc.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : loc.slice(hashAt);
    app.send({ type: 'location.changed', route: routeFor(path, hash) });
  }, [loc, app]);
}

export function App() {
  const { language, alerts } = useApp();
  const lang = useSelector(language, (s) => s.value as string);
  const current = useSelector(language, (s) => s.context.language ?? s.context.requested);
  useRouteEvents();
  useViewportMarkers();

  if (lang === 'booting') {
    return (
      <div className="boot" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }
  if (lang === 'bootFailed') {
    // No catalog could load, so this one message is the spec's literal text (SPEC §8).
    return (
      <div className="boot" role="alert">
        <p>failed to load translation</p>
        <Button variant="primary" onClick={() => language.send({ type: 'user.retry' })}>
          ↻
        </Button>
      </div>
    );
  }
  return (
    <BlogProvider language={current}>
      <div className="app">
        <a className="skip-link" href="#main">
          <Trans id="commons.skip">Skip to content</Trans>
        </a>
        <Header />
        <main id="main" className="app-main" tabIndex={-1}>
          <PageView />
        </main>
        <Footer />
        <OnceOpened id="drawer" component={MobileMenu} />
        <OnceOpened id="language" component={LanguageModal} />
        <AuthHost />
        <PublishHost />
        <ContactHost />
        <AlertRegion actor={alerts} />
      </div>
    </BlogProvider>
  );
}
