import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { codeError } from '../../../machines/mfa.machine';
import { errors, HASH, loginContent } from '../../../machines/sign-up/fixtures';
import { provideMfa } from '../../../machines/sign-up/provide';
import { fakeServices, rejecting, until } from './sign-up-fakes';

function start(services = fakeServices()) {
  const actor = createActor(provideMfa(services), { input: { hash: HASH } });
  actor.start();
  return { actor, services };
}

describe('mfa code rule (SPEC §5, §9)', () => {
  it.each([
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['12345', 'validation.digits'],
    ['1234567', 'validation.digits'],
    ['12a456', 'validation.digits'],
    ['123456', null],
    [' 123456 ', null],
  ])('%j → %s', (code, id) => {
    expect(codeError(code)).toBe(id);
  });
});

describe('mfa machine (SPEC §3 MFA, §8 1551/1552)', () => {
  it('a code that is not 6 digits stays with its message and calls nothing', () => {
    const { actor, services } = start();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errorId).toBe('validation.required');
    actor.send({ type: 'user.setCode', code: '12' });
    expect(actor.getSnapshot().context.errorId).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.errorId).toBe('validation.digits');
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(services.confirmLogin).not.toHaveBeenCalled();
  });

  it('verifies with hash, code and trust_device and outputs the content', async () => {
    const { actor, services } = start();
    actor.send({ type: 'user.setCode', code: '123456' });
    actor.send({ type: 'user.submit' });
    const done = await until(actor, (s) => s.status === 'done');
    expect(services.confirmLogin.mock.calls[0]?.[0]).toEqual({ hash: HASH, code: '123456', trust_device: 'no' });
    expect(done.output).toEqual({ kind: 'verified', content: loginContent() });
  });

  it('1551 asks again with the translated message under the field', async () => {
    const { actor } = start(fakeServices({ confirmLogin: rejecting(errors.wrongCode) }));
    actor.send({ type: 'user.setCode', code: '000000' });
    actor.send({ type: 'user.submit' });
    const s = await until(actor, (snap) => snap.matches('awaitingCode') && snap.context.errorId !== null);
    expect(s.context.errorId).toBe('errors.AUTH.1551');
    expect(s.can({ type: 'user.submit' })).toBe(true);
  });

  it('1552 shows the expiry and offers to restart (output restart)', async () => {
    const { actor } = start(fakeServices({ confirmLogin: rejecting(errors.expiredCode) }));
    actor.send({ type: 'user.setCode', code: '000000' });
    actor.send({ type: 'user.submit' });
    const s = await until(actor, (snap) => snap.matches('expired'));
    expect(s.context.errorId).toBe('errors.AUTH.1552');
    expect(s.can({ type: 'user.submit' })).toBe(false);
    actor.send({ type: 'user.restart' });
    expect(actor.getSnapshot().output).toEqual({ kind: 'restart' });
  });

  it('another failure keeps the code form with a generic message', async () => {
    const { actor } = start(fakeServices({ confirmLogin: rejecting(errors.network) }));
    actor.send({ type: 'user.setCode', code: '123456' });
    actor.send({ type: 'user.toggleTrust' });
    actor.send({ type: 'user.submit' });
    const s = await until(actor, (snap) => snap.matches('awaitingCode') && snap.context.errorId !== null);
    expect(s.context.errorId).toBe('commons.requestError');
    expect(s.context.trust_device).toBe('yes');
  });
});
