import { lazy, Suspense, useEffect } from 'react';
import type { AlertsActorRef } from '../../../machines/alerts.machine';
import { useSelector } from '../app/use-selector';

const load = () => import('./AlertStack');
const AlertList = lazy(() => load().then((m) => ({ default: m.AlertList })));

/**
 * The app's alert queue (./AlertStack.tsx): the live region is there from the first paint; the alerts'
 * views load apart (not part of the first load) from the first idle moment on, and show with the first alert.
 */
export function AlertRegion({ actor }: { actor: AlertsActorRef }) {
  const any = useSelector(actor, (s) => s.context.alerts.length > 0);
  useEffect(() => {
    (globalThis.requestIdleCallback ?? setTimeout)(() => load().catch(() => {}));
  }, []);
  return (
    <div className="alerts" aria-live="polite">
      {any && (
        <Suspense fallback={null}>
          <AlertList actor={actor} />
        </Suspense>
      )}
    </div>
  );
}
