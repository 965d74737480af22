import type { EventObject } from 'xstate';
import { consentsMachine } from '../consents.machine';
import { type PostLoginContext, type PostLoginRequest, postLoginMachine } from '../post-login.machine';
import type { MachineEntry } from '../registry-types';
import { type SessionContext, sessionMachine } from '../session.machine';
import { termsMachine } from '../terms.machine';
import { PRO_FIELDS, type UsageContextContext, usageContextMachine } from '../usage-context.machine';
import { type AccountTimestampContext, accountTimestampMachine } from './account-timestamp.machine';
import { type RefreshLockContext, refreshLockMachine } from './refresh-lock.machine';
import type { HandedOverToken, PostLoginUser, SessionSource, StoredToken } from './types';

/** Registry entries of the accounts machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;
const value = (s: Snap) => JSON.stringify(s.value);

// ── realistic payloads ──
const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned JWT-shaped token whose subject is `sub` (the machine only reads `sub`). */
const token = (sub: string) => `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify({ sub, exp: 1_900_000_000 }))}.`;
const source = (profileId: string, sub = profileId): SessionSource => ({
  session: { access_token: token(sub), expires_in: 3600 },
  profile: { id: profileId },
});
const alice = source('p-alice');
const bob = source('p-bob');
/** Token of another subject than the profile: refresh at once. */
const aliceStale = source('p-alice', 'p-old');
const expiredError = { name: 'ApiCallError', kind: 'server', status: 401, type: 'SESSION', code: 302, message: 'SESSION.302' };
const serverError = { name: 'ApiCallError', kind: 'server', status: 500, type: 'SERVER', code: 500, message: 'SERVER.500' };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

const freshUser: PostLoginUser = {
  tos: { required: false },
  profile: { type: 2 },
  account: { context: 'pro' },
  subscriptions: { modification: 1_700_000_000 },
};
const oldUser: PostLoginUser = {
  tos: { required: true },
  profile: { type: 2 },
  account: { context: null },
  subscriptions: { modification: 1_500_000_000 },
};

/** Logins that need every step, none, only the usage context (manager in an association), only terms, or bypass. */
const loginRequests: PostLoginRequest[] = [
  { user: oldUser, redirectPath: '/account/book' },
  { user: freshUser, redirectPath: null },
  { user: { ...freshUser, profile: { type: 1 }, account: { context: null } }, isManagerInAssociation: true },
  { user: { ...freshUser, tos: { required: true } } },
  { user: oldUser, bypassTerms: true },
];

const afterSession = (delay: string, state: string) => ({ type: `xstate.after.${delay}.session.${state}` });

// ── the refresh lock: a clock, the stored user as another tab left it, a token handed over ──
const NOW = 1_700_000_000_000;
const HOUR_MS = 3_600_000;
const storedToken = (issuedAt: number): StoredToken => ({
  session: { access_token: token('p-alice'), issued_at: issuedAt, expires_at: issuedAt + HOUR_MS },
  profile: { id: 'p-alice' },
});
/** Refreshed by another tab a minute ago (fresh), half an hour ago (due), or with an unknown issue time. */
const storedFresh = storedToken(NOW - 60_000);
const storedDue = storedToken(NOW - HOUR_MS / 2);
const storedUnknown = { ...storedToken(0), session: { ...storedToken(0).session, expires_at: NOW + HOUR_MS } };
const handoff = (receivedAt: number): HandedOverToken => ({ content: alice, receivedAt });
/** Handed over just now (fresh) or long ago (stale). */
const handoffFresh = handoff(NOW - 100);
const handoffStale = handoff(NOW - HOUR_MS);
const read = (stored: StoredToken | null) => ({ type: 'xstate.done.actor.readStoredToken', output: { stored, now: NOW } });

