import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import type { SocialProvider } from '../../../machines/sign-up/types';
import type { LoginContent } from '../../contracts/accounts';
import type { RenderCaptcha } from '../components/account/CaptchaField';
import { SignUpModal } from '../components/account/SignUpModal';
import { SocialProvidersContext } from '../components/account/SocialButtons';
import { hasKnownAccount } from '../session/user-store';
import { AltchaWidget } from './AltchaWidget';
import { EXPIRED_SIGN_IN } from './actors';
import { useApp } from './context';
import { RecaptchaWidget } from './RecaptchaWidget';
import { createSocialSignIn } from './social';

export type Reason = 'expired' | 'required' | 'route';
type ModalOutput = { kind: 'signedIn' | 'activated'; content: LoginContent } | { kind: 'closed' };

/** Mounts the configured captcha widget: ALTCHA (self-hosted, default) or Google reCAPTCHA. */
const renderCaptcha: RenderCaptcha = (props) => (props.kind === 'altcha' ? <AltchaWidget {...props} /> : <RecaptchaWidget {...props} />);

/**
 * One opening of the sign-up modal (AuthHost mounts it with a key per opening and loads it lazily):
 * its actor with the app's services, the enabled social providers and captcha, and what follows
 * when it ends (sign-in fed to the session, the post-login steps, the page to go to).
 */
export default function SignUpModalView({ reason, page, hash }: { reason: Reason; page: string | undefined; hash: string | undefined }) {
  const { router, modals, auth, config, session } = useApp();
  const [, navigate] = useLocation();
  const route = useSelector(router, (s) => s.context.route);
  // One actor per mount: AuthHost gives every opening its own key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per opening
  const actor = useMemo(() => {
    const leaveToRoot = () => {
      if (reason === 'expired') {
        modals.send({ type: 'modal.close', id: EXPIRED_SIGN_IN });
        session.send({ type: 'user.cancelledSignIn' });
      } else router.send({ type: 'user.dismissLogin' });
    };
    const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
    const socialSignIn = createSocialSignIn({ config, win: window });
    return createActor(provideSignUpModal({ ...auth.signUpServices(leaveToRoot), socialSignIn }), {
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
  }, []);

  // The route at the time the modal ends (read through a ref: a new route object must not restart the
  // effect, which would stop this actor for good — a stopped actor cannot start again).
  const routeRef = useRef(route);
  routeRef.current = route;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per actor; app services are stable and reason is fixed per mount
  useEffect(() => {
    const sub = actor.subscribe({
      complete: () => {
        const out = actor.getSnapshot().output as ModalOutput | undefined;
        if (out?.kind === 'signedIn' || out?.kind === 'activated') {
          auth.signedIn(out.content, routeRef.current?.page.bypassTerms ?? false);
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
  }, [actor]);

  return (
    <SocialProvidersContext.Provider value={config.social as SocialProvider[]}>
      <SignUpModal actor={actor} captcha={config.dev ? 'none' : config.captcha} renderCaptcha={renderCaptcha} />
    </SocialProvidersContext.Provider>
  );
}
