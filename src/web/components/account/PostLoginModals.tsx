import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { postLoginMachine } from '../../../../machines/post-login.machine';
import type { ConsentsActor } from './ConsentsForm';
import type { TermsActor } from './TermsModal';
import type { UsageContextActor } from './UsageContextModal';

// Loaded when a step shows (most page loads have none), to keep the app's first load small.
const TermsModal = lazy(() => import('./TermsModal').then((m) => ({ default: m.TermsModal })));
const UsageContextModal = lazy(() => import('./UsageContextModal').then((m) => ({ default: m.UsageContextModal })));
const ConsentsModal = lazy(() => import('./ConsentsModal').then((m) => ({ default: m.ConsentsModal })));

export type PostLoginActor = ActorRefFrom<typeof postLoginMachine>;

/**
 * The steps after a login (SPEC §2 Routing, §4 Login): whichever step child of the post-login actor
 * runs (`terms`, `usageContext`, `consents`) shows as its full-screen modal.
 */
export function PostLoginModals({ actor }: { actor: PostLoginActor }) {
  // Children are typed as a union of every invoked logic: narrow by id.
  const terms = useSelector(actor, (s) => s.children.terms as TermsActor | undefined);
  const usageContext = useSelector(actor, (s) => s.children.usageContext as UsageContextActor | undefined);
  const consents = useSelector(actor, (s) => s.children.consents as ConsentsActor | undefined);
  if (!terms && !usageContext && !consents) return null;
  return (
    <Suspense fallback={null}>
      {terms && <TermsModal key={terms.sessionId} actor={terms} />}
      {usageContext && <UsageContextModal key={usageContext.sessionId} actor={usageContext} />}
      {consents && <ConsentsModal key={consents.sessionId} actor={consents} />}
    </Suspense>
  );
}
