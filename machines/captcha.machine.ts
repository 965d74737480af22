import { assign, fromPromise, setup } from 'xstate';

/** An ALTCHA challenge as the server hands it out (`GET {api}/public/captcha`). */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

export interface CaptchaContext {
  /** The base64 payload sent as `g-recaptcha-response`; '' until solved. */
  token: string;
  errorId: string | null;
}
export type CaptchaEvent = { type: 'user.retry' } | { type: 'form.tokenSpent' };

/**
 * The anti-robot check (DESIGN §2): ALTCHA by default (fetch a challenge, solve the proof of work in the
 * browser) or reCAPTCHA (load the widget, the visitor answers it). The token goes to the form; a failed
 * form call spends it and a new one is obtained.
 */
export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent },
  actors: {
    /** ALTCHA: the challenge parameters; reCAPTCHA: the loaded widget API. */
    fetchChallenge: fromPromise<unknown>(async () => {
      throw new Error('fetchChallenge is not provided');
    }),
    /** ALTCHA: the proof of work; reCAPTCHA: the widget's answer. Resolves with the token. */
    solve: fromPromise<string, unknown>(async () => {
      throw new Error('solve is not provided');
    }),
  },
  actions: {
    /** Gives the token to the form (`user.setField { field: 'g-recaptcha-response' }`). */
    deliver: (_, _params: { token: string }) => {},
  },
}).createMachine({
  id: 'captcha',
  context: { token: '', errorId: null },
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchChallenge',
        src: 'fetchChallenge',
        onDone: { target: 'solving' },
        onError: { target: 'failed', actions: assign({ errorId: 'account.captcha.failed' }) },
      },
    },
    solving: {
      invoke: {
        id: 'solve',
        src: 'solve',
        input: ({ event }: { event: unknown }) => (event as { output: unknown }).output,
        onDone: {
          target: 'solved',
          actions: [
            assign({ token: ({ event }) => event.output, errorId: null }),
            { type: 'deliver', params: ({ event }) => ({ token: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ errorId: 'account.captcha.failed' }) },
      },
    },
    solved: {
      on: { 'form.tokenSpent': { target: 'fetching', actions: assign({ token: '' }) } },
    },
    failed: {
      on: { 'user.retry': { target: 'fetching', actions: assign({ errorId: null }) } },
    },
  },
});

/** Solves an ALTCHA (v1) challenge: the number n ≤ maxnumber with hex(SHA-256(salt + n)) = challenge. */
export async function solveAltcha(
  c: AltchaChallenge,
  digest: (text: string) => Promise<string>,
  signal?: AbortSignal,
  batch = 500,
): Promise<string> {
  const started = Date.now();
  for (let from = 0; from <= c.maxnumber; from += batch) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const numbers = Array.from({ length: Math.min(batch, c.maxnumber - from + 1) }, (_, i) => from + i);
    const hashes = await Promise.all(numbers.map((n) => digest(`${c.salt}${n}`)));
    const hit = hashes.indexOf(c.challenge);
    if (hit >= 0) {
      const payload = {
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: numbers[hit],
        salt: c.salt,
        signature: c.signature,
        took: Date.now() - started,
      };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('no solution');
}
