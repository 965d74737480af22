import type { EventObject } from 'xstate';
import { accountSectionMachines } from './account-sections/registry';
import { accountsMachines } from './accounts/registry';
import { alertMachine } from './alert.machine';
import { alertsMachine } from './alerts.machine';
import { appMachines } from './app/registry';
import { billingMachines } from './billing/registry';
import { bookListMachines } from './book-list/registry';
import { bookSettingsMachines } from './book-settings/registry';
import { captchaMachine } from './captcha.machine';
import { detailsFormMachine } from './details-form.machine';
import { favoriteMachines } from './favorites/registry';
import { foldersMachines } from './folders/registry';
import { languageMachine } from './language.machine';
import { libraryMachines } from './library/registry';
import { managerMachines } from './managers/registry';
import { modalsMachine } from './modals.machine';
import { privacyMachines } from './privacy/registry';
import { profileMachines } from './profile/registry';
import { publishMachines } from './publish/registry';
import { readerMachines } from './reader/registry';
import type { MachineEntry } from './registry-types';
import { type Route, routerMachine } from './router.machine';
import { searchMachines } from './search/registry';
import { securityMachines } from './security/registry';
import { shareMachines } from './share/registry';
import { signUpMachines } from './sign-up/registry';
import { siteMachines } from './site/registry';
import { tourMachines } from './tour/registry';
import { triggerMachines } from './triggers/registry';
import { widgetMachines } from './widget/registry';

export { accountStatsMachine } from './account-sections/account-stats.machine';
export { ownerCommentsMachine } from './account-sections/owner-comments.machine';
export { subscribersMachine } from './account-sections/subscribers.machine';
// Every machine of the product, by file (the accounts and sign-up entries come from their registries below).
export { activationMachine } from './activation.machine';
export { adsMachine } from './ads.machine';
export { alertMachine } from './alert.machine';
export { alertsMachine } from './alerts.machine';
export { appMachine } from './app.machine';
export { checkoutMachine } from './billing/checkout.machine';
export { invoiceListMachine } from './billing/invoice-list.machine';
export { orderMachine } from './billing/order.machine';
export { orderListMachine } from './billing/order-list.machine';
export { blogMachine } from './blog.machine';
export { bookListMachine } from './book-list.machine';
export { bookSettingsMachine } from './book-settings.machine';
export { captchaMachine } from './captcha.machine';
export { consentsMachine } from './consents.machine';
export { contactMachine } from './contact.machine';
export { detailsFormMachine } from './details-form.machine';
export { favoriteHeartMachine } from './favorites/heart.machine';
export { favoriteListMachine } from './favorites/list.machine';
export { foldersMachine } from './folders.machine';
export { languageMachine } from './language.machine';
export { libraryMachine } from './library/library.machine';
export { skinEditorMachine } from './library/skin-editor.machine';
export { libraryUploadMachine } from './library/upload.machine';
export { mfaMachine } from './mfa.machine';
export { modalsMachine } from './modals.machine';
export { postLoginMachine } from './post-login.machine';
export { privacyDeletionMachine } from './privacy/deletion.machine';
export { privacyExportMachine } from './privacy/export.machine';
export { privacyMachine } from './privacy/privacy.machine';
export { accountDetailsMachine } from './profile/account-details.machine';
export { avatarMachine } from './profile/avatar.machine';
export { publicProfileMachine } from './profile/public-profile.machine';
export { publishModalMachine } from './publish-modal.machine';
export { commentsMachine as readerCommentsMachine } from './reader/comments.machine';
export { readerMachine } from './reader.machine';
export type { MachineEntry, PathConfig } from './registry-types';
export { routerMachine } from './router.machine';
export { searchMachine } from './search.machine';
export { emailChangeMachine } from './security/email-change.machine';
export { emailConfirmMachine } from './security/email-confirm.machine';
export { mfaEmailMachine } from './security/mfa-email.machine';
export { passwordChangeMachine } from './security/password-change.machine';
export { securityMachine } from './security/security.machine';
export { totpEnrolMachine } from './security/totp-enrol.machine';
export { totpManageMachine } from './security/totp-manage.machine';
export { sessionMachine } from './session.machine';
export { copyMachine } from './share/copy.machine';
export { shareMachine } from './share.machine';
export { signUpModalMachine } from './sign-up-modal.machine';
export { statusMachine } from './status.machine';
export { termsMachine } from './terms.machine';
export { thirdPartyMachine } from './third-party.machine';
export { tourMachine } from './tour.machine';
export { triggerMachine } from './trigger.machine';
export { integrationsMachine } from './triggers/integrations.machine';
export { leadsMachine } from './triggers/leads.machine';
export { uploadMachine } from './upload.machine';
export { uploadFileMachine } from './upload-file.machine';
export { usageContextMachine } from './usage-context.machine';
export { widgetMachine } from './widget.machine';
export { workspaceMachine } from './workspace.machine';

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;

