/**
 * The sign-up modal through SignUpModal, with the app's services (the API calls of
 * src/web/app/session.ts, over the test's network), its real mfa and activation children driven
 * through their own steps, the social sign-in's pop-up at the window boundary (./social.ts) and the
 * captcha widget at its boundary (a stand-in that hands over a token, as ALTCHA or reCAPTCHA do).
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor, EventObject } from 'xstate';
import type { FormName } from '../../../machines/sign-up/forms';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import { type SignUpTab, tabOf } from '../../../machines/sign-up/types';
import { activeForm, type signUpModalMachine } from '../../../machines/sign-up-modal.machine';
import { ApiCallError } from '../../../src/api';
import type { RenderCaptcha } from '../../../src/web/components/account/CaptchaField';
import { SignUpModal } from '../../../src/web/components/account/SignUpModal';
import { describeUiPaths, message, see, type UiRun } from './harness';
import { type AppEffects, signUpServices } from './sign-up-services';
import { FakePopup } from './social';

type ModalActor = Actor<typeof signUpModalMachine>;

const TITLES: Record<SignUpTab, string> = {
  login: 'Welcome back',
  register: 'Create your Quire account',
  mfa: 'Two-step verification',
  'register-success': 'Check your inbox',
  forgot: 'Forgot your password?',
  resend: 'Activate your account',
  reset: 'Choose a new password',
  activate: 'Welcome to Quire',
  'activate-success': 'Your account is ready',
  'activate-error': 'Activation failed',
  'activate-notif': 'Your e-mail preferences',
  close: '',
};
const SUBMIT: Record<FormName, string> = {
  login: 'Log in',
  register: 'Create my account',
  forgot: 'Send the reset link',
  resend: 'Send a new activation link',
  reset: 'Save my new password',
};
const LABELS: Record<string, string> = {
  login: 'E-mail address',
  email: 'E-mail address',
  name: 'Your name',
  password: 'Password',
};
/** Where the calls go (src/web/app/session.ts `signUpServices`). */
const CALLS: Record<string, string> = {
  login: 'profile/session',
  confirmLogin: 'profile/session',
  register: 'account/',
  forgot: 'profile/password/request',
  resend: 'profile/reactivate',
  reset: 'profile/password/',
};
const CAPTCHA = 'I am not a robot';

/** The captcha provider's widget: solving it hands over a token. */
const renderCaptcha: RenderCaptcha = ({ onToken }) => (
  <button type="button" onClick={() => onToken('captcha-token')}>
    {CAPTCHA}
  </button>
);

const dialog = () => page.getByRole('dialog');
let popup = new FakePopup();
let effects: AppEffects;

function field(form: FormName, name: string) {
  if (form === 'reset' && name === 'password') return page.getByLabelText('New password', { exact: true });
  if (name === 'password') return page.getByLabelText('Password', { exact: true });
  return page.getByRole('textbox', { name: LABELS[name] });
}

/** A tab switch as the view offers it on the current tab. */
async function selectTab(tab: string, actor: ModalActor) {
  const shown = tabOf(actor.getSnapshot());
  if (shown === 'login' || shown === 'register') {
    if (tab === 'login' || tab === 'register') return page.getByRole('tab', { name: tab === 'login' ? 'Log in' : 'Sign up' }).click();
    return page.getByRole('button', { name: tab === 'forgot' ? 'Forgot your password?' : 'Send it again' }).click();
  }
  if (shown === 'mfa') return page.getByRole('button', { name: 'Log in with another account' }).click();
  if (shown === 'register-success') return page.getByRole('button', { name: tab === 'login' ? 'Go to log in' : 'send it again' }).click();
  if (shown === 'activate-error')
    return page.getByRole('button', { name: tab === 'login' ? 'Back to log in' : 'Get a new activation link' }).click();
  if (shown === 'activate-notif' || shown === 'activate-success') {
    // Signed in: the view offers no tab switch; one sent anyway (another part of the app) changes nothing.
    await see(page.getByRole('tab')).not.toBeInTheDocument();
    actor.send({ type: 'user.selectTab', tab: tab as 'login' });
    return;
  }
  return page.getByRole('button', { name: 'Back to log in' }).click();
}

/** The mfa child: type the code, verify, and the confirm-login call answers (or the expired code starts over). */
async function driveMfa(run: UiRun<ModalActor>, output: { kind: string; content?: unknown }) {
  await page.getByRole('textbox', { name: 'Verification code' }).fill('123456');
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  const request = await run.net.take('POST', 'profile/session');
  if (output.kind === 'verified') return run.net.ok(request, output.content);
  run.net.fail(request, { kind: 'server', status: 400, type: 'AUTH', code: 1552 });
  await page.getByRole('button', { name: 'Start again' }).click();
}

/** The activation child: choose a context, activate, and the login that follows answers. */
async function driveActivation(run: UiRun<ModalActor>, output: { kind: string; content?: unknown; errorId?: string }) {
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByRole('button', { name: 'Activate my account' }).click();
  const activate = await run.net.take('POST', 'profile/activate');
  if (output.kind === 'failed') return run.net.fail(activate, { kind: 'server', status: 400, type: 'AUTH', code: 110 });
  run.net.ok(activate, { hash: 'h'.repeat(32) });
  run.net.ok(await run.net.take('POST', 'profile/session'), output.content);
}