export const accountsMachines: MachineEntry[] = [
  {
    id: 'session',
    title: 'Session',
    description:
      'Client session: checks the stored token at start (then opens the request gate), refreshes at half the token lifetime plus up to 1 s jitter under a cross-tab lock (60 s later when another tab just refreshed), adopts other tabs’ changes, queues calls that hit an expired session until the user signs in again, and logs out.',
    machine: sessionMachine,
    paths: {
      input: { signupPage: false },
      events: (s) => {
        const c = ctx<SessionContext>(s);
        return [
          { type: 'xstate.done.actor.checkSession', output: alice },
          { type: 'xstate.done.actor.checkSession', output: aliceStale },
          { type: 'xstate.done.actor.checkSession', output: null },
          { type: 'xstate.error.actor.checkSession', error: expiredError },
          { type: 'xstate.error.actor.checkSession', error: networkError },
          { type: 'user.signedIn', content: alice },
          { type: 'user.logout' },
          { type: 'user.cancelledSignIn' },
          { type: 'tab.otherRefreshed', content: alice },
          { type: 'tab.otherRefreshed' },
          { type: 'tab.userChanged', content: alice },
          { type: 'tab.userChanged', content: bob },
          { type: 'tab.userChanged', content: null },
          { type: 'tab.handoff', token: handoffFresh },
          // Two queued calls show the queue; more would only repeat it.
          ...(c.queue.length < 2 ? [{ type: 'request.expired', requestId: `req-${c.queue.length + 1}` }] : []),
          { type: 'page.changed', signupPage: !c.signupPage },
          afterSession('refreshDelay', 'loggedIn.waiting'),
          afterSession('otherTabRefreshDelay', 'loggedIn.deferred'),
          afterSession('expiredAlertDelay', 'expired'),
          { type: 'xstate.done.actor.refreshLock', output: { kind: 'refreshed', content: alice } },
          { type: 'xstate.done.actor.refreshLock', output: { kind: 'adopted', content: alice } },
          { type: 'xstate.done.actor.refreshLock', output: { kind: 'failed', error: serverError } },
          { type: 'xstate.error.actor.refreshLock', error: new Error('refresh lock crashed') },
          { type: 'xstate.done.actor.logout', output: undefined },
          { type: 'xstate.error.actor.logout', error: networkError },
        ] as EventObject[];
      },
      serializeState: (s) => {
        const c = ctx<SessionContext>(s);
        const user = c.user ? `${c.user.profileId}:${c.user.tokenSubject === c.user.profileId}` : '-';
        return `${value(s)}|${user}|${c.signupPage}|${c.queue.length}|${c.handoff ? 'handoff' : '-'}`;
      },
      limit: 800,
    },
  },
  {
    id: 'refresh-lock',
    title: 'Session refresh lock',
    description:
      'Child of the session while it refreshes: waits for the cross-tab lock, then re-reads the stored token; adopts it when another tab refreshed it (or the token that tab handed over on the channel is still in the first half of its life), otherwise calls the server, hands the new token over and keeps the lock 150 ms so it arrives first. Leaving releases the lock.',
    machine: refreshLockMachine,
    paths: {
      inputs: [{ handoff: null }, { handoff: handoffFresh }, { handoff: handoffStale }],
      events: () => [
        { type: 'lock.acquired' },
        { type: 'tab.handoff', token: handoffFresh },
        read(storedFresh),
        read(storedDue),
        read(storedUnknown),
        read(null),
        { type: 'xstate.error.actor.readStoredToken', error: new Error('storage unavailable') },
        { type: 'xstate.done.actor.fetchSession', output: alice },
        { type: 'xstate.error.actor.fetchSession', error: serverError },
        { type: 'xstate.after.handOffHold.refreshLock.locked.handingOff' },
      ],
      serializeState: (s) => {
        const c = ctx<RefreshLockContext>(s);
        const handoffAge = c.handoff ? NOW - c.handoff.receivedAt : '-';
        return `${value(s)}|${handoffAge}|${c.result?.kind ?? '-'}`;
      },
    },
  },
  {
    id: 'account-timestamp',
    title: 'Account timestamp refresh',
    description:
      'A response carrying a newer account timestamp (ats) refreshes the user: at once when no session fetch is in flight, otherwise the ats is only recorded (the answer in flight brings the user); one refresh at a time, a failure waits for the next newer ats.',
    machine: accountTimestampMachine,
    paths: {
      events: (s) => {
        const c = ctx<AccountTimestampContext>(s);
        return [
          { type: 'ats.newer', ats: c.seen + 1 },
          // One fetch in flight shows the rule; more would only count.
          ...(c.inFlight < 1 ? [{ type: 'session.fetching' }] : []),
          { type: 'session.fetched' },
          { type: 'xstate.done.actor.refreshUser', output: undefined },
          { type: 'xstate.error.actor.refreshUser', error: networkError },
        ];
      },
      serializeState: (s) => `${value(s)}|${ctx<AccountTimestampContext>(s).inFlight}|${ctx<AccountTimestampContext>(s).seen > 0}`,
    },
  },
  {
    id: 'post-login',
    title: 'After login',
    description:
      'Runs after a successful login, each only when needed: terms acceptance, usage context, consents renewal (none when the page bypasses terms); then visits the stored login-redirect path or closes the modal. Signing out at any step ends it.',
    machine: postLoginMachine,
    paths: {
      events: (s) => [
        ...(s.value === 'idle' ? loginRequests.map((r) => ({ type: 'login.succeeded', ...r })) : []),
        { type: 'user.signOut' },
        { type: 'xstate.done.actor.terms', output: { result: 'done', user: { ...oldUser, tos: { required: false } } } },
        { type: 'xstate.done.actor.terms', output: { result: 'signedOut', user: null } },
        { type: 'xstate.error.actor.terms', error: new Error('terms step failed') },
        { type: 'xstate.done.actor.usageContext', output: { result: 'done', user: null } },
        { type: 'xstate.error.actor.usageContext', error: new Error('usage context step failed') },
        { type: 'xstate.done.actor.consents', output: { result: 'done', user: null } },
        { type: 'xstate.error.actor.consents', error: new Error('consents step failed') },
      ],
      serializeState: (s) => `${value(s)}|${JSON.stringify(ctx<PostLoginContext>(s).run)}`,
    },
  },
  {
    id: 'terms',
    title: 'Terms acceptance',
    description:
      'Full-screen terms modal: the submit button is enabled only while the box is ticked; on success the user is refreshed and the modal closes; a failure shows its message; the sign-out link leaves.',
    machine: termsMachine,
    paths: {
      events: () => [
        { type: 'user.toggle' },
        { type: 'user.submit' },
        { type: 'user.signOut' },
        { type: 'xstate.done.actor.acceptTerms', output: undefined },
        { type: 'xstate.error.actor.acceptTerms', error: serverError },
        { type: 'xstate.done.actor.refreshUser', output: { ...oldUser, tos: { required: false } } },
        { type: 'xstate.error.actor.refreshUser', error: networkError },
      ],
      serializeState: value,
    },
  },
  {
    id: 'usage-context',
    title: 'Usage context',
    description:
      'Usage context: choose individual, student or professional (then the validate button appears); professional needs its three selects, empty ones are marked with account.info.context.activate.error; on success the user is refreshed and the full-screen modal thanks, then closes, or the account page (/account/info_account, starting from the account’s answer) says it saved and stays.',
    machine: usageContextMachine,
    paths: {
      // The modal (no answer yet) and the account page (starting from the account's answer, or none).
      inputs: [
        { mode: 'modal' },
        { mode: 'page', choice: 'pro', fields: { company_activity_sector: 'arts_culture', job_title: 'manager', company_size: '2-10' } },
        { mode: 'page', choice: null },
      ],
      events: (s) => {
        const c = ctx<UsageContextContext>(s);
        return [
          { type: 'user.choose', context: 'pro' },
          { type: 'user.choose', context: 'ind' },
          ...PRO_FIELDS.map((field) => ({ type: 'user.setField', field, value: c.fields[field] ? '' : 'other' })),
          { type: 'user.submit' },
          { type: 'xstate.done.actor.saveContext', output: undefined },
          { type: 'xstate.error.actor.saveContext', error: serverError },
          { type: 'xstate.done.actor.refreshUser', output: freshUser },
          { type: 'xstate.error.actor.refreshUser', error: networkError },
          { type: 'xstate.after.thanksDelay.usageContext.thanking' },
        ];
      },
      serializeState: (s) => {
        const c = ctx<UsageContextContext>(s);
        return `${c.mode}|${value(s)}|${c.choice}|${PRO_FIELDS.map((f) => (c.fields[f] ? 1 : 0)).join('')}`;
      },
    },
  },
  {
    id: 'consents',
    title: 'Notification preferences',
    description:
      'Consents and notifications: loads the switches (retry on failure), toggles them, saves; on success the user is refreshed and the full-screen modal closes, or the account page (/account/notification) says it saved and stays.',
    machine: consentsMachine,
    paths: {
      // The modal (ends once saved) and the account page /account/notification (stays).
      inputs: [{ mode: 'modal' }, { mode: 'page' }],
      events: () => [
        { type: 'xstate.done.actor.loadPrefs', output: { values: { newsletter: false, comment_notification: true } } },
        { type: 'xstate.error.actor.loadPrefs', error: networkError },
        { type: 'user.retry' },
        { type: 'user.toggle', name: 'newsletter' },
        { type: 'user.submit' },
        { type: 'xstate.done.actor.savePrefs', output: undefined },
        { type: 'xstate.error.actor.savePrefs', error: serverError },
        { type: 'xstate.done.actor.refreshUser', output: freshUser },
        { type: 'xstate.error.actor.refreshUser', error: networkError },
      ],
      serializeState: value,
    },
  },
];
