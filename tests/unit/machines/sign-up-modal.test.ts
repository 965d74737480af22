import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ActivationActorRef } from '../../../machines/activation.machine';
import type { MfaActorRef } from '../../../machines/mfa.machine';
import { errors, HASH, loginContent } from '../../../machines/sign-up/fixtures';
import { provideSignUpModal } from '../../../machines/sign-up/provide';
import { firstTab, type SignUpModalInput, tabOf } from '../../../machines/sign-up-modal.machine';
import { fakeServices, fakeSocial, rejecting, settle, until } from './sign-up-fakes';

const base: SignUpModalInput = { reason: 'route', knownAccount: true, devMode: false };

function open(input: Partial<SignUpModalInput> = {}, services = fakeServices()) {
  const actor = createActor(provideSignUpModal(services), { input: { ...base, ...input } });
  actor.start();
  const set = (field: string, value: string | boolean) => actor.send({ type: 'user.setField', field: field as never, value });
  return { actor, services, set, tab: () => tabOf(actor.getSnapshot()) };
}

describe('default tab (SPEC §2)', () => {
  it.each([
    [{ knownAccount: true }, 'login'],
    [{ knownAccount: false }, 'register'],
    [{ knownAccount: true, initialTab: 'register' as const }, 'register'],
    [{ knownAccount: false, initialTab: 'forgot' as const }, 'forgot'],
    [{ knownAccount: false, initialTab: 'resend' as const }, 'resend'],
    [{ knownAccount: true, resetHash: 'r'.repeat(32), initialTab: 'login' as const }, 'reset'],
    [{ knownAccount: true, activationHash: 'a'.repeat(32), resetHash: 'r'.repeat(32) }, 'activate'],
  ])('%o opens on %s', (input, tab) => {
    expect(firstTab(input)).toBe(tab);
    expect(open(input).tab()).toBe(tab);
  });

  it('a header route while open switches the tab', () => {
    const { actor, tab } = open();
    actor.send({ type: 'route.opened', initialTab: 'resend' });
    expect(tab()).toBe('resend');
    actor.send({ type: 'route.opened' });
    expect(tab()).toBe('login');
  });

  it('tab links switch between login, register, forgot and resend, keeping values', () => {
    const { actor, set, tab } = open();
    set('login', 'ada@example.org');
    actor.send({ type: 'user.selectTab', tab: 'forgot' });
    expect(tab()).toBe('forgot');
    actor.send({ type: 'user.selectTab', tab: 'login' });
    expect(actor.getSnapshot().context.forms.login.values.login).toBe('ada@example.org');
  });
});