/** The social pop-up answers: its landing page posts the provider's fragment, or the user closes it. */
async function driveSocial(run: UiRun<ModalActor>, output: { kind: string; outcome?: { kind: string; hash?: string; email?: string } }) {
  const o = output.outcome;
  if (output.kind === 'failed') {
    popup.closed = true;
    return run.clock.runUntil(() => run.received.includes('xstate.done.actor.socialSignIn'), 'the pop-up was found closed');
  }
  if (o?.kind === 'hash') return popup.land(`#hash-${o.hash}`);
  if (o?.kind === 'activation') return popup.land(`#activation-${o.hash}`);
  if (o?.kind === 'inactive') return popup.land(`#inactive-${o.email}`);
  throw new Error(`no social outcome ${JSON.stringify(output)}`);
}

describeUiPaths<ModalActor>('sign-up-modal', {
  mount: (run, input) => {
    popup = new FakePopup();
    const wired = signUpServices(run.api, popup);
    effects = wired.effects;
    const actor = run.create(provideSignUpModal(wired.services), input) as unknown as ModalActor;
    return { actor, view: <SignUpModal actor={actor} captcha="altcha" renderCaptcha={renderCaptcha} /> };
  },
  async step(event, run) {
    const { actor, net } = run;
    const e = event as unknown as { tab: string; field: string; value: string | boolean; provider: string; output: never };
    const form = activeForm(actor.getSnapshot());
    switch (event.type) {
      case 'route.opened': {
        // The router opens the modal on a header route or a link (AuthHost); back from a full-page
        // social sign-in it resumes that sign-in, whose channel may fail (as with user.social).
        const failing = 'resumeSocial' in event && run.next?.type === 'xstate.error.actor.socialSignIn';
        if (failing) popup.listenError = new ApiCallError('network', { status: 0 });
        actor.send(event as EventObject as Parameters<ModalActor['send']>[0]);
        if (failing) await expect.poll(() => run.received.includes('xstate.error.actor.socialSignIn')).toBe(true);
        return;
      }
      case 'user.selectTab':
        return selectTab(e.tab, actor);
      case 'user.close':
        return dialog().getByRole('button', { name: 'Close' }).click();
      case 'user.dismiss':
        // A click on the backdrop (outside the panel: the dialog element itself).
        (dialog().element() as HTMLElement).click();
        return;
      case 'user.continue':
        return page
          .getByRole('button', { name: tabOf(actor.getSnapshot()) === 'activate-notif' ? 'Continue' : 'Go to my dashboard' })
          .click();
      case 'user.setField': {
        if (!form) throw new Error('no form shown');
        if (e.field === 'g-recaptcha-response') return page.getByRole('button', { name: CAPTCHA }).click();
        if (e.field === 'tos') {
          const box = page.getByRole('checkbox');
          if ((box.element() as HTMLInputElement).checked !== e.value) await box.click();
          return;
        }
        return field(form, e.field).fill(String(e.value));
      }
      case 'user.submit':
        if (!form) throw new Error('no form shown');
        return page.getByRole('button', { name: SUBMIT[form] }).click();
      case 'user.social': {
        if (run.next?.type === 'xstate.error.actor.socialSignIn') {
          // The pop-up's channel fails: the social sign-in errors.
          popup.listenError = new ApiCallError('network', { status: 0 });
        }
        await page.getByRole('button', { name: `Continue with ${e.provider[0]?.toUpperCase()}${e.provider.slice(1)}` }).click();
        if (run.next?.type === 'xstate.error.actor.socialSignIn')
          await expect.poll(() => run.received.includes('xstate.error.actor.socialSignIn')).toBe(true);
        else await expect.poll(() => popup.listening).toBe(true);
        return;
      }
      case 'xstate.done.actor.mfa':
        return driveMfa(run, (event as unknown as { output: { kind: string } }).output);
      case 'xstate.done.actor.activation':
        return driveActivation(run, (event as unknown as { output: { kind: string } }).output);
      case 'xstate.done.actor.socialSignIn':
        return driveSocial(run, (event as unknown as { output: { kind: string } }).output);
    }
    const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)?.[2];
    if (call && CALLS[call]) return net.answer(await net.take('POST', CALLS[call]), event);
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const tab = tabOf(snapshot);
    const { notice, errorId, forms } = snapshot.context;
    if (tab === 'close') {
      await see(dialog()).not.toBeInTheDocument();
      if (snapshot.value !== 'closed') expect(effects.endings.length).toBe(1);
      return;
    }
    await see(page.getByRole('heading', { name: TITLES[tab] })).toBeVisible();
    if (notice) await see(dialog().getByText(message(notice), { exact: true }).first()).toBeVisible();
    const form = activeForm(snapshot);
    if (!form) return;
    if (errorId)
      await see(
        dialog()
          .getByRole('alert')
          .filter({ hasText: message(errorId) })
          .first(),
      ).toBeVisible();
    const step = (snapshot.value as Record<string, string>)[tab as string];
    const submit = see(page.getByRole('button', { name: SUBMIT[form] }));
    if (step === 'editing') await submit.toBeEnabled();
    else if (!(form === 'login' && step === 'confirming')) await submit.toBeDisabled();
    const values = forms[form].values as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(values)) {
      if (name === 'g-recaptcha-response' || name === 'tos') continue;
      await see(field(form, name)).toHaveValue(String(value));
    }
  },
});
