import type { EventObject } from 'xstate';
import { type ActivationContext, type ActivationEvent, activationMachine, PRO_FIELDS } from '../activation.machine';
import { OAUTH_RESULT_TTL_MS } from '../constants';
import { codeError, type MfaContext, type MfaEvent, mfaMachine } from '../mfa.machine';
import type { MachineEntry } from '../registry-types';
import {
  activeForm,
  type SignUpModalContext,
  type SignUpModalEvent,
  type SignUpModalInput,
  signUpModalMachine,
} from '../sign-up-modal.machine';
import { errors, HASH, loginContent, VALID_FIELDS } from './fixtures';
import { formErrors } from './forms';
import { type SignUpHostFacts, signUpHostMachine } from './host.machine';
import { type SocialContext, type SocialEvent, socialMachine } from './social.machine';
import type { SelectableTab } from './types';

/** Registry entries of the sign-up machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;
const value = (s: Snap) => JSON.stringify(s.value);
/** `{ login: 'editing' }` → ['login', 'editing']; `'mfa'` → ['mfa']. */
const path = (s: Snap): string[] => {
  const walk = (v: unknown): string[] => {
    if (typeof v === 'string') return [v];
    const [key, child] = Object.entries(v as Record<string, unknown>)[0] ?? [];
    return key === undefined ? [] : [key, ...walk(child)];
  };
  return walk(s.value);
};
const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

const current = loginContent();
const outdated = loginContent({ modification: 1_500_000_000 });

// ── sign-up modal ──
const base: SignUpModalInput = { reason: 'route', knownAccount: false, devMode: false };

/** Fields of the shown form: 1 valid, 0 not (what the submit guard reads). */
function fieldBits(s: Snap): string {
  const form = activeForm(s);
  if (!form) return '';
  const c = ctx<SignUpModalContext>(s);
  const errs = formErrors(c.forms, form, c);
  return Object.keys(c.forms[form].values)
    .map((f) => (f in errs ? '0' : '1'))
    .join('');
}

/**
 * Fills the shown form one field at a time (the first invalid field gets a valid value); a complete
 * form offers emptying its first field. Reaches valid and invalid forms in few distinct states.
 */
function fieldEvents(s: Snap): SignUpModalEvent[] {
  const form = activeForm(s);
  if (!form) return [];
  const c = ctx<SignUpModalContext>(s);
  const errs = formErrors(c.forms, form, c);
  const fields = Object.keys(c.forms[form].values) as (keyof typeof VALID_FIELDS)[];
  const invalid = fields.find((f) => f in errs);
  if (invalid) return [{ type: 'user.setField', field: invalid, value: VALID_FIELDS[invalid] }];
  const first = fields[0] as keyof typeof VALID_FIELDS;
  return [{ type: 'user.setField', field: first, value: typeof VALID_FIELDS[first] === 'boolean' ? false : '' }];
}

/** The header routes and the two links (each reaches one branch of `opening`), and a bare sign-up route. */
const ROUTES: SignUpModalEvent[] = [
  { type: 'route.opened' },
  ...(['login', 'register', 'forgot', 'resend'] as const).map((initialTab) => ({ type: 'route.opened' as const, initialTab })),
  { type: 'route.opened' as const, resetHash: 'r'.repeat(32) },
  { type: 'route.opened' as const, activationHash: 'a'.repeat(32) },
  { type: 'route.opened' as const, resumeSocial: 'google' },
];

/**
 * The tab switches the view offers on each tab (the tab list, links and buttons; the paths drive it:
 * tests/paths/ui). The signed-in tabs offer none; a stray switch there must change nothing, so it is
 * offered too.
 */
const TAB_SWITCHES: Record<string, readonly SelectableTab[]> = {
  login: ['register', 'forgot', 'resend'],
  register: ['login'],
  mfa: ['login'],
  registerSuccess: ['login', 'resend'],
  forgot: ['login'],
  resend: ['login'],
  reset: ['login'],
  activateError: ['resend', 'login'],
  activateNotif: ['login'],
  activateSuccess: ['login'],
};

