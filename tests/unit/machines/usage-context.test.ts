import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PostLoginUser } from '../../../machines/accounts/types';
import { USAGE_CONTEXT_THANKS_MS } from '../../../machines/constants';
import { sortOptions, type UsageContextInput, usageContextMachine } from '../../../machines/usage-context.machine';
import type { ContextFields } from '../../../src/contracts/account-requests';

describe('sortOptions', () => {
  const opt = (value: string, label: string) => ({ value, label });
  it('sorts alphabetically ignoring accents and case, "other" last', () => {
    const sorted = sortOptions([
      opt('other', 'Autre'),
      opt('ed', 'Éducation'),
      opt('ar', 'Ärzte'),
      opt('en', 'energie'),
      opt('ba', 'Banque'),
      opt('ea', 'Eau'),
    ]);
    expect(sorted.map((o) => o.value)).toEqual(['ar', 'ba', 'ea', 'ed', 'en', 'other']);
  });
  it('é sorts with e, not after z', () => {
    expect(sortOptions([opt('z', 'zinc'), opt('e', 'étude'), opt('a', 'acier')]).map((o) => o.label)).toEqual(['acier', 'étude', 'zinc']);
  });
  it('keeps other last even when its label sorts first, and does not mutate', () => {
    const input = [opt('other', 'Aaa other'), opt('b', 'b')];
    expect(sortOptions(input).map((o) => o.value)).toEqual(['b', 'other']);
    expect(input[0]?.value).toBe('other');
  });
});

describe('usage context modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(save: (fields: ContextFields) => Promise<void> = async () => undefined, input?: UsageContextInput) {
    const saveContext = vi.fn(save);
    const showThanks = vi.fn();
    const showSaved = vi.fn();
    const machine = usageContextMachine.provide({
      actions: { showThanks, showSaved },
      actors: {
        saveContext: fromPromise(({ input }) => saveContext(input)),
        refreshUser: fromPromise(async (): Promise<PostLoginUser | null> => null),
      },
    });
    return { actor: createActor(machine, { input }).start(), saveContext, showThanks, showSaved };
  }

  it('the validate button appears after choosing', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.choose', context: 'edu' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
  });

  it('refuses an empty professional select with account.info.context.activate.error and marks it', () => {
    const { actor, saveContext } = start();
    actor.send({ type: 'user.choose', context: 'pro' });
    actor.send({ type: 'user.setField', field: 'company_activity_sector', value: 'bank' });
    actor.send({ type: 'user.setField', field: 'company_size', value: '10-49' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'account.info.context.activate.error', emptyFields: ['job_title'] });
    expect(saveContext).not.toHaveBeenCalled();
    actor.send({ type: 'user.setField', field: 'job_title', value: 'other' });
    expect(actor.getSnapshot().context.emptyFields).toEqual([]);
  });

  it('saves a professional context with its fields, thanks, then closes after the delay', async () => {
    const { actor, saveContext, showThanks } = start();
    actor.send({ type: 'user.choose', context: 'pro' });
    for (const [field, value] of [
      ['company_activity_sector', 'bank'],
      ['job_title', 'other'],
      ['company_size', '10-49'],
    ] as const)
      actor.send({ type: 'user.setField', field, value });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saveContext).toHaveBeenCalledWith({
      context: 'pro',
      company_activity_sector: 'bank',
      job_title: 'other',
      company_size: '10-49',
    });
    expect(actor.getSnapshot().value).toBe('thanking');
    expect(showThanks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(USAGE_CONTEXT_THANKS_MS);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('individual needs no select; a failed save shows the message and stays', async () => {
    const { actor, saveContext } = start(() => Promise.reject({ kind: 'network' }));
    actor.send({ type: 'user.choose', context: 'pro' });
    actor.send({ type: 'user.choose', context: 'ind' });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saveContext).toHaveBeenCalledWith({ context: 'ind' });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.error).toBe('commons.requestError');
  });

  it('on the account page starts from the account’s answer, saves, says so and stays', async () => {
    const { actor, saveContext, showSaved, showThanks } = start(undefined, {
      mode: 'page',
      choice: 'pro',
      fields: { company_activity_sector: 'arts_culture', job_title: null, company_size: '2-10' },
    });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.fields).toEqual({ company_activity_sector: 'arts_culture', job_title: '', company_size: '2-10' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.emptyFields).toEqual(['job_title']);
    actor.send({ type: 'user.setField', field: 'job_title', value: 'manager' });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saveContext).toHaveBeenCalledWith({
      context: 'pro',
      company_activity_sector: 'arts_culture',
      job_title: 'manager',
      company_size: '2-10',
    });
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(showSaved).toHaveBeenCalledTimes(1);
    expect(showThanks).not.toHaveBeenCalled();
    // And again: the page stays to be changed.
    actor.send({ type: 'user.choose', context: 'edu' });
    actor.send({ type: 'user.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saveContext).toHaveBeenLastCalledWith({ context: 'edu' });
    expect(showSaved).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('on the account page without an answer yet, the choice comes first', () => {
    const { actor } = start(undefined, { mode: 'page', choice: null });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });
});
