import { msg } from '@lingui/core/macro';

/** Alerts pushed by the session wiring (src/web/app/session.ts): declared here for extraction. */
export const SESSION_MESSAGES = [
  msg({ id: 'account.session.expired', message: 'Your session has expired. Sign in again to continue where you left off.' }),
  msg({ id: 'account.session.refreshFailed', message: 'Your session could not be renewed. Please sign in again.' }),
  msg({ id: 'account.context.thanks', message: 'Thank you! Quire is now set up for the way you work.' }),
  msg({ id: 'account.details.saved', message: 'Your details are saved.' }),
  msg({
    id: 'account.privacy.deletionCancelled',
    message: 'Welcome back! Signing in has cancelled the deletion of your account: your publications can be read again.',
  }),
  // A manager's stored association was refused (issue 20, src/web/app/actors.ts): it is on its own account again.
  msg({
    id: 'manager.association.dropped',
    message: 'The account you were acting for is no longer one of your managed accounts. You are back on your own account.',
  }),
];
