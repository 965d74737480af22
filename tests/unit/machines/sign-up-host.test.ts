import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { modalInputOf, openingOf, type SignUpHostFacts, signUpHostMachine } from '../../../machines/sign-up/host.machine';

const none: SignUpHostFacts = { expiredSignIn: false, loginRequired: false, loggedIn: false, authPage: false };

/** The reason priority (was AuthHost's): expired, then required, then route, else nothing. */
describe('sign-up host', () => {
  it.each([
    [none, null],
    [{ ...none, page: 'home' }, null],
    [{ ...none, expiredSignIn: true, loginRequired: true, authPage: true, page: 'login' }, 'expired'],
    [{ ...none, expiredSignIn: true, loggedIn: true }, 'expired'],
    [{ ...none, loginRequired: true, authPage: true, page: 'register' }, 'required'],
    [{ ...none, authPage: true, page: 'forgot' }, 'route'],
    [{ ...none, loggedIn: true, authPage: true, page: 'login' }, null],
    [{ ...none, loggedIn: true, authPage: true, page: 'activate', hash: 'a'.repeat(32) }, 'route'],
    // Back from a full-page social sign-in: the modal opens (closable, login) to resume it, unless signed in.
    [{ ...none, page: 'home', socialPending: 'google' as const }, 'route'],
    [{ ...none, loggedIn: true, page: 'home', socialPending: 'google' as const }, null],
  ])('%o → %s', (facts, reason) => {
    const host = createActor(signUpHostMachine, { input: none }).start();
    host.send({ type: 'facts.changed', ...facts });
    expect(openingOf(host.getSnapshot())?.reason ?? null).toBe(reason);
  });

  it('one opening per reason, page and hash (a new key is a new modal)', () => {
    const host = createActor(signUpHostMachine, { input: { ...none, authPage: true, page: 'reset', hash: 'r'.repeat(32) } }).start();
    expect(openingOf(host.getSnapshot())).toEqual({
      reason: 'route',
      page: 'reset',
      hash: 'r'.repeat(32),
      key: `route|reset|${'r'.repeat(32)}`,
    });
    host.send({ type: 'facts.changed', ...none, loginRequired: true, authPage: true, page: 'reset', hash: 'r'.repeat(32) });
    expect(openingOf(host.getSnapshot())?.key).toBe(`required|reset|${'r'.repeat(32)}`);
  });

  it('a waiting full-page social sign-in is resumed by the modal that opens, whatever its reason', () => {
    const host = createActor(signUpHostMachine, { input: { ...none, page: 'home', socialPending: 'linkedin' } }).start();
    const opening = openingOf(host.getSnapshot());
    expect(opening).toMatchObject({ reason: 'route', page: 'login', resumeSocial: 'linkedin' });
    expect(modalInputOf(opening!, { knownAccount: false, devMode: false })).toMatchObject({ resumeSocial: 'linkedin' });
    host.send({ type: 'facts.changed', ...none, loginRequired: true, page: 'account', socialPending: 'linkedin' });
    expect(openingOf(host.getSnapshot())).toMatchObject({ reason: 'required', resumeSocial: 'linkedin' });
  });

  it("the modal's input for an opening", () => {
    const browser = { knownAccount: false, devMode: false };
    expect(modalInputOf({ reason: 'expired', page: 'books', hash: undefined }, browser)).toMatchObject({
      reason: 'expired',
      knownAccount: true,
      initialTab: 'login',
    });
    expect(modalInputOf({ reason: 'route', page: 'resend', hash: undefined }, browser)).toMatchObject({ initialTab: 'resend' });
    expect(modalInputOf({ reason: 'route', page: 'reset', hash: 'r'.repeat(32) }, browser)).toMatchObject({
      initialTab: undefined,
      resetHash: 'r'.repeat(32),
      activationHash: undefined,
    });
    expect(modalInputOf({ reason: 'required', page: 'activate', hash: 'a'.repeat(32) }, browser)).toMatchObject({
      activationHash: 'a'.repeat(32),
    });
  });
});