describe('login (SPEC §4, §5, §8)', () => {
  it('invalid fields stay on the tab with their message ids and no call is made', () => {
    const { actor, services, set } = open();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.forms.login.errors).toEqual({ login: 'validation.required', password: 'validation.required' });
    set('login', 'not-an-email');
    expect(actor.getSnapshot().context.forms.login.errors).toEqual({ password: 'validation.required' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.forms.login.errors.login).toBe('validation.email');
    expect(services.login).not.toHaveBeenCalled();
  });

  it('logs in, confirms with the hash, saves the user and finishes signed in', async () => {
    const { actor, services, set } = open();
    set('login', '  Ada@Example.org ');
    set('password', 'secret');
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.login.mock.calls[0]?.[0]).toEqual({ login: 'ada@example.org', password: 'secret' });
    expect(services.confirmLogin.mock.calls[0]?.[0]).toEqual({ hash: HASH });
    expect(services.saveUser).toHaveBeenCalledWith(loginContent());
    expect(done.output).toEqual({ kind: 'signedIn', content: loginContent() });
  });

  it('155 opens the mfa tab with its hash; a verified code signs in', async () => {
    const services = fakeServices({ login: rejecting(errors.mfaRequired) });
    const { actor, set, tab } = open({}, services);
    set('login', 'ada@example.org');
    set('password', 'secret');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('mfa'));
    expect(tab()).toBe('mfa');
    const mfa = actor.getSnapshot().children.mfa as MfaActorRef;
    expect(mfa.getSnapshot().context.hash).toBe(HASH);
    mfa.send({ type: 'user.setCode', code: '123456' });
    mfa.send({ type: 'user.toggleTrust' });
    mfa.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.confirmLogin).toHaveBeenCalledWith({ hash: HASH, code: '123456', trust_device: 'yes' }, expect.anything());
    expect(services.saveUser).toHaveBeenCalledTimes(1);
    expect(done.output?.kind).toBe('signedIn');
  });

  it('an expired second-factor code comes back to the login tab', async () => {
    const services = fakeServices({ login: rejecting(errors.mfaRequired), confirmLogin: rejecting(errors.expiredCode) });
    const { actor, set, tab } = open({}, services);
    set('login', 'ada@example.org');
    set('password', 'secret');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('mfa'));
    const mfa = actor.getSnapshot().children.mfa as MfaActorRef;
    mfa.send({ type: 'user.setCode', code: '654321' });
    mfa.send({ type: 'user.submit' });
    await until(mfa, (s) => s.matches('expired'));
    expect(mfa.getSnapshot().context.errorId).toBe('errors.AUTH.1552');
    mfa.send({ type: 'user.restart' });
    expect(tab()).toBe('login');
    expect(actor.getSnapshot().context.loginHash).toBeNull();
  });

  it('112 opens the resend tab with the message and the login e-mail', async () => {
    const { actor, set, tab } = open({}, fakeServices({ login: rejecting(errors.notActivated) }));
    set('login', 'ada@example.org');
    set('password', 'secret');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('resend'));
    expect(tab()).toBe('resend');
    expect(actor.getSnapshot().context.notice).toBe('errors.AUTH.112');
    expect(actor.getSnapshot().context.forms.resend.values.email).toBe('ada@example.org');
  });

  it('other errors stay on login with the message id', async () => {
    const { actor, set } = open({}, fakeServices({ login: rejecting(errors.badCredentials) }));
    set('login', 'ada@example.org');
    set('password', 'wrong');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches({ login: 'editing' }) && s.context.errorId !== null);
    expect(actor.getSnapshot().context.errorId).toBe('errors.AUTH.100');
  });
});

