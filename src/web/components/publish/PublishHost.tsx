import { lazy, Suspense } from 'react';
import { useWorkspace } from '../../app/context';
import { useSelector } from '../../app/use-selector';

const PublishHostBody = lazy(() => import('./PublishHostBody'));

/**
 * Mounts the publish modal and the proxy-error modal of the batch, which the app root's signed-in part
 * (machines/workspace.machine.ts) spawns — loading their views only when one of them exists, so the app's
 * first load stays small.
 */
export function PublishHost() {
  const workspace = useWorkspace();
  const shown = useSelector(workspace, (s) => s !== undefined && (s.context.publishModal !== null || s.context.batch !== null));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PublishHostBody />
    </Suspense>
  );
}
