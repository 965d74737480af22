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
