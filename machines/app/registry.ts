import { createMachine, type EventObject } from 'xstate';
import { type AppContext, type AppFacts, appMachine, NO_FACTS } from '../app.machine';
import type { MachineEntry } from '../registry-types';
import type { Route } from '../router.machine';
import { loginContent } from '../sign-up/fixtures';
import { statusMachine } from '../status.machine';
import { ANONYMOUS, thirdPartyMachine, type Visitor } from '../third-party.machine';
import { type WorkspaceContext, workspaceMachine } from '../workspace.machine';

const route = (path: string, name: string, requiresLogin = false): Route => ({
  path,
  params: {},
  page: { name, requiresLogin, bypassTerms: false },
});
const limits = { maxFiles: 1, filesize: 100 * 1024 * 1024 };
const seen = (facts: Partial<AppFacts>): EventObject => ({ type: 'app.observed', ...NO_FACTS, pageReady: true, ...facts });

/** What the app sees, one row per situation the regions tell apart. */
const FACTS: EventObject[] = [
  seen({ session: 'loggedOut', route: route('/', 'home') }),
  seen({
    session: 'loggedIn',
    route: route('/', 'home'),
    publishLimits: limits,
    user: { email: 'ada@example.org', language: 'en', consents: { support_chat: true } },
  }),
  seen({ session: 'loggedIn', route: route('/publish', 'publish', true), publishLimits: limits }),
  seen({ session: 'loggedIn', route: route('/upload', 'upload', true), publishLimits: limits }),
  // The session expired on a page that requires login: signed out for the router, the batch goes on.
  seen({ session: 'expired', route: route('/account/dashboard', 'account', true), expiredSignIn: true }),
];

/** Who may be signed in: a visitor, a consenting user, one without e-mail, one who gave one consent only. */
const VISITORS: Visitor[] = [
  ANONYMOUS,
  { signedIn: true, email: 'ada@example.org', language: 'en', consents: { support_chat: true, page_testing: true } },
  { signedIn: true, email: null, language: 'en', consents: { support_chat: true, page_testing: true } },
  { signedIn: true, email: 'ada@example.org', language: 'de', consents: { support_chat: true } },
];

/** Stand-ins the paths spawn for the lazily loaded machines: a publish modal, and a batch still sending its files. */
const publishModalStandIn = createMachine({ id: 'publishModal' });
const postLoginStandIn = createMachine({ id: 'postLogin' });
const sendingBatch = createMachine({
  id: 'upload',
  initial: 'active',
  states: { active: { type: 'parallel', states: { transfer: { initial: 'sending', states: { sending: {} } } } } },
});

