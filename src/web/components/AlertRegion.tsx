import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { AlertsActorRef } from '../../../machines/alerts.machine';

const load = () => import('./AlertStack');
const AlertList = lazy(() => load().then((m) => ({ default: m.AlertList })));

/**
 * The app's alert queue (./AlertStack.tsx): the live region is there from the first paint, the alerts'
 * views load apart (not part of the first load), from the first idle moment on, and show from the
 * first alert.
 */
export function AlertRegion({ actor }: { actor: AlertsActorRef }) {
  const any = useSelector(actor, (s) => s.context.alerts.length > 0);
  // Presentation only: the list stays mounted once shown.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (any) setShown(true);
  }, [any]);
  useEffect(() => {
    const preload = () => load().catch(() => {});
    const idle = globalThis.requestIdleCallback;
    if (!idle) {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = idle(preload, { timeout: 2000 });
    return () => globalThis.cancelIdleCallback(handle);
  }, []);
  return (
    <div className="alerts" aria-live="polite">
      {(any || shown) && (
        <Suspense fallback={null}>
          <AlertList actor={actor} />
        </Suspense>
      )}
    </div>
  );
}
