import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import type { SocialProvider } from '../../../machines/sign-up/types';
import type { LoginContent } from '../../contracts/accounts';
import type { RenderCaptcha } from '../components/account/CaptchaField';
import { PostLoginModals } from '../components/account/PostLoginModals';
import { SignUpModal } from '../components/account/SignUpModal';
import { SocialProvidersContext } from '../components/account/SocialButtons';
import { isAuthPage } from '../pages/registry';
import { hasKnownAccount } from '../session/user-store';
import { AltchaWidget } from './AltchaWidget';
import { EXPIRED_SIGN_IN } from './actors';
import { useApp } from './context';
import { RecaptchaWidget } from './RecaptchaWidget';

/** Mounts the configured captcha widget: ALTCHA (self-hosted, default) or Google reCAPTCHA. */
const renderCaptcha: RenderCaptcha = (props) => (props.kind === 'altcha' ? <AltchaWidget {...props} /> : <RecaptchaWidget {...props} />);

type Reason = 'expired' | 'required' | 'route';
type ModalOutput = { kind: 'signedIn' | 'activated'; content: LoginContent } | { kind: 'closed' };

/**
 * Decides when the sign-up modal shows and what follows it (SPEC §2, §4): an expired session's
 * non-closeable sign-in, a page that requires login (non-closeable; dismissal goes to the root), or a
 * header route / mailed link (closable, on its tab). A sign-in feeds the session and the post-login steps.
 */
export function AuthHost() {
  const { router, modals, auth, config, session } = useApp();
  const [, navigate] = useLocation();
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: one modal actor per opening (key)
  const actor = useMemo(() => {
    if (!reason) return null;
    const leaveToRoot = () => {
      if (reason === 'expired') {
        modals.send({ type: 'modal.close', id: EXPIRED_SIGN_IN });
        session.send({ type: 'user.cancelledSignIn' });
      } else router.send({ type: 'user.dismissLogin' });
    };
    const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
    return createActor(auth.signUpModal(leaveToRoot), {
      input: {
        knownAccount: reason === 'expired' || hasKnownAccount(storage),
        closable: reason === 'route',
        devMode: config.dev,
        initialTab:
          reason === 'expired'
            ? 'login'
            : page === 'login' || page === 'register' || page === 'forgot' || page === 'resend'
              ? page
              : undefined,
        resetHash: page === 'reset' ? hash : undefined,
        activationHash: page === 'activate' ? hash : undefined,
      },
    });
  }, [key]);

  useEffect(() => {
    if (!actor) return;
    const sub = actor.subscribe({
      complete: () => {
        const out = actor.getSnapshot().output as ModalOutput | undefined;
        if (out?.kind === 'signedIn' || out?.kind === 'activated') {
          auth.signedIn(out.content, route?.page.bypassTerms ?? false);
          if (reason === 'expired') modals.send({ type: 'modal.close', id: EXPIRED_SIGN_IN });
        }
        if (reason === 'route') navigate(out?.kind === 'activated' ? '/account/dashboard' : '/', { replace: true });
      },
    });
    actor.start();
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  }, [actor, auth, modals, reason, route, navigate]);

  return (
    <>
      {actor && (
        <SocialProvidersContext.Provider value={config.social as SocialProvider[]}>
          <SignUpModal actor={actor} captcha={config.dev ? 'none' : config.captcha} renderCaptcha={renderCaptcha} />
        </SocialProvidersContext.Provider>
      )}
      <PostLoginModals actor={auth.postLogin} />
    </>
  );
}