function modalEvents(s: Snap): EventObject[] {
  const [tab, step] = path(s);
  const events: (SignUpModalEvent | EventObject)[] = [
    ...(TAB_SWITCHES[tab ?? ''] ?? []).map((t) => ({ type: 'user.selectTab' as const, tab: t })),
    { type: 'user.close' },
    { type: 'user.dismiss' },
    ...ROUTES,
  ];
  if (step === 'editing') {
    events.push(...fieldEvents(s), { type: 'user.submit' });
    if (tab === 'login' || tab === 'register') {
      for (const provider of ['facebook', 'google', 'linkedin'] as const) events.push({ type: 'user.social', provider });
    }
  }
  switch (step ?? tab) {
    case 'loggingIn':
      events.push(
        done('login', { hash: HASH }),
        failed('login', errors.mfaRequired),
        failed('login', errors.notActivated),
        failed('login', errors.badCredentials),
      );
      break;
    case 'confirming':
      events.push(done('confirmLogin', current), failed('confirmLogin', errors.mfaRequired), failed('confirmLogin', errors.network));
      break;
    case 'signingInWithSocial':
      events.push(
        done('socialSignIn', { kind: 'outcome', outcome: { kind: 'inactive', email: 'reader@example.org' } }),
        done('socialSignIn', { kind: 'outcome', outcome: { kind: 'activation', hash: HASH } }),
        done('socialSignIn', { kind: 'outcome', outcome: { kind: 'hash', hash: HASH } }),
        done('socialSignIn', { kind: 'failed', error: errors.abort }),
        failed('socialSignIn', errors.network),
      );
      break;
    case 'mfa':
      events.push(done('mfa', { kind: 'verified', content: current }), done('mfa', { kind: 'restart' }));
      break;
    case 'registering':
      events.push(done('register', {}), failed('register', errors.validation));
      break;
    case 'requesting':
      events.push(done(tab as string, {}), failed(tab as string, errors.timeout));
      break;
    case 'resetting':
      events.push(
        done('reset', {}),
        failed('reset', errors.invalidReset),
        failed('reset', errors.notActivated),
        failed('reset', errors.network),
      );
      break;
    case 'activate':
      events.push(
        done('activation', { kind: 'notif', content: outdated }),
        done('activation', { kind: 'success', content: current }),
        done('activation', { kind: 'failed', errorId: 'errors.AUTH.110' }),
      );
      break;
    case 'activateNotif':
    case 'activateSuccess':
      events.push({ type: 'user.continue' });
      break;
  }
  return events;
}

// ── mfa ──
function mfaEvents(s: Snap): EventObject[] {
  const step = path(s)[0];
  if (step === 'awaitingCode')
    return <MfaEvent[]>[
      { type: 'user.setCode', code: '' },
      { type: 'user.setCode', code: '12a4' },
      { type: 'user.setCode', code: ctx<MfaContext>(s).recovery ? 'k7m2q-x9d4t' : '123456' },
      { type: 'user.toggleTrust' },
      { type: 'user.useRecovery' },
      { type: 'user.submit' },
    ];
  if (step === 'verifying')
    return [
      done('confirmLogin', current),
      failed('confirmLogin', errors.wrongCode),
      failed('confirmLogin', errors.expiredCode),
      failed('confirmLogin', errors.network),
    ];
  return [{ type: 'user.restart' }];
}

// ── activation ──
function activationEvents(s: Snap): EventObject[] {
  const step = path(s)[0];
  const c = ctx<ActivationContext>(s);
  if (step === 'choosingContext') {
    const empty = PRO_FIELDS.find((f) => c.fields[f] === '');
    return <ActivationEvent[]>[
      { type: 'user.choose', context: 'ind' },
      { type: 'user.choose', context: 'edu' },
      { type: 'user.choose', context: 'pro' },
      // The view shows the selects to a professional only (the paths drive it: tests/paths/ui).
      ...(c.usageContext === 'pro'
        ? [empty ? { type: 'user.setField', field: empty, value: 'other' } : { type: 'user.setField', field: PRO_FIELDS[0], value: '' }]
        : []),
      { type: 'user.submit' },
    ];
  }
  if (step === 'activating') return [done('activate', { hash: HASH }), failed('activate', errors.invalidReset)];
  return [done('confirmLogin', outdated), done('confirmLogin', current), failed('confirmLogin', errors.network)];
}

// ── social sign-in ──
function socialEvents(s: Snap): EventObject[] {
  const [step, sub] = path(s);
  switch (step) {
    case 'resuming':
      return [
        // Kept for this provider and fresh; for another provider; too old (the TTL); nothing kept.
        done('takeKeptResult', { provider: 'google', hash: `#hash-${HASH}`, ageMs: 1000 }),
        done('takeKeptResult', { provider: 'facebook', hash: `#hash-${HASH}`, ageMs: 1000 }),
        done('takeKeptResult', { provider: 'google', hash: `#hash-${HASH}`, ageMs: OAUTH_RESULT_TTL_MS }),
        done('takeKeptResult', null),
        failed('takeKeptResult', new Error('storage denied')),
      ];
    case 'opening':
      return [done('openPopup', true), done('openPopup', false), failed('openPopup', new Error('blocked'))];
    case 'popupOpen':
      return [
        ...[`#activation-${HASH}`, '#error-174', '#error-abort', '#nonsense'].map((hash): SocialEvent => ({ type: 'popup.landed', hash })),
        ...(sub === 'waiting'
          ? [{ type: 'xstate.after.popupPoll.socialSignIn.popupOpen.waiting' }]
          : [done('popupClosed', true), done('popupClosed', false), failed('popupClosed', new Error('gone'))]),
      ];
    default:
      return [];
  }
}

