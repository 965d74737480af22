import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { modalInputOf, type SignUpOpening } from '../../../machines/sign-up/host.machine';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import type { SocialProvider } from '../../../machines/sign-up/types';
import { SignUpModal } from '../components/account/SignUpModal';
import { SocialProvidersContext } from '../components/account/SocialButtons';
import { hasKnownAccount } from '../session/user-store';
import { renderCaptcha } from './captcha';
import { useApp } from './context';
import { createSignUpServices } from './sign-up-services';
import { createSocialServices } from './social';

/**
 * One opening of the sign-up modal (AuthHost mounts it with a key per opening and loads it lazily):
 * its actor with the app's services — what follows its end (`finish`, the machine's decision) goes to
 * the app root (machines/app.machine.ts), which feeds the session and the post-login steps — the enabled
 * social providers and captcha.
 */
export default function SignUpModalView({ opening }: { opening: SignUpOpening }) {
  const { auth, config } = useApp();
  // One actor per mount (AuthHost gives every opening its own key), started and stopped by
  // @xstate/react: it survives React's strict-mode remount, which a stopped actor would not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per opening
  const logic = useMemo(
    () => provideSignUpModal({ ...createSignUpServices(auth.signUpDeps), socialSignIn: createSocialServices({ config, win: window }) }),
    [],
  );
  const actor = useActorRef(logic, {
    input: modalInputOf(opening, {
      knownAccount: hasKnownAccount(typeof localStorage === 'undefined' ? undefined : localStorage),
      devMode: config.dev,
    }),
  });

  return (
    <SocialProvidersContext.Provider value={config.social as SocialProvider[]}>
      <SignUpModal actor={actor} captcha={config.dev ? 'none' : config.captcha} renderCaptcha={renderCaptcha} />
    </SocialProvidersContext.Provider>
  );
}
