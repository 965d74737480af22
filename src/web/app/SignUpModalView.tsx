import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import { modalInputOf, type SignUpOpening } from '../../../machines/sign-up/host.machine';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import type { SocialProvider } from '../../../machines/sign-up/types';
import type { RenderCaptcha } from '../components/account/CaptchaField';
import { SignUpModal } from '../components/account/SignUpModal';
import { SocialProvidersContext } from '../components/account/SocialButtons';
import { hasKnownAccount } from '../session/user-store';
import { AltchaWidget } from './AltchaWidget';
import { EXPIRED_SIGN_IN } from './actors';
import { useApp } from './context';
import { RecaptchaWidget } from './RecaptchaWidget';
import { createSocialServices } from './social';

/** Mounts the configured captcha widget: ALTCHA (self-hosted, default) or Google reCAPTCHA. */
const renderCaptcha: RenderCaptcha = (props) => (props.kind === 'altcha' ? <AltchaWidget {...props} /> : <RecaptchaWidget {...props} />);

/**
 * One opening of the sign-up modal (AuthHost mounts it with a key per opening and loads it lazily):
 * its actor with the app's services — what follows its end is the machine's decision (`finish`),
 * done here — the enabled social providers and captcha.
 */
export default function SignUpModalView({ opening }: { opening: SignUpOpening }) {
  const { router, modals, auth, config, session } = useApp();
  const [, navigate] = useLocation();
  // One actor per mount: AuthHost gives every opening its own key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per opening
  const actor = useMemo(() => {
    const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
    return createActor(
      provideSignUpModal({
        ...auth.signUpServices(() => router.send({ type: 'user.dismissLogin' })),
        socialSignIn: createSocialServices({ config, win: window }),
        cancelExpiredSignIn: () => {
          modals.send({ type: 'modal.close', id: EXPIRED_SIGN_IN });
          session.send({ type: 'user.cancelledSignIn' });
        },
        finish: ({ signedIn, closeExpiredSignIn, navigateTo }) => {
          // The route at the time the modal ends (a page that bypasses terms skips the post-login steps).
          if (signedIn) auth.signedIn(signedIn, router.getSnapshot().context.route?.page.bypassTerms ?? false);
          if (closeExpiredSignIn) modals.send({ type: 'modal.close', id: EXPIRED_SIGN_IN });
          if (navigateTo) navigate(navigateTo, { replace: true });
        },
      }),
      { input: modalInputOf(opening, { knownAccount: hasKnownAccount(storage), devMode: config.dev }) },
    );
  }, []);

  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);

  return (
    <SocialProvidersContext.Provider value={config.social as SocialProvider[]}>
      <SignUpModal actor={actor} captcha={config.dev ? 'none' : config.captcha} renderCaptcha={renderCaptcha} />
    </SocialProvidersContext.Provider>
  );
}