export const appMachines: MachineEntry[] = [
  {
    id: 'app',
    title: 'App',
    description:
      'The root: starts every app-wide machine (alerts, language, modals, router, session, sign-up host, status, third-party scripts) and ties them: the session reaches the router and the third-party loaders, the sign-up modal’s ending feeds the session and the post-login steps; the signed-in part (workspace: publish modal, upload batch, post-login steps) starts with the first sign-in or signed-in session seen, and gets what the app sees.',
    machine: appMachine,
    eventLabels: {
      'app.observed': 'the app saw a change',
      'app.changed': 'decide on the change',
    },
    paths: {
      input: { language: { language: 'en' }, signupPage: false, authPages: ['login', 'register'] },
      events: () => [
        ...FACTS,
        { type: 'location.changed', route: route('/publish', 'publish', true) },
        {
          type: 'signUp.finished',
          ending: { signedIn: loginContent(), closeExpiredSignIn: true, navigateTo: null },
          redirectPath: '/account/book',
        },
        { type: 'signUp.finished', ending: { signedIn: null, closeExpiredSignIn: false, navigateTo: '/' }, redirectPath: null },
        { type: 'signUp.signedIn', content: loginContent() },
        { type: 'signUp.cancelledExpired' },
        { type: 'signUp.leftToRoot' },
        { type: 'session.signInNeeded' },
        { type: 'session.signInSettled' },
        { type: 'session.ended' },
        { type: 'postLogin.signOut' },
        { type: 'language.chosen', language: 'de' },
      ],
      serializeState: (s) => {
        const c = s.context as AppContext;
        return [
          JSON.stringify(s.value),
          c.facts.session,
          c.facts.route?.path,
          c.location?.path,
          c.signedInStep ? 'step' : '',
          c.socialPending ?? '',
        ].join('|');
      },
      limit: 2000,
    },
  },
  {
    id: 'workspace',
    title: 'Signed-in part of the app',
    description:
      'Started by the app root with the first sign-in or signed-in session seen (its code loads then): the publish route opens the publish modal whose files start one upload batch (signing out stops it; a batch still sending shows instead of a new modal), and the post-login steps (loaded with the first sign-in) run each sign-in; a step that signs out tells the root; a language the user chose is kept on the signed-in profile.',
    machine: workspaceMachine,
    eventLabels: {
      'app.observed': 'the app saw a change',
      'app.changed': 'decide on the change',
      'xstate.done.actor.publishModal': 'publish modal ended',
      'xstate.error.actor.batch': 'the batch failed',
    },
    paths: {
      input: { facts: NO_FACTS },
      events: () => [
        ...FACTS,
        { type: 'xstate.done.actor.loadPublishModal', output: publishModalStandIn },
        { type: 'xstate.error.actor.loadPublishModal', error: new Error('chunk failed') },
        { type: 'xstate.done.actor.publishModal', output: { kind: 'submitted', files: [{ name: 'a.pdf', size: 1 }], publishingMode: 1 } },
        { type: 'xstate.done.actor.publishModal', output: { kind: 'closed' } },
        { type: 'xstate.done.actor.loadBatch', output: { logic: sendingBatch, startTime: 1 } },
        { type: 'xstate.error.actor.loadBatch', error: new Error('chunk failed') },
        { type: 'postLogin.start', request: { user: loginContent(), bypassTerms: false, redirectPath: null } },
        { type: 'xstate.done.actor.loadPostLogin', output: postLoginStandIn },
        { type: 'xstate.error.actor.loadPostLogin', error: new Error('chunk failed') },
        { type: 'postLogin.signOut' },
        { type: 'language.chosen', language: 'de' },
        { type: 'xstate.error.actor.batch', error: new Error('batch failed') },
        { type: 'batch.redirect' },
        { type: 'batch.goToBooks' },
      ],
      serializeState: (s) => {
        const c = s.context as WorkspaceContext;
        return [
          JSON.stringify(s.value),
          c.facts.session,
          c.facts.route?.path,
          c.batch ? 'batch' : '',
          c.publishModal ? 'modal' : '',
          c.request ? 'request' : '',
          c.postLogin ? 'postLogin' : '',
          c.signedIn ? 'signedIn' : '',
          c.previousPath,
        ].join('|');
      },
      limit: 2000,
    },
  },
  {
    id: 'third-party',
    title: 'Support chat, page testing and tracker',
    description:
      'SPEC §7: each configured script loads, given its consent, for a signed-in user with an e-mail — never otherwise — and is removed when that ends; the tracker identifies the user once per sign-in.',
    machine: thirdPartyMachine,
    eventLabels: {
      'visitor.changed': 'who is signed in changed',
      'xstate.done.actor.load.support_chat': 'support chat loaded',
      'xstate.error.actor.load.support_chat': 'support chat failed',
      'xstate.done.actor.load.page_testing': 'page testing loaded',
      'xstate.error.actor.load.page_testing': 'page testing failed',
    },
    paths: {
      inputs: [
        { configured: { support_chat: true, page_testing: true } },
        // Not configured: nothing ever loads, whoever signs in.
        { configured: { support_chat: false, page_testing: false } },
      ],
      events: () => [
        ...VISITORS.map((visitor) => ({ type: 'visitor.changed', visitor })),
        { type: 'xstate.done.actor.load.support_chat', output: undefined },
        { type: 'xstate.error.actor.load.support_chat', error: new Error('blocked') },
        { type: 'xstate.done.actor.load.page_testing', output: undefined },
        { type: 'xstate.error.actor.load.page_testing', error: new Error('blocked') },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context)}`,
      limit: 2000,
    },
  },
  {
    id: 'status',
    title: 'Server status',
    description: 'The footer’s server version: asked once at start; a failed call shows its alert and no version.',
    machine: statusMachine,
    paths: {
      events: () => [
        { type: 'xstate.done.actor.loadStatus', output: { name: 'Quire', version: '1.2.3' } },
        { type: 'xstate.error.actor.loadStatus', error: new Error('offline') },
      ],
    },
  },
];
