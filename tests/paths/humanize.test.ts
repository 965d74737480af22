/** Event, guard and action names in words (src/tools/diagram/humanize.ts). */
import { describe, expect, it } from 'vitest';
import { and, assign, cancel, not, raise, sendParent, sendTo, setup, spawnChild, stopChild } from 'xstate';
import {
  eventText,
  humanizeAction,
  humanizeDelay,
  humanizeEvent,
  humanizeGuard,
  humanizeTransition,
  transitionText,
  words,
} from '../../src/tools/diagram/humanize';

describe('words', () => {
  it('splits camelCase, snake_case, kebab-case and dots, keeping abbreviations', () => {
    expect(words('loadTriggers')).toBe('load triggers');
    expect(words('access_token')).toBe('access token');
    expect(words('sign-up.modal')).toBe('sign up modal');
    expect(words('openURLPreview')).toBe('open URL preview');
    expect(words('MFA')).toBe('MFA');
  });
});

describe('humanizeEvent', () => {
  it('reads delays in ms, s and min, and named delays as words or their value', () => {
    expect(humanizeEvent('xstate.after.500.signUp.login.editing', { stateId: 'signUp.login.editing' })).toEqual({ text: 'after 500 ms' });
    expect(humanizeEvent('xstate.after.7000.router.loading', { stateId: 'router.loading' }).text).toBe('after 7 s');
    expect(humanizeEvent('xstate.after.1500.x').text).toBe('after 1.5 s');
    expect(humanizeDelay('120000')).toBe('after 2 min');
    expect(humanizeEvent('xstate.after.pollInterval.bookList.list', { stateId: 'bookList.list' }).text).toBe('after poll interval');
    expect(humanizeEvent('xstate.after.pollInterval.a', { stateId: 'a', delays: { pollInterval: 3000 } }).text).toBe('after 3 s');
  });

  it('names invoke results and state completion', () => {
    expect(humanizeEvent('xstate.done.actor.loadTriggers').text).toBe('load triggers done');
    expect(humanizeEvent('xstate.error.actor.x').text).toBe('x failed');
    expect(humanizeEvent('xstate.done.actor.*').text).toBe('a child done');
    expect(humanizeEvent('xstate.snapshot.upload').text).toBe('upload updated');
    expect(humanizeEvent('xstate.done.state.bookSettings').text).toBe('finished');
    expect(humanizeEvent('').text).toBe('immediately');
  });

  it('shows where an event comes from', () => {
    expect(humanizeEvent('user.setCode')).toEqual({ text: 'set code', origin: 'user' });
    expect(humanizeEvent('server.bookConverted')).toEqual({ text: 'book converted', origin: 'server' });
    expect(humanizeEvent('tab.userChanged')).toEqual({ text: 'user changed', origin: 'other tab' });
    expect(humanizeEvent('key.escape')).toEqual({ text: 'escape', origin: 'keyboard' });
    // A lone participle keeps its subject.
    expect(humanizeEvent('viewport.changed')).toEqual({ text: 'viewport changed', origin: 'screen' });
    expect(humanizeEvent('route.opened')).toEqual({ text: 'route opened' });
    expect(humanizeEvent('modal.open')).toEqual({ text: 'modal open' });
    expect(eventText(humanizeEvent('user.setCode'))).toBe('set code (user)');
  });

  it('takes per-machine names, for a type or for a delay from any state, keeping the origin', () => {
    const overrides = { 'user.ok': 'confirm', 'xstate.after.500': 'after the fade', 'xstate.done.actor.*': 'an alert closed' };
    expect(humanizeEvent('user.ok', { overrides })).toEqual({ text: 'confirm', origin: 'user' });
    expect(humanizeEvent('xstate.after.500.a.b', { stateId: 'a.b', overrides }).text).toBe('after the fade');
    expect(humanizeEvent('xstate.done.actor.*', { overrides }).text).toBe('an alert closed');
    expect(humanizeEvent('user.other', { overrides }).text).toBe('other');
  });
});

describe('humanizeGuard', () => {
  it('reads named, parameterized, combined and inline guards', () => {
    expect(humanizeGuard('isCodeValid')).toBe('code valid');
    expect(humanizeGuard('codeValid')).toBe('code valid');
    expect(humanizeGuard({ type: 'tabIs', params: { tab: 'login' } })).toBe('tab is login');
    expect(humanizeGuard({ type: 'isBeyond', params: { page: 3 } })).toBe('beyond (page 3)');
    expect(humanizeGuard(and(['hasSelection', not('isBusy')]))).toBe('has selection and not busy');
    expect(humanizeGuard(() => true)).toBe('condition');
    expect(humanizeGuard(undefined)).toBeUndefined();
  });

  it('keeps the constants of a params function and drops what depends on the run', () => {
    const codeIs = (code: number) => ({
      type: 'errorIs',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, code }),
    });
    expect(humanizeGuard(codeIs(112))).toBe('error is 112');
    const next = { type: 'goTo', params: ({ context }: { context: { page: number } }) => ({ page: context.page + 1 }) };
    expect(humanizeAction(next)).toBe('go to');
  });
});

describe('humanizeAction', () => {
  it('reads named actions, assign and built-ins; hides what `after` is made of', () => {
    expect(humanizeAction('clearError')).toBe('clear error');
    expect(humanizeAction({ type: 'notice', params: { id: 'account.saved' } })).toBe('notice “account.saved”');
    expect(humanizeAction(assign({ code: '', error: null }))).toBe('set code, error');
    expect(humanizeAction(assign(() => ({})))).toBe('update context');
    expect(humanizeAction(raise({ type: 'user.submit' }))).toBe('raise “submit (user)”');
    expect(humanizeAction(raise({ type: 'xstate.after.500.x' }))).toBeUndefined();
    expect(humanizeAction(cancel('xstate.after.500.x'))).toBeUndefined();
    expect(humanizeAction(sendTo('child', { type: 'ping' }))).toBe('tell child “ping”');
    expect(humanizeAction(sendParent({ type: 'file.done' }))).toBe('tell parent “file done”');
    expect(humanizeAction(spawnChild('upload', { id: 'file1' }))).toBe('start file1');
    expect(humanizeAction(stopChild('file1'))).toBe('stop file1');
  });
});

describe('humanizeTransition', () => {
  const machine = setup({
    types: { events: {} as { type: 'user.submit' } | { type: 'user.setCode'; code: string } },
    guards: { isCodeValid: () => true },
    actions: { clearError: () => undefined },
  }).createMachine({
    id: 'mfa',
    initial: 'editing',
    states: {
      editing: { on: { 'user.submit': { guard: 'isCodeValid', target: 'sending', actions: 'clearError' } } },
      sending: { after: { 500: 'editing' } },
    },
  });

  it('reads "submit (user) [code valid] / clear error"', () => {
    const [t] = machine.root.states.editing?.transitions.get('user.submit') ?? [];
    if (!t) throw new Error('no transition');
    const h = humanizeTransition(t);
    expect(h).toEqual({ event: { text: 'submit', origin: 'user' }, guard: 'code valid', actions: ['clear error'] });
    expect(transitionText(h)).toBe('submit (user) [code valid] / clear error');
    const [after] = machine.root.states.sending?.transitions.get('xstate.after.500.mfa.sending') ?? [];
    if (!after) throw new Error('no delayed transition');
    expect(transitionText(humanizeTransition(after))).toBe('after 500 ms');
  });
});