const publicRoute: Route = { path: '/', params: {}, page: { name: 'home', requiresLogin: false, bypassTerms: false } };
const privateRoute: Route = {
  path: '/account/dashboard',
  params: {},
  page: { name: 'account', requiresLogin: true, bypassTerms: false },
};

/** Every machine of the product. Path tests and the Storybook Machines section iterate this list. */
export const machines: MachineEntry[] = [
  // The root and the server status (machines/app/registry.ts).
  ...appMachines,
  {
    id: 'alerts',
    title: 'Alert queue',
    description: 'Pushed alerts stack; each is a child alert machine; the queue empties as they close.',
    machine: alertsMachine,
    // Each alert is a spawned child: "a child done" says less than this.
    eventLabels: { 'xstate.done.actor.*': 'an alert closed' },
    paths: {
      events: (s) => [
        // Two stacked alerts show every behaviour; more would only repeat it.
        ...(ctx<{ alerts: unknown[] }>(s).alerts.length < 2
          ? [{ type: 'alert.push', alert: { type: 'error', message: { id: 'commons.requestError' } } }]
          : []),
        { type: 'alerts.clear' },
        ...ctx<{ alerts: { key: string }[] }>(s).alerts.map(
          (a) => ({ type: `xstate.done.actor.${a.key}`, output: { key: a.key } }) as EventObject,
        ),
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${ctx<{ alerts: unknown[] }>(s).alerts.length}`,
      limit: 50,
    },
  },
  {
    id: 'alert',
    title: 'Alert',
    description: 'One alert: fades in, stays for its severity delay (or until closed), then animates out.',
    machine: alertMachine,
    paths: {
      inputs: [
        { key: 'alert-1', type: 'info', message: { id: 'commons.requestError' }, stackIndex: 0 },
        { key: 'alert-1', type: 'fatal', message: { id: 'commons.requestError' }, stackIndex: 0 },
        { key: 'alert-1', type: 'danger', delay: null, message: { id: 'commons.requestError' }, stackIndex: 0 },
      ],
      events: () => [
        { type: 'xstate.after.fadeIn.alert.entering' },
        { type: 'xstate.after.autoClose.alert.timed' },
        { type: 'xstate.after.closeAnimation.alert.closing' },
        { type: 'user.close' },
        { type: 'alert.dismiss' },
      ],
    },
  },
  {
    id: 'captcha',
    title: 'Captcha (ALTCHA)',
    description: 'Self-hosted anti-robot check: fetch a challenge, solve it in the browser, re-solve when a form spends the token.',
    machine: captchaMachine,
    paths: {
      events: () => [
        {
          type: 'xstate.done.actor.fetchChallenge',
          output: { algorithm: 'SHA-256', challenge: 'c', salt: 's', signature: 'x', maxnumber: 10 },
        },
        { type: 'xstate.error.actor.fetchChallenge', error: new Error('offline') },
        { type: 'xstate.done.actor.solve', output: 'dG9rZW4=' },
        { type: 'xstate.error.actor.solve', error: new Error('no solution') },
        { type: 'user.retry' },
        { type: 'form.tokenSpent' },
      ],
    },
  },
  {
    id: 'details-form',
    title: 'Account details form',
    description: 'Edit, save, saved or failed (values kept, error shown); reset returns to the saved values.',
    machine: detailsFormMachine,
    paths: {
      input: { values: { firstname: 'Ada', lastname: 'Lovelace' } },
      events: () => [
        { type: 'user.setField', field: 'firstname', value: 'Augusta' },
        { type: 'user.setField', field: 'firstname', value: 'Ada' },
        { type: 'user.submit' },
        { type: 'user.reset' },
        { type: 'xstate.done.actor.save', output: { firstname: 'Augusta', lastname: 'Lovelace' } },
        { type: 'xstate.error.actor.save', error: { kind: 'server', type: 'VALIDATION', code: 1 } },
      ],
      serializeState: (s) =>
        `${JSON.stringify(s.value)}|${JSON.stringify((s.context as { values: unknown }).values)}|${JSON.stringify((s.context as { saved: unknown }).saved)}`,
      limit: 100,
    },
  },
  {
    id: 'router',
    title: 'Router',
    description: 'Catch-all route: access check, lazy page module with a 7 s time-out, login-required hook.',
    machine: routerMachine,
    paths: {
      input: { loggedIn: false },
      events: () => [
        { type: 'route.changed', route: publicRoute },
        { type: 'route.changed', route: privateRoute },
        { type: 'session.changed', loggedIn: true },
        { type: 'session.changed', loggedIn: false },
        { type: 'user.dismissLogin' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.loadPage', output: undefined },
        { type: 'xstate.error.actor.loadPage', error: new Error('chunk failed') },
        { type: 'xstate.after.moduleTimeout.router.loading' },
      ],
    },
  },
  {
    id: 'modals',
    title: 'Modal stack',
    description: 'Open modals: Escape and the backdrop close the top one when allowed; full modals close on route change.',
    machine: modalsMachine,
    paths: {
      events: () => [
        { type: 'modal.open', id: 'language' },
        { type: 'modal.open', id: 'terms', full: true, closable: false },
        { type: 'modal.open', id: 'signup', closable: false },
        { type: 'modal.close' },
        { type: 'modal.close', id: 'language' },
        { type: 'key.escape' },
        { type: 'backdrop.click' },
        { type: 'route.changed' },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${JSON.stringify(ctx<{ stack: unknown[] }>(s).stack)}`,
      limit: 200,
    },
  },
  {
    id: 'language',
    title: 'Language',
    description: 'Loads the catalog of the detected language, then switches without a reload; 10 s time-out.',
    machine: languageMachine,
    paths: {
      input: { language: 'en', localizedDomain: false },
      events: () => [
        { type: 'user.choose', language: 'de' },
        { type: 'user.choose', language: 'en' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.loadCatalog', output: { hello: 'Hallo' } },
        { type: 'xstate.error.actor.loadCatalog', error: new Error('offline') },
        { type: 'xstate.after.translationTimeout.language.booting' },
        { type: 'xstate.after.translationTimeout.language.switching' },
      ],
      serializeState: (s) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context)}`,
    },
  },
  // Accounts: session, post-login sequence and its full-screen steps (machines/accounts/registry.ts).
  ...accountsMachines,
  // Sign-up modal and its mfa and activation children (machines/sign-up/registry.ts).
  ...signUpMachines,
  // Publishing: the book list of /account/book (machines/book-list/registry.ts).
  ...bookListMachines,
  // Publishing: the book settings modal (machines/book-settings/registry.ts).
  ...bookSettingsMachines,
  // Publishing: publish modal, upload page and its files, house ads (machines/publish/registry.ts).
  ...publishMachines,
  // Reading: the flipbook reader (machines/reader/registry.ts).
  ...readerMachines,
  // Reading: account statistics, comment moderation, subscribers (machines/account-sections/registry.ts).
  ...accountSectionMachines,
  // Privacy: download my data, delete my account (machines/privacy/registry.ts).
  ...privacyMachines,
  ...billingMachines,
  // Sharing: the widget (embed) modal (machines/widget/registry.ts).
  ...widgetMachines,
  // Sharing: the share modal (machines/share/registry.ts).
  ...shareMachines,
  // Book settings: the trigger tab (machines/triggers/registry.ts).
  ...triggerMachines,
  // Folders: the folder manager of /account/folders (machines/folders/registry.ts).
  ...foldersMachines,
  // The public site: the search page of /search (machines/search/registry.ts).
  ...searchMachines,
  // The public site: contact modal, blog teasers (machines/site/registry.ts).
  ...siteMachines,
  // The guided tour of the dashboard and the book list (machines/tour/registry.ts).
  ...tourMachines,
  // The account's branding libraries: skins, backgrounds, logos (machines/library/registry.ts).
  ...libraryMachines,
  // Account security: /account/security and its forms (machines/security/registry.ts).
  ...securityMachines,
  // Favourites: the reader's heart and /account/favorite (machines/favorites/registry.ts).
  ...favoriteMachines,
  // The account's own pages: account details, public profile, avatar (machines/profile/registry.ts).
  ...profileMachines,
  // Managers and association accounts (issue 20, machines/managers/registry.ts).
  ...managerMachines,
];
