import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type AppFacts, NO_FACTS, visitorOf } from '../../../machines/app.machine';
import { ANONYMOUS, thirdPartyMachine, type Visitor } from '../../../machines/third-party.machine';
import type { ScriptConsent } from '../../../src/contracts/accounts';

const CONSENTING: Visitor = {
  signedIn: true,
  email: 'ada@example.org',
  language: 'fr',
  consents: { support_chat: true, page_testing: true },
};

function start(configured: Record<ScriptConsent, boolean> = { support_chat: true, page_testing: true }) {
  const loaded: ScriptConsent[] = [];
  const removed: ScriptConsent[] = [];
  const identify = vi.fn();
  const machine = thirdPartyMachine.provide({
    actors: {
      loadScript: fromPromise(async ({ input }) => {
        loaded.push(input.name);
      }),
    },
    actions: {
      unloadScript: (_, { name }) => removed.push(name),
      identify: (_, user) => identify(user),
    },
  });
  const actor = createActor(machine, { input: { configured } }).start();
  const see = (visitor: Visitor) => actor.send({ type: 'visitor.changed', visitor });
  return { actor, see, loaded, removed, identify };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('support chat and page-testing loaders (SPEC §7)', () => {
  it('never load for a visitor, a user without e-mail, or without consent', async () => {
    const s = start();
    s.see(ANONYMOUS);
    // A stored user whose session is not signed in (checking, expired) counts as a visitor.
    s.see({ ...CONSENTING, signedIn: false });
    s.see({ ...CONSENTING, email: null });
    s.see({ ...CONSENTING, email: '' });
    s.see({ ...CONSENTING, consents: {} });
    s.see({ ...CONSENTING, consents: { support_chat: false, page_testing: false } });
    await settle();
    expect(s.loaded).toEqual([]);
    expect(s.actor.getSnapshot().value).toMatchObject({ support_chat: 'off', page_testing: 'off' });
  });

  it('never load when not configured, whoever signs in', async () => {
    const s = start({ support_chat: false, page_testing: false });
    s.see(CONSENTING);
    await settle();
    expect(s.loaded).toEqual([]);
    // The tracker still learns who signed in.
    expect(s.identify).toHaveBeenCalledWith({ email: 'ada@example.org', language: 'fr' });
  });

  it('load each consented script for a signed-in user with an e-mail, and remove them at sign-out', async () => {
    const s = start();
    s.see({ ...CONSENTING, consents: { support_chat: true } });
    await settle();
    expect(s.loaded).toEqual(['support_chat']);
    expect(s.actor.getSnapshot().value).toMatchObject({ support_chat: 'loaded', page_testing: 'off' });
    // Consent given later, from the preferences: the other loads too, the first is not loaded twice.
    s.see(CONSENTING);
    await settle();
    expect(s.loaded).toEqual(['support_chat', 'page_testing']);
    // Consent withdrawn: that script goes.
    s.see({ ...CONSENTING, consents: { page_testing: true } });
    expect(s.removed).toEqual(['support_chat']);
    s.see(ANONYMOUS);
    expect(s.removed).toEqual(['support_chat', 'page_testing']);
    expect(s.actor.getSnapshot().value).toMatchObject({ support_chat: 'off', page_testing: 'off' });
  });

  it('identifies the user to the tracker once per sign-in', () => {
    const s = start();
    s.see(CONSENTING);
    s.see({ ...CONSENTING, consents: {} });
    expect(s.identify).toHaveBeenCalledTimes(1);
    s.see(ANONYMOUS);
    s.see({ ...CONSENTING, email: null });
    expect(s.identify).toHaveBeenCalledTimes(1);
    s.see(CONSENTING);
    expect(s.identify).toHaveBeenCalledTimes(2);
  });
});

describe('what the app root tells the loaders', () => {
  const user = { email: 'ada@example.org', language: 'en', consents: { support_chat: true } };
  const facts = (f: Partial<AppFacts>): AppFacts => ({ ...NO_FACTS, ...f });

  it('a stored user counts only while the session is signed in', () => {
    expect(visitorOf(facts({ session: 'loggedIn', user }))).toEqual({ signedIn: true, ...user });
    for (const session of ['checking', 'loggedOut', 'expired', 'loggingOut'] as const) {
      expect(visitorOf(facts({ session, user }))).toEqual(ANONYMOUS);
    }
    expect(visitorOf(facts({ session: 'loggedIn', user: null }))).toEqual(ANONYMOUS);
  });
});
