import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ConsentsActorRef } from '../../../../machines/consents.machine';
import type { PostLoginActorRef } from '../../../../machines/post-login.machine';
import type { TermsActorRef } from '../../../../machines/terms.machine';
import type { UsageContextActorRef } from '../../../../machines/usage-context.machine';

// Loaded when a step shows (most page loads have none), to keep the app's first load small.
const TermsModal = lazy(() => import('./TermsModal').then((m) => ({ default: m.TermsModal })));
const UsageContextModal = lazy(() => import('./UsageContextModal').then((m) => ({ default: m.UsageContextModal })));
const ConsentsModal = lazy(() => import('./ConsentsModal').then((m) => ({ default: m.ConsentsModal })));

/**
 * The steps after a login (SPEC §2 Routing, §4 Login): whichever step child of the post-login actor
 * runs (`terms`, `usageContext`, `consents`) shows as its full-screen modal.
 */
export function PostLoginModals({ actor }: { actor: PostLoginActorRef }) {
  // Children are typed as a union of every invoked logic: narrow by id.
  const terms = useSelector(actor, (s) => s.children.terms as TermsActorRef | undefined);
  const usageContext = useSelector(actor, (s) => s.children.usageContext as UsageContextActorRef | undefined);
  const consents = useSelector(actor, (s) => s.children.consents as ConsentsActorRef | undefined);
  if (!terms && !usageContext && !consents) return null;
  return (
    <Suspense fallback={null}>
      {terms && <TermsModal key={terms.sessionId} actor={terms} />}
      {usageContext && <UsageContextModal key={usageContext.sessionId} actor={usageContext} />}
      {consents && <ConsentsModal key={consents.sessionId} actor={consents} />}
    </Suspense>
  );
}
