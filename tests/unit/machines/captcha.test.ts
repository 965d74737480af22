import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AltchaChallenge, captchaMachine } from '../../../machines/captcha.machine';
import { solveAltcha } from '../../../src/web/app/altcha';

describe('ALTCHA solver', () => {
  it('solves a real altcha-lib challenge that the server library verifies', async () => {
    const hmacKey = 'k'.repeat(32);
    const challenge = (await createChallenge({ hmacKey, maxnumber: 5000, algorithm: 'SHA-256' })) as AltchaChallenge;
    const token = await solveAltcha({ ...challenge, maxnumber: 5000 });
    expect(await verifySolution(token, hmacKey)).toBe(true);
  });
  it('finds the number anywhere up to maxnumber, the last one included', async () => {
    const hmacKey = 'k'.repeat(32);
    for (const number of [0, 4999, 5000]) {
      const challenge = (await createChallenge({ hmacKey, number, maxnumber: 5000, algorithm: 'SHA-256' })) as AltchaChallenge;
      const token = await solveAltcha({ ...challenge, maxnumber: 5000 });
      expect(JSON.parse(atob(token)).number, String(number)).toBe(number);
      expect(await verifySolution(token, hmacKey)).toBe(true);
    }
  });
  it('fails when no number solves it, and stops when aborted', async () => {
    const c: AltchaChallenge = { algorithm: 'SHA-256', challenge: 'nope', salt: 's', signature: 'x', maxnumber: 50 };
    await expect(solveAltcha(c)).rejects.toThrow('no solution');
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(solveAltcha(c, ctrl.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
  it('stops solving when aborted midway', async () => {
    const c: AltchaChallenge = { algorithm: 'SHA-256', challenge: 'nope', salt: 's', signature: 'x', maxnumber: 1e9 };
    const ctrl = new AbortController();
    const solving = solveAltcha(c, ctrl.signal);
    setTimeout(() => ctrl.abort(), 20);
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
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