// ── sign-up host ──
const noFacts: SignUpHostFacts = { expiredSignIn: false, loginRequired: false, loggedIn: false, authPage: false };
/** Each row of the reason table, and the rows it outranks. */
const FACTS: SignUpHostFacts[] = [
  noFacts,
  { ...noFacts, expiredSignIn: true, loginRequired: true, authPage: true, page: 'login' },
  { ...noFacts, loginRequired: true, authPage: true, page: 'login' },
  { ...noFacts, authPage: true, page: 'reset', hash: 'r'.repeat(32) },
  { ...noFacts, loggedIn: true, authPage: true, page: 'login' },
  { ...noFacts, loggedIn: true, authPage: true, page: 'activate', hash: 'a'.repeat(32) },
  { ...noFacts, page: 'home' },
  // Back from a full-page social sign-in: signed out on a page without the modal, it opens to resume.
  { ...noFacts, page: 'home', socialPending: 'google' },
  // The modal signed in and shows its success step: whatever it shows stays until it ends.
  { ...noFacts, loggedIn: true, authPage: true, page: 'register', keepOpen: true },
];

export const signUpMachines: MachineEntry[] = [
  {
    id: 'sign-up-modal',
    title: 'Sign-up modal',
    description:
      'Login, second factor, register, forgot, resend, reset and activation tabs; social sign-in. Ends signed in, activated or closed; a modal a page requires cannot be closed and leaves to the site root when dismissed.',
    machine: signUpModalMachine,
    paths: {
      inputs: [
        // Closable, captcha required, the browser knows an account (opens on login).
        { ...base, knownAccount: true },
        // A page requires login: not closable; dev mode (no captcha); opens on register.
        { ...base, reason: 'required', devMode: true },
        // The session expired: not closable, on the login tab; a dismissal gives the sign-in up.
        { ...base, reason: 'expired', knownAccount: true, initialTab: 'login', devMode: true },
      ] satisfies SignUpModalInput[],
      events: modalEvents,
      serializeState: (s) => `${value(s)}|${fieldBits(s)}`,
      limit: 400,
    },
  },
  {
    id: 'social',
    title: 'Social sign-in',
    description:
      "The sign-up modal's child for one provider: a full-page sign-in's kept outcome (fresh, this provider) answers at once; else a pop-up opens (blocked: the page goes to the provider), its landing's fragment answers, and a pop-up closed by the user is a silent abort.",
    machine: socialMachine,
    paths: {
      input: { provider: 'google' },
      events: socialEvents,
      serializeState: (s) => `${value(s)}|${JSON.stringify(ctx<SocialContext>(s).landing)}`,
    },
  },
  {
    id: 'sign-up-host',
    title: 'Sign-up modal host',
    description:
      'When the sign-up modal shows and why: an expired session first, then a page that requires login, then a header route or mailed link (signed out; activation links even signed in), else hidden.',
    machine: signUpHostMachine,
    paths: {
      input: noFacts,
      events: () => FACTS.map((facts) => ({ type: 'facts.changed', ...facts })),
    },
  },
  {
    id: 'mfa',
    title: 'Second factor',
    description:
      'The 6-digit code after error 155 (or a recovery code of the authenticator app): wrong codes ask again, an expired code sends the user back to the login tab.',
    machine: mfaMachine,
    paths: {
      input: { hash: HASH },
      events: mfaEvents,
      serializeState: (s) =>
        `${value(s)}|${ctx<MfaContext>(s).recovery}|${codeError(ctx<MfaContext>(s).code, ctx<MfaContext>(s).recovery) === null}`,
    },
  },
  {
    id: 'activation',
    title: 'Account activation',
    description:
      'Choose the usage context (pro: three selects), activate, confirm the login; consents to renew first, or done; failures end in the error tab.',
    machine: activationMachine,
    paths: {
      input: { hash: HASH },
      events: activationEvents,
      serializeState: (s) => {
        const c = ctx<ActivationContext>(s);
        return `${value(s)}|${c.usageContext}|${PRO_FIELDS.map((f) => (c.fields[f] ? 1 : 0)).join('')}`;
      },
    },
  },
];
