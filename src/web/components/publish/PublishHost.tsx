import { useSelector } from '@xstate/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useApp } from '../../app/context';

const PublishHostBody = lazy(() => import('./PublishHostBody'));

/**
 * Mounts the publish modal host (SPEC §2: the publish route opens the publish modal) and the
 * proxy-error modal of a batch — loading their code only when one of them can show, so the
 * app's first load stays small.
 */
export function PublishHost() {
  const { router, publishing } = useApp();
  const onPublishRoute = useSelector(router, (s) => s.context.route?.page.name === 'publish');
  const batch = useSyncExternalStore(publishing.subscribe, publishing.get);
  if (!onPublishRoute && !batch) return null;
  return (
    <Suspense fallback={null}>
      <PublishHostBody />
    </Suspense>
  );
}
