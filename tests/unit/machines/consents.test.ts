import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PostLoginUser } from '../../../machines/accounts/types';
import { consentsMachine, type Prefs } from '../../../machines/consents.machine';

function start(
  options: {
    load?: () => Promise<{ values: Prefs }>;
    save?: (values: Prefs) => Promise<void>;
    refresh?: () => Promise<PostLoginUser | null>;
    mode?: 'modal' | 'page';
  } = {},
) {
  const load = vi.fn(options.load ?? (async () => ({ values: { newsletter: false, comment_notification: true } })));
  const save = vi.fn(options.save ?? (async () => undefined));
  const refreshUser = vi.fn(options.refresh ?? (async (): Promise<PostLoginUser | null> => null));
  const showSaved = vi.fn();
  const machine = consentsMachine.provide({
    actions: { showSaved },
    actors: {
      loadPrefs: fromPromise(() => load()),
      savePrefs: fromPromise(({ input }) => save(input.values)),
      refreshUser: fromPromise(() => refreshUser()),
    },
  });
  return {
    actor: createActor(machine, { input: options.mode ? { mode: options.mode } : undefined }).start(),
    load,
    save,
    refreshUser,
    showSaved,
  };
}

describe('notification preferences', () => {
  it('loads, toggles, saves the switches, refreshes the user and closes', async () => {
    const s = start();
    await waitFor(s.actor, (snap) => snap.matches('editing'));
    s.actor.send({ type: 'user.toggle', name: 'newsletter' });
    s.actor.send({ type: 'user.toggle', name: 'comment_notification' });
    s.actor.send({ type: 'user.submit' });
    await waitFor(s.actor, (snap) => snap.status === 'done');
    expect(s.save).toHaveBeenCalledWith({ newsletter: true, comment_notification: false });
    expect(s.refreshUser).toHaveBeenCalledTimes(1);
    expect(s.actor.getSnapshot().output).toEqual({ result: 'done', user: null });
  });

  it('a failed load offers a retry', async () => {
    let attempts = 0;
    const s = start({ load: async () => (attempts++ === 0 ? Promise.reject({ kind: 'timeout' }) : { values: { newsletter: true } }) });
    const failed = await waitFor(s.actor, (snap) => snap.matches('failed'));
    expect(failed.context.error).toBe('commons.requestTooLong');
    s.actor.send({ type: 'user.retry' });
    const editing = await waitFor(s.actor, (snap) => snap.matches('editing'));
    expect(editing.context).toMatchObject({ values: { newsletter: true }, error: null });
  });

  it('a failed save goes back to editing with the message', async () => {
    const s = start({ save: () => Promise.reject({ kind: 'server', type: 'VALIDATION', code: 1 }) });
    await waitFor(s.actor, (snap) => snap.matches('editing'));
    s.actor.send({ type: 'user.submit' });
    const back = await waitFor(s.actor, (snap) => snap.matches('editing') && snap.context.error !== null);
    expect(back.context.error).toBe('errors.VALIDATION.1');
    expect(s.refreshUser).not.toHaveBeenCalled();
  });

  it('on the account page says it saved and stays, even when the refresh fails', async () => {
    const s = start({ mode: 'page', refresh: () => Promise.reject({ kind: 'network' }) });
    await waitFor(s.actor, (snap) => snap.matches('editing'));
    s.actor.send({ type: 'user.toggle', name: 'newsletter' });
    s.actor.send({ type: 'user.submit' });
    await waitFor(s.actor, () => s.showSaved.mock.calls.length === 1);
    expect(s.actor.getSnapshot().value).toBe('editing');
    expect(s.save).toHaveBeenCalledWith({ newsletter: true, comment_notification: true });
    s.actor.send({ type: 'user.toggle', name: 'newsletter' });
    s.actor.send({ type: 'user.submit' });
    await waitFor(s.actor, () => s.showSaved.mock.calls.length === 2);
    expect(s.save).toHaveBeenLastCalledWith({ newsletter: false, comment_notification: true });
    expect(s.actor.getSnapshot().status).toBe('active');
  });

  it('a modal is done once saved and never says it saved', async () => {
    const s = start({ mode: 'modal' });
    await waitFor(s.actor, (snap) => snap.matches('editing'));
    s.actor.send({ type: 'user.submit' });
    await waitFor(s.actor, (snap) => snap.status === 'done');
    expect(s.showSaved).not.toHaveBeenCalled();
  });
});
