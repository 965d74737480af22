import { lazy, Suspense } from 'react';
import type { PostLoginActorRef } from '../../../machines/post-login.machine';
import { openingOf, type SignUpOpening } from '../../../machines/sign-up/opening';
import { useApp, useWorkspace } from './context';
import { useSelector } from './use-selector';

// The modal (machine and views) loads when it first opens (most visits never sign in), keeping the first load small.
const SignUpModalView = lazy(() => import('./SignUpModalView'));
// The post-login steps' views load with the steps (the first sign-in of the page).
const PostLoginModals = lazy(() => import('../components/account/PostLoginModals').then((m) => ({ default: m.PostLoginModals })));

const sameOpening = (a: SignUpOpening | null, b: SignUpOpening | null) => a?.key === b?.key;

/**
 * Renders the sign-up modal when the host machine (machines/sign-up/host.machine.ts) says it shows —
 * an expired session's sign-in, a page that requires login, or a header route / mailed link — one
 * modal per opening, and the post-login steps.
 */
export function AuthHost() {
  const { signUpHost } = useApp();
  const opening = useSelector(signUpHost, openingOf, sameOpening);
  // The post-login steps, once the first sign-in of this page loaded them (machines/workspace.machine.ts).
  const postLogin = useSelector(useWorkspace(), (s) => s?.context.postLogin ?? null) as PostLoginActorRef | null;

  return (
    <>
      {opening && (
        <Suspense fallback={null}>
          <SignUpModalView key={opening.key} opening={opening} />
        </Suspense>
      )}
      {postLogin && (
        <Suspense fallback={null}>
          <PostLoginModals actor={postLogin} />
        </Suspense>
      )}
    </>
  );
}
