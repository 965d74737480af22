/**
 * The driver of the second factor's view (mfa.test.tsx; harness.test.tsx breaks it on purpose).
 * The second factor through MfaStep: a person types the code, trusts the device, verifies or starts
 * again; the confirm-login call (POST profile/session) is answered at the network.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor } from 'xstate';
import type { mfaMachine } from '../../../machines/mfa.machine';
import { provideMfa } from '../../../machines/sign-up/provide';
import { MfaStep } from '../../../src/web/components/account/MfaStep';
import { message, see, type UiDriver } from './harness';
import { signUpServices } from './sign-up-services';
import { noSocial } from './social';

type MfaActor = Actor<typeof mfaMachine>;

const LABEL = 'Verification code';
const RECOVERY_LABEL = 'Recovery code';
const labelOf = (recovery: boolean) => (recovery ? RECOVERY_LABEL : LABEL);
const code = (recovery = false) => page.getByRole('textbox', { name: labelOf(recovery) });
const recoveryButton = () => page.getByRole('button', { name: /Use a recovery code/ });
const codeButton = () => page.getByRole('button', { name: 'Use a verification code instead' });
const verify = () => page.getByRole('button', { name: 'Verify and log in' });
const restart = () => page.getByRole('button', { name: 'Start again' });
const trust = () => page.getByRole('switch', { name: /Trust this device/ });

export const mfaDriver: UiDriver<MfaActor> = {
  mount: (run, input) => {
    const { services } = signUpServices(run.api, noSocial);
    const actor = run.create(provideMfa(services), input);
    return { actor, view: <MfaStep actor={actor} /> };
  },
  async step(event, { net, actor }) {
    switch (event.type) {
      case 'user.setCode':
        return code(actor.getSnapshot().context.recovery).fill((event as unknown as { code: string }).code);
      case 'user.useRecovery':
        return (actor.getSnapshot().context.recovery ? codeButton() : recoveryButton()).click();
      case 'user.toggleTrust':
        return trust().click();
      case 'user.submit':
        return verify().click();
      case 'user.restart':
        return restart().click();
      case 'xstate.done.actor.confirmLogin':
      case 'xstate.error.actor.confirmLogin': {
        const request = await net.take('POST', 'profile/session');
        const { hash, code: typed, trust_device, recovery } = actor.getSnapshot().context;
        expect(request.body).toEqual(recovery ? { hash, recovery_code: typed, trust_device } : { hash, code: typed, trust_device });
        return net.answer(request, event);
      }
    }
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { errorId, trust_device, recovery } = snapshot.context;
    const state = snapshot.value as string;
    await see(code(recovery)).toHaveValue(snapshot.context.code);
    if (errorId) await see(page.getByRole('alert')).toHaveTextContent(message(errorId, { 0: labelOf(recovery) }));
    else await see(page.getByRole('alert')).not.toBeInTheDocument();
    if (state === 'expired') {
      // The code expired: only starting again is offered.
      await see(trust()).not.toBeInTheDocument();
      await see(recoveryButton()).not.toBeInTheDocument();
      await see(restart()).toBeEnabled();
      return;
    }
    // The other kind of code is offered (enabled while a code can be typed).
    const other = recovery ? codeButton() : recoveryButton();
    if (state === 'awaitingCode') await see(other).toBeEnabled();
    else await see(other).toBeDisabled();
    await see(trust()).toHaveAttribute('aria-checked', String(trust_device === 'yes'));
    if (state === 'awaitingCode') {
      await see(verify()).toBeEnabled();
      await see(code(recovery)).not.toHaveAttribute('readonly');
    } else {
      // Verifying (busy), or done (verified, restart: the modal moves on): nothing to do here.
      await see(verify()).toBeDisabled();
      await see(code(recovery)).toHaveAttribute('readonly');
    }
  },
};
