import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AltchaChallenge, captchaMachine, solveAltcha } from '../../../machines/captcha.machine';

const sha256 = async (s: string) => createHash('sha256').update(s).digest('hex');

describe('ALTCHA solver', () => {
  it('solves a real altcha-lib challenge that the server library verifies', async () => {
    const hmacKey = 'k'.repeat(32);
    const challenge = (await createChallenge({ hmacKey, maxnumber: 5000, algorithm: 'SHA-256' })) as AltchaChallenge;
    const token = await solveAltcha({ ...challenge, maxnumber: 5000 }, sha256);
    expect(await verifySolution(token, hmacKey)).toBe(true);
  });
  it('fails when no number solves it, and stops when aborted', async () => {
    const c: AltchaChallenge = { algorithm: 'SHA-256', challenge: 'nope', salt: 's', signature: 'x', maxnumber: 50 };
    await expect(solveAltcha(c, sha256)).rejects.toThrow('no solution');
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(solveAltcha(c, sha256, ctrl.signal)).rejects.toThrow('aborted');
  });
});

describe('captcha machine', () => {
  it('fetches, solves, delivers the token, and solves again when the form spends it', async () => {
    const delivered: string[] = [];
    let n = 0;
    const actor = createActor(
      captchaMachine.provide({
        actors: {
          fetchChallenge: fromPromise<unknown>(async () => ({
            algorithm: 'SHA-256',
            challenge: 'c',
            salt: 's',
            signature: 'x',
            maxnumber: 1,
          })),
          solve: fromPromise(async () => `token-${++n}`),
        },
        actions: { deliver: (_, { token }) => delivered.push(token) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('solved'));
    actor.send({ type: 'form.tokenSpent' });
    await waitFor(actor, (s) => s.matches('solved') && s.context.token === 'token-2');
    expect(delivered).toEqual(['token-1', 'token-2']);
  });
});
