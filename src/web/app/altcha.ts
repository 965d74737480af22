import type { AltchaChallenge } from '../../../machines/captcha.machine';

/** Concurrent solvers over slices of 0…maxnumber: several hashes in flight, ~3× as fast as one solver. */
const SLICES = 32;

/**
 * Solves an ALTCHA (v1) challenge with altcha-lib's own solver (Web Crypto, in the page), loaded on
 * first use so that the app's initial JS does not carry it. Resolves with the base64 payload the
 * server verifies (`g-recaptcha-response`); rejects when no number up to `maxnumber` solves it, or
 * with an AbortError when `signal` aborts.
 */
export async function solveAltcha(c: AltchaChallenge, signal?: AbortSignal): Promise<string> {
  const { solveChallenge } = await import('altcha-lib/v1');
  signal?.throwIfAborted();
  const step = Math.ceil((c.maxnumber + 1) / SLICES);
  const solvers = Array.from({ length: SLICES }, (_, i) =>
    solveChallenge(c.challenge, c.salt, c.algorithm, Math.min(c.maxnumber, (i + 1) * step - 1), i * step),
  );
  const stop = () => {
    for (const { controller } of solvers) controller.abort();
  };
  signal?.addEventListener('abort', stop);
  // The first slice that finds the number wins; the others stop.
  const solution = await Promise.any(solvers.map(({ promise }) => promise.then((s) => s ?? Promise.reject(new Error('no solution')))))
    .catch(() => null)
    .finally(() => {
      stop();
      signal?.removeEventListener('abort', stop);
    });
  signal?.throwIfAborted();
  if (!solution) throw new Error('no solution');
  const { algorithm, challenge, salt, signature } = c;
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature, took: solution.took }));
}
