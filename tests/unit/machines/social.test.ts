import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { OAUTH_RESULT_TTL_MS, POPUP_POLL_MS } from '../../../machines/constants';
import { HASH } from '../../../machines/sign-up/fixtures';
import { provideSocial } from '../../../machines/sign-up/provide';
import { fakeSocial } from './sign-up-fakes';

/** The social child machine (machines/sign-up/social.machine.ts) with fake window services. */
function run(social: ReturnType<typeof fakeSocial>, provider: 'google' | 'facebook' = 'google') {
  const actor = createActor(provideSocial(social), { input: { provider } });
  const output = toPromise(actor.start());
  return { actor, output };
}

describe('social sign-in machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a full-page sign-in's kept outcome for this provider answers without a pop-up", async () => {
    const social = fakeSocial({ kept: () => ({ provider: 'google', hash: `#hash-${HASH}`, ageMs: OAUTH_RESULT_TTL_MS - 1 }) });
    await expect(run(social).output).resolves.toEqual({ kind: 'outcome', outcome: { kind: 'hash', hash: HASH } });
    expect(social.openPopup).not.toHaveBeenCalled();
  });

  it.each([
    ['too old (the TTL)', { provider: 'google', hash: `#hash-${HASH}`, ageMs: OAUTH_RESULT_TTL_MS }],
    ["another provider's", { provider: 'facebook', hash: `#hash-${HASH}`, ageMs: 0 }],
  ])('a kept outcome %s is ignored: the pop-up opens', async (_, kept) => {
    const social = fakeSocial({ kept: () => kept, hash: `#activation-${HASH}` });
    await expect(run(social).output).resolves.toEqual({ kind: 'outcome', outcome: { kind: 'activation', hash: HASH } });
    expect(social.openPopup).toHaveBeenCalledWith('google');
    expect(social.closePopup).toHaveBeenCalled();
  });

  it('a blocked pop-up sends the page to the provider and waits there', async () => {
    const social = fakeSocial({ blocked: true });
    const { actor } = run(social, 'facebook');
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 3);
    expect(social.redirect).toHaveBeenCalledWith('facebook');
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(social.popupClosed).not.toHaveBeenCalled();
  });

  it('the pop-up is checked every POPUP_POLL_MS; closed by the user is a silent abort', async () => {
    const social = fakeSocial({ hash: null });
    const { actor, output } = run(social);
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS - 1);
    expect(social.popupClosed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(social.popupClosed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    expect(social.popupClosed).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches('popupOpen')).toBe(true);
    social.closeUser();
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    await expect(output).resolves.toEqual({ kind: 'failed', error: { kind: 'abort' } });
  });

  it.each([
    ['#error-174', { kind: 'server', type: 'AUTH', code: 174, content: { type: 'AUTH', code: 174 } }],
    ['#error-abort', { kind: 'abort' }],
    ['#nonsense', { kind: 'parse' }],
  ])('a landing %s fails with %o', async (hash, error) => {
    await expect(run(fakeSocial({ hash })).output).resolves.toEqual({ kind: 'failed', error });
  });

  it('stopped while the pop-up is open (the user left the tab): the pop-up closes', async () => {
    const social = fakeSocial({ hash: null });
    const { actor } = run(social);
    await vi.advanceTimersByTimeAsync(0);
    expect(social.closePopup).not.toHaveBeenCalled();
    actor.stop();
    expect(social.closePopup).toHaveBeenCalledTimes(1);
  });
});