describe('register, forgot, resend, reset (SPEC §4, §5, §8)', () => {
  it('register needs terms and a captcha; success shows the e-mail', async () => {
    const { actor, services, set, tab } = open({ knownAccount: false });
    set('name', 'Ada');
    set('email', 'Ada@Example.org');
    set('password', 'correct horse battery');
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.forms.register.errors).toEqual({
      tos: 'validation.accepted',
      'g-recaptcha-response': 'validation.required',
    });
    set('tos', true);
    set('g-recaptcha-response', 'token');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('registerSuccess'));
    expect(tab()).toBe('register-success');
    expect(actor.getSnapshot().context.registeredEmail).toBe('ada@example.org');
    expect(services.register.mock.calls[0]?.[0]).toEqual({
      name: 'Ada',
      email: 'ada@example.org',
      password: 'correct horse battery',
      'g-recaptcha-response': 'token',
      tos: 1,
    });
  });

  it('dev mode needs no captcha; a failed call spends the captcha token', async () => {
    const { actor, set } = open({ knownAccount: false, devMode: true }, fakeServices({ register: rejecting(errors.validation) }));
    set('name', 'Ada');
    set('email', 'ada@example.org');
    set('password', 'correct horse battery');
    set('tos', true);
    set('g-recaptcha-response', 'token');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches({ register: 'editing' }) && s.context.errorId !== null);
    expect(actor.getSnapshot().context.errorId).toBe('errors.VALIDATION.1');
    expect(actor.getSnapshot().context.forms.register.values['g-recaptcha-response']).toBe('');
  });

  it('forgot: success message on the login tab', async () => {
    const { actor, services, set, tab } = open({ initialTab: 'forgot' });
    set('email', 'ada@example.org');
    set('g-recaptcha-response', 'token');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('login'));
    expect(tab()).toBe('login');
    expect(actor.getSnapshot().context.notice).toBe('account.forgot.success');
    expect(services.forgot.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.org', 'g-recaptcha-response': 'token' });
  });

  it('resend: success message, then the modal closes', async () => {
    const { actor, services, set } = open({ initialTab: 'resend' });
    set('email', 'ada@example.org');
    set('g-recaptcha-response', 'token');
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.showSuccess).toHaveBeenCalledWith('account.resend.success');
    expect(done.output).toEqual({ kind: 'closed' });
  });

  it('resend in a non-closeable modal shows the message on the login tab', async () => {
    const { actor, set } = open({ initialTab: 'resend', reason: 'required' as const, devMode: true });
    set('email', 'ada@example.org');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('login'));
    expect(actor.getSnapshot().context.notice).toBe('account.resend.success');
  });

  it.each([
    [errors.invalidReset, 'forgot' as const, 'errors.AUTH.110'],
    [errors.notActivated, 'resend' as const, 'errors.AUTH.112'],
  ])('reset error %#: opens %s with %s', async (error, wanted, notice) => {
    const { actor, services, set, tab } = open({ resetHash: 'r'.repeat(32) }, fakeServices({ reset: rejecting(error) }));
    set('password', 'correct horse battery');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches(wanted));
    expect(tab()).toBe(wanted);
    expect(actor.getSnapshot().context.notice).toBe(notice);
    expect(services.reset.mock.calls[0]?.[0]).toEqual({ password: 'correct horse battery', hash: 'r'.repeat(32) });
  });

  it('reset success goes to the login tab; short passwords stay', async () => {
    const { actor, set } = open({ resetHash: 'r'.repeat(32) });
    set('password', 'short');
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.forms.reset.errors).toEqual({ password: 'account.password.tooShort' });
    set('password', 'correct horse battery');
    actor.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('login'));
    expect(actor.getSnapshot().context.notice).toBe('account.reset.success');
  });
});

