import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useApp } from '../../app/context';

const PublishHostBody = lazy(() => import('./PublishHostBody'));

/**
 * Mounts the publish modal and the proxy-error modal of the batch, which the app root
 * (machines/app.machine.ts) spawns — loading their views only when one of them exists, so the app's
 * first load stays small.
 */
export function PublishHost() {
  const { app } = useApp();
  const shown = useSelector(app, (s) => s.context.publishModal !== null || s.context.batch !== null);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PublishHostBody />
    </Suspense>
  );
}
