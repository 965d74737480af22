import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { PostLoginModals } from '../components/account/PostLoginModals';
import { isAuthPage } from '../pages/registry';
import { EXPIRED_SIGN_IN } from './actors';
import { useApp } from './context';

// The modal (machine and views) loads when it first opens (most visits never sign in), keeping the first load small.
const SignUpModalView = lazy(() => import('./SignUpModalView'));

import type { Reason } from './SignUpModalView';

/**
 * Decides when the sign-up modal shows and what follows it (SPEC §2, §4): an expired session's
 * non-closeable sign-in, a page that requires login (non-closeable; dismissal goes to the root), or a
 * header route / mailed link (closable, on its tab). A sign-in feeds the session and the post-login steps.
 */
export function AuthHost() {
  const { router, modals, auth, session } = useApp();
  const expired = useSelector(modals, (s) => s.context.stack.some((m) => m.id === EXPIRED_SIGN_IN));
  const required = useSelector(router, (s) => s.matches('loginRequired'));
  const route = useSelector(router, (s) => s.context.route);
  const loggedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const page = route?.page.name;
  const reason: Reason | null = expired
    ? 'expired'
    : required
      ? 'required'
      : isAuthPage(page) && (!loggedIn || page === 'activate')
        ? 'route'
        : null;
  const hash = route?.params.hash;
  const key = `${reason}|${page}|${hash ?? ''}`;

  return (
    <>
      {reason && (
        <Suspense fallback={null}>
          <SignUpModalView key={key} reason={reason} page={page} hash={hash} />
        </Suspense>
      )}
      <PostLoginModals actor={auth.postLogin} />
    </>
  );
}
