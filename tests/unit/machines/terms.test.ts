import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PostLoginUser } from '../../../machines/accounts/types';
import { termsMachine } from '../../../machines/terms.machine';

const refreshed: PostLoginUser = {
  tos: { required: false },
  profile: { type: 1 },
  account: { context: 'ind' },
  subscriptions: { modification: 1_700_000_000 },
};

function start(accept: () => Promise<void> = async () => undefined) {
  const acceptTerms = vi.fn(accept);
  const machine = termsMachine.provide({
    actors: {
      acceptTerms: fromPromise(() => acceptTerms()),
      refreshUser: fromPromise(async (): Promise<PostLoginUser | null> => refreshed),
    },
  });
  return { actor: createActor(machine).start(), acceptTerms };
}

describe('terms acceptance', () => {
  it('submit is possible only while the box is ticked', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.toggle' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    actor.send({ type: 'user.toggle' });
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('unchecked');
  });

  it('accepts, refreshes the user and ends with it', async () => {
    const { actor, acceptTerms } = start();
    actor.send({ type: 'user.toggle' });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(acceptTerms).toHaveBeenCalledTimes(1);
    expect(done.value).toBe('done');
    expect(done.output).toEqual({ result: 'done', user: refreshed });
  });

  it('a failure keeps the box ticked and shows the message', async () => {
    const { actor } = start(() => Promise.reject({ kind: 'server', type: 'API', code: 500 }));
    actor.send({ type: 'user.toggle' });
    actor.send({ type: 'user.submit' });
    const back = await waitFor(actor, (s) => s.matches('checked'));
    expect(back.context.error).toBe('errors.API.500');
    actor.send({ type: 'user.toggle' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('the sign-out link ends with signedOut', () => {
    const { actor } = start();
    actor.send({ type: 'user.signOut' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ result: 'signedOut', user: null });
  });
});
