import type { LoginContent } from '../../src/contracts/accounts';
import type { ActivationOutput } from '../activation.machine';
import type { MfaOutput } from '../mfa.machine';
import { errorMessageId } from './errors';
import type { FormName } from './forms';
import type { SocialOutput } from './social.machine';
import type { SignUpModalContext, SignUpModalEvent, SocialOutcome } from './types';

/**
 * Pieces of the sign-up modal's statechart that repeat (form tabs, social sign-in, sign-in actions)
 * and the typed `params` mappers its transitions use. Only configuration: no side effects.
 */

/** The modal's machine id (targets `#signUpModal.<tab>`). */
export const ID = 'signUpModal';
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
export const codeIs = (code: number) => ({
  type: 'errorIs' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, code }),
});
export const formParams = (form: FormName) => ({ form });
export const errorNotice = ({ event }: { event: { error: unknown } }) => ({ id: errorMessageId(event.error) });

const outcomeOf = (o: SocialOutput): SocialOutcome | null => (o.kind === 'outcome' ? o.outcome : null);
export const emailOf = (o: SocialOutput) => {
  const out = outcomeOf(o);
  return out?.kind === 'inactive' ? out.email : '';
};
export const hashOf = (o: SocialOutput) => {
  const out = outcomeOf(o);
  return out && out.kind !== 'inactive' ? out.hash : '';
};
export const failureOf = (o: SocialOutput): unknown => (o.kind === 'failed' ? o.error : null);
/** The social child ended with this kind of outcome. */
export const socialIs = (o: SocialOutput, kind: SocialOutcome['kind']) => outcomeOf(o)?.kind === kind;
export const contentOf = (o: MfaOutput | ActivationOutput) => ('content' in o ? o.content : (null as unknown as LoginContent));
export const failedErrorId = (o: ActivationOutput) => (o.kind === 'failed' ? o.errorId : null);

/** keepContent, then the app's saveUser, with the content the event carries. */
export function signIn<E extends { output: unknown }>(content: (output: E['output']) => LoginContent) {
  return [
    { type: 'keepContent' as const, params: ({ event }: { event: E }) => ({ content: content(event.output) }) },
    { type: 'saveUser' as const, params: ({ event }: { event: E }) => ({ content: content(event.output) }) },
  ];
}
/** A failed register/forgot/resend call: show why and spend the captcha token (the widget is solved again). */
export const callFailed = (form: 'register' | 'forgot' | 'resend') => [
  { type: 'showCallError' as const, params: errorParams },
  { type: 'spendCaptcha' as const, params: { form } },
];
/** After activation the user is signed in: closing or dismissing finishes as `activated`, tabs stay. */
export const signedInTab = {
  'user.close': { target: 'activated' },
  'user.dismiss': { target: 'activated' },
  'user.selectTab': {},
  'route.opened': {},
};

/** The form tabs share editing: set a field, submit valid values or show the errors. */
export const editing = (form: FormName, submitTarget: string, social = false) => ({
  on: {
    'user.setField': { actions: { type: 'setField' as const, params: formParams(form) } },
    'user.submit': [
      { guard: { type: 'formValid' as const, params: formParams(form) }, target: submitTarget, actions: 'clearMessages' as const },
      { actions: { type: 'showErrors' as const, params: formParams(form) } },
    ],
    ...(social ? { 'user.social': { target: 'signingInWithSocial', actions: 'clearMessages' as const } } : {}),
  },
});

type SocialDone = { event: { output: SocialOutput } };
const outcomeIs = (kind: SocialOutcome['kind']) => ({
  type: 'socialIs' as const,
  params: ({ event }: SocialDone) => ({ output: event.output, kind }),
});
/** The social child machine (machines/sign-up/social.machine.ts); its output decides the next tab. */
export function socialSignIn() {
  return {
    invoke: {
      id: 'socialSignIn',
      src: 'socialSignIn' as const,
      // The button's provider, or on opening the one of a full-page sign-in to resume.
      input: ({ context, event }: { context: SignUpModalContext; event: SignUpModalEvent }) => ({
        provider: event.type === 'user.social' ? event.provider : (context.resumeSocial ?? ('google' as const)),
      }),
      onDone: [
        {
          guard: outcomeIs('inactive'),
          target: `#${ID}.registerSuccess`,
          actions: { type: 'keepRegisteredEmail' as const, params: ({ event }: SocialDone) => ({ email: emailOf(event.output) }) },
        },
        {
          guard: outcomeIs('activation'),
          target: `#${ID}.activate`,
          actions: { type: 'keepActivationHash' as const, params: ({ event }: SocialDone) => ({ hash: hashOf(event.output) }) },
        },
        {
          guard: outcomeIs('hash'),
          target: `#${ID}.login.confirming`,
          actions: { type: 'keepLoginHash' as const, params: ({ event }: SocialDone) => ({ hash: hashOf(event.output) }) },
        },
        // A failure (a server code, a fragment that made no sense) is shown; an abort (pop-up closed) shows nothing.
        {
          target: 'editing',
          actions: { type: 'showCallError' as const, params: ({ event }: SocialDone) => ({ error: failureOf(event.output) }) },
        },
      ],
      onError: { target: 'editing', actions: { type: 'showCallError' as const, params: errorParams } },
    },
  };
}