describe('closing (SPEC §2 Routing)', () => {
  it('a closeable modal closes by button and by dismissal', () => {
    const a = open();
    expect(a.actor.getSnapshot().can({ type: 'user.close' })).toBe(true);
    a.actor.send({ type: 'user.close' });
    expect(a.actor.getSnapshot().output).toEqual({ kind: 'closed' });
    const b = open();
    b.actor.send({ type: 'user.dismiss' });
    expect(b.actor.getSnapshot().status).toBe('done');
  });

  it('a non-closeable modal has no close button and leaves to the root when dismissed', () => {
    const { actor, services, tab } = open({ reason: 'required' as const });
    expect(actor.getSnapshot().can({ type: 'user.close' })).toBe(false);
    actor.send({ type: 'user.close' });
    expect(tab()).toBe('login');
    actor.send({ type: 'user.dismiss' });
    expect(services.leaveToRoot).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('social sign-in (SPEC §4)', () => {
  it('an inactive profile behaves like register success', async () => {
    const services = fakeServices({}, fakeSocial({ hash: '#inactive-ada%40example.org' }));
    const { actor, tab } = open({}, services);
    actor.send({ type: 'user.social', provider: 'facebook' });
    await until(actor, (s) => s.matches('registerSuccess'));
    expect(tab()).toBe('register-success');
    expect(actor.getSnapshot().context.registeredEmail).toBe('ada@example.org');
    expect(services.socialSignIn.openPopup).toHaveBeenCalledWith('facebook');
  });

  it('an activation code opens the activate tab with that hash', async () => {
    const { actor, tab } = open({ knownAccount: false }, fakeServices({}, fakeSocial({ hash: `#activation-${'a'.repeat(32)}` })));
    actor.send({ type: 'user.social', provider: 'linkedin' });
    await until(actor, (s) => s.matches('activate'));
    expect(tab()).toBe('activate');
    const activation = actor.getSnapshot().children.activation as ActivationActorRef;
    expect(activation.getSnapshot().context.hash).toBe('a'.repeat(32));
  });

  it('a hash confirms the login', async () => {
    const { actor, services } = open();
    actor.send({ type: 'user.social', provider: 'google' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.confirmLogin.mock.calls[0]?.[0]).toEqual({ hash: HASH });
    expect(done.output?.kind).toBe('signedIn');
  });

  it('an authenticator-app profile still gives its code after a social sign-in (155 → mfa)', async () => {
    const { actor, tab } = open({}, fakeServices({ confirmLogin: rejecting(errors.mfaRequired) }));
    actor.send({ type: 'user.social', provider: 'google' });
    await until(actor, (s) => s.matches('mfa'));
    expect(tab()).toBe('mfa');
    const mfa = actor.getSnapshot().children.mfa as MfaActorRef;
    expect(mfa.getSnapshot().context.hash).toBe(HASH);
  });

  it('a closed pop-up (abort) goes back to the tab without a message', async () => {
    const social = fakeSocial({ hash: null });
    const { actor } = open({}, fakeServices({}, social));
    actor.send({ type: 'user.social', provider: 'google' });
    await vi.waitFor(() => expect(social.openPopup).toHaveBeenCalledTimes(1));
    social.closeUser();
    await until(actor, (s) => s.matches({ login: 'editing' }));
    expect(actor.getSnapshot().context.errorId).toBeNull();
  });

  it("a provider's error code is shown on the tab", async () => {
    const { actor } = open({}, fakeServices({}, fakeSocial({ hash: '#error-174' })));
    actor.send({ type: 'user.social', provider: 'google' });
    await until(actor, (s) => s.matches({ login: 'editing' }) && s.context.errorId !== null);
    expect(actor.getSnapshot().context.errorId).toBe('errors.AUTH.174');
  });

  it('back from a full-page sign-in (pop-ups blocked), the modal resumes it: the kept outcome signs in, no pop-up opens', async () => {
    const social = fakeSocial({ kept: () => ({ provider: 'facebook', hash: `#hash-${HASH}`, ageMs: 2_000 }) });
    const { actor, services } = open({ knownAccount: false, resumeSocial: 'facebook' }, fakeServices({}, social));
    const done = await until(actor, (s) => s.status === 'done');
    expect(social.takeKeptResult).toHaveBeenCalledTimes(1);
    expect(social.openPopup).not.toHaveBeenCalled();
    expect(services.confirmLogin.mock.calls[0]?.[0]).toEqual({ hash: HASH });
    expect(done.output?.kind).toBe('signedIn');
  });

  it('a resumed sign-in whose kept outcome is gone opens the pop-up again; a later route opening does not resume', async () => {
    const social = fakeSocial({ hash: null });
    const { actor } = open({ resumeSocial: 'google' }, fakeServices({}, social));
    await vi.waitFor(() => expect(social.openPopup).toHaveBeenCalledWith('google'));
    social.closeUser();
    await until(actor, (s) => s.matches({ login: 'editing' }));
    actor.send({ type: 'route.opened', initialTab: 'login' });
    await settle();
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
    expect(social.takeKeptResult).toHaveBeenCalledTimes(1);
  });

  it('leaving the tab while the pop-up is open closes the pop-up', async () => {
    const social = fakeSocial({ hash: null });
    const { actor } = open({}, fakeServices({}, social));
    actor.send({ type: 'user.social', provider: 'google' });
    await vi.waitFor(() => expect(social.openPopup).toHaveBeenCalledTimes(1));
    await settle();
    actor.send({ type: 'user.selectTab', tab: 'forgot' });
    expect(social.closePopup).toHaveBeenCalled();
    expect(social.popupClosed()).toBe(true);
  });
});

describe('what follows the modal (finish)', () => {
  it.each([
    ['route' as const, { closeExpiredSignIn: false, navigateTo: '/' }],
    ['required' as const, { closeExpiredSignIn: false, navigateTo: null }],
    ['expired' as const, { closeExpiredSignIn: true, navigateTo: null }],
  ])('a sign-in opened for %s feeds the session, then %o', async (reason, rest) => {
    const { actor, services } = open({ reason });
    actor.send({ type: 'user.social', provider: 'google' });
    await until(actor, (s) => s.status === 'done');
    expect(services.finish).toHaveBeenCalledTimes(1);
    expect(services.finish).toHaveBeenCalledWith({ signedIn: loginContent(), ...rest });
  });

  it("a route's modal closed without signing in goes to the root; activation goes to the dashboard", async () => {
    const closed = open();
    closed.actor.send({ type: 'user.close' });
    expect(closed.services.finish).toHaveBeenCalledWith({ signedIn: null, closeExpiredSignIn: false, navigateTo: '/' });
    const services = fakeServices({ confirmLogin: async () => loginContent({ modification: 1_700_000_000 }) });
    const { actor } = open({ activationHash: 'a'.repeat(32) }, services);
    const activation = actor.getSnapshot().children.activation as ActivationActorRef;
    activation.send({ type: 'user.choose', context: 'ind' });
    activation.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('activateSuccess'));
    actor.send({ type: 'user.continue' });
    expect(services.finish).toHaveBeenCalledWith({
      signedIn: loginContent({ modification: 1_700_000_000 }),
      closeExpiredSignIn: false,
      navigateTo: '/account/dashboard',
    });
  });

  it("dismissing an expired session's sign-in gives it up (no leaving to the root)", () => {
    const { actor, services } = open({ reason: 'expired' });
    actor.send({ type: 'user.dismiss' });
    expect(services.cancelExpiredSignIn).toHaveBeenCalledTimes(1);
    expect(services.leaveToRoot).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('activation tab (SPEC §4)', () => {
  async function activate(modification: number, input: Partial<SignUpModalInput> = {}) {
    const services = fakeServices({ confirmLogin: async () => loginContent({ modification }) });
    const opened = open({ activationHash: 'a'.repeat(32), ...input }, services);
    const activation = opened.actor.getSnapshot().children.activation as ActivationActorRef;
    activation.send({ type: 'user.choose', context: 'ind' });
    activation.send({ type: 'user.submit' });
    await until(opened.actor, (s) => !s.matches('activate'));
    return opened;
  }

  it('outdated consents show activate-notif first, then activate-success, then the dashboard', async () => {
    const { actor, services, tab } = await activate(1_500_000_000);
    expect(tab()).toBe('activate-notif');
    expect(services.saveUser).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.continue' });
    expect(tab()).toBe('activate-success');
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().output?.kind).toBe('activated');
  });

  it('current consents go straight to activate-success; dismissing a signed-in modal never leaves to the root', async () => {
    const { actor, services, tab } = await activate(1_700_000_000, { reason: 'required' as const });
    expect(tab()).toBe('activate-success');
    expect(actor.getSnapshot().can({ type: 'user.selectTab', tab: 'login' })).toBe(false);
    actor.send({ type: 'user.dismiss' });
    expect(services.leaveToRoot).not.toHaveBeenCalled();
    expect(actor.getSnapshot().output?.kind).toBe('activated');
  });

  it('a failure shows activate-error with the message', async () => {
    const services = fakeServices({ activate: rejecting(errors.invalidReset) });
    const { actor, tab } = open({ activationHash: 'a'.repeat(32) }, services);
    const activation = actor.getSnapshot().children.activation as ActivationActorRef;
    activation.send({ type: 'user.choose', context: 'edu' });
    activation.send({ type: 'user.submit' });
    await until(actor, (s) => s.matches('activateError'));
    expect(tab()).toBe('activate-error');
    expect(actor.getSnapshot().context.notice).toBe('errors.AUTH.110');
  });
});
