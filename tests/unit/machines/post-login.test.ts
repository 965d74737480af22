import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, assign, createActor, setup } from 'xstate';
import { type PostLoginRequest, type PostLoginUser, postLoginMachine } from '../../../machines/post-login.machine';

const fresh: PostLoginUser = {
  tos: { required: false },
  profile: { type: 2 },
  account: { context: 'pro' },
  subscriptions: { modification: 1_700_000_000 },
};
const old: PostLoginUser = {
  tos: { required: true },
  profile: { type: 2 },
  account: { context: null },
  subscriptions: { modification: 1_500_000_000 },
};

/** A step stand-in: ends when it receives `step.finish`, with that result as its output. */
const fakeStep = setup({
  types: {} as { context: { result: 'done' | 'signedOut' }; events: { type: 'step.finish'; result: 'done' | 'signedOut' } },
}).createMachine({
  context: { result: 'done' },
  initial: 'open',
  states: {
    open: { on: { 'step.finish': { target: 'finished', actions: assign({ result: ({ event }) => event.result }) } } },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result, user: null }),
});

function run(request: PostLoginRequest) {
  const log: string[] = [];
  const record =
    (name: string) =>
    (_: unknown, params?: { step?: string; path?: string }): void => {
      log.push(params?.step ? `${name}:${params.step}` : params?.path ? `${name}:${params.path}` : name);
    };
  const machine = postLoginMachine.provide({
    actions: {
      showStep: record('show'),
      hideStep: record('hide'),
      visitRedirect: record('visit'),
      closeModal: record('close'),
      signOut: record('signOut'),
    } as never,
    actors: { terms: fakeStep, usageContext: fakeStep, consents: fakeStep } as never,
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'login.succeeded', ...request });
  const step = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'object' ? (value as { running: string }).running : value;
  };
  const finish = (result: 'done' | 'signedOut' = 'done') => {
    const children = actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;
    const name = step() as string;
    const child = children[name];
    if (!child) throw new Error(`no step actor in ${name}`);
    child.send({ type: 'step.finish', result });
  };
  return { actor, log, step, finish };
}

describe('post-login sequence', () => {
  it('runs terms, then usage context, then consents, then visits the redirect path', () => {
    const r = run({ user: old, redirectPath: '/account/book' });
    expect(r.step()).toBe('terms');
    r.finish();
    expect(r.step()).toBe('usageContext');
    r.finish();
    expect(r.step()).toBe('consents');
    r.finish();
    expect(r.step()).toBe('idle');
    expect(r.log).toEqual([
      'show:terms',
      'hide:terms',
      'show:usageContext',
      'hide:usageContext',
      'show:consents',
      'hide:consents',
      'visit:/account/book',
    ]);
    expect(r.actor.getSnapshot().context.run).toBeNull();
  });

  it('skips what is not needed and closes the modal', () => {
    const r = run({ user: fresh });
    expect(r.step()).toBe('idle');
    expect(r.log).toEqual(['close']);
  });

  it('terms alone when only the terms are required', () => {
    const r = run({ user: { ...fresh, tos: { required: true } } });
    expect(r.step()).toBe('terms');
    r.finish();
    expect(r.log).toEqual(['show:terms', 'hide:terms', 'close']);
  });

  it('terms renewal also follows an old modification date (< 1527631200)', () => {
    expect(run({ user: { ...fresh, subscriptions: { modification: 1527631199 } } }).step()).toBe('terms');
    expect(run({ user: { ...fresh, subscriptions: { modification: 1527631200 } } }).step()).toBe('idle');
  });

  it('usage context only for profile type ≥ 2, or a manager using an association session', () => {
    const noContext = { ...fresh, account: { context: null } };
    expect(run({ user: { ...noContext, profile: { type: 1 } } }).step()).toBe('idle');
    expect(run({ user: { ...noContext, profile: { type: 2 } } }).step()).toBe('usageContext');
    expect(run({ user: { ...noContext, profile: { type: 3 } } }).step()).toBe('usageContext');
    expect(run({ user: { ...noContext, profile: { type: 1 } }, isManagerInAssociation: true }).step()).toBe('usageContext');
  });

  it('a page that bypasses terms runs no step', () => {
    const r = run({ user: old, bypassTerms: true, redirectPath: '/terms' });
    expect(r.step()).toBe('idle');
    expect(r.log).toEqual(['visit:/terms']);
  });

  it('the sign-out link of the terms ends the sequence and logs out', () => {
    const r = run({ user: old });
    r.finish('signedOut');
    expect(r.step()).toBe('idle');
    expect(r.log).toEqual(['show:terms', 'hide:terms', 'close', 'signOut']);
  });

  it('user.signOut at any step ends it', () => {
    const r = run({ user: old });
    r.finish();
    expect(r.step()).toBe('usageContext');
    r.actor.send({ type: 'user.signOut' });
    expect(r.step()).toBe('idle');
    expect(r.log.slice(-3)).toEqual(['hide:usageContext', 'close', 'signOut']);
  });

  it('is ready for the next login afterwards; ignores logins while running', () => {
    const r = run({ user: old });
    r.actor.send({ type: 'login.succeeded', user: fresh });
    expect(r.step()).toBe('terms');
    r.actor.send({ type: 'user.signOut' });
    r.actor.send({ type: 'login.succeeded', user: { ...fresh, tos: { required: true } } });
    expect(r.step()).toBe('terms');
  });

  it('the real step machines are invoked with their default actors', async () => {
    const actor = createActor(postLoginMachine).start();
    actor.send({ type: 'login.succeeded', user: old });
    const terms = actor.getSnapshot().children.terms;
    expect(terms?.getSnapshot().value).toBe('unchecked');
    terms?.send({ type: 'user.toggle' });
    terms?.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ running: 'usageContext' }));
  });
});
