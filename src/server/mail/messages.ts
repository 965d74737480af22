import { msg } from '@lingui/core/macro';

/**
 * Every string of the account mails, extracted into locales/<lang>/messages.po (ids `mail.<name>.<part>`).
 * Placeholders: {name}, {code}, {minutes}, {hours}, {email}, {count}, {value}, {date}.
 */
export const MAIL_MESSAGES = {
  common: {
    greeting: msg({ id: 'mail.common.greeting', message: 'Hello {name},' }),
    greetingAnonymous: msg({ id: 'mail.common.greetingAnonymous', message: 'Hello,' }),
    linkHelp: msg({ id: 'mail.common.linkHelp', message: 'If the button does not work, copy this address into your browser:' }),
    signature: msg({ id: 'mail.common.signature', message: 'The Quire team' }),
  },
  activation: {
    subject: msg({ id: 'mail.activation.subject', message: 'Activate your Quire account' }),
    body: msg({ id: 'mail.activation.body', message: 'Thank you for signing up. Confirm your e-mail address to activate your account.' }),
    action: msg({ id: 'mail.activation.action', message: 'Activate my account' }),
    ignore: msg({ id: 'mail.activation.ignore', message: 'If you did not sign up, you can ignore this message.' }),
  },
  registered: {
    subject: msg({ id: 'mail.registered.subject', message: 'You already have a Quire account' }),
    body: msg({
      id: 'mail.registered.body',
      message:
        'Someone, probably you, tried to sign up with {email}. This address already has an account: sign in, or reset your password if you forgot it.',
    }),
    action: msg({ id: 'mail.registered.action', message: 'Sign in' }),
    reset: msg({ id: 'mail.registered.reset', message: 'Forgot your password? Choose a new one here:' }),
    ignore: msg({ id: 'mail.registered.ignore', message: 'If it was not you, you can ignore this message; nothing has changed.' }),
  },
  reset: {
    subject: msg({ id: 'mail.reset.subject', message: 'Choose a new Quire password' }),
    body: msg({ id: 'mail.reset.body', message: 'You asked to reset your password. This link works once, within {minutes} minutes.' }),
    action: msg({ id: 'mail.reset.action', message: 'Choose a new password' }),
    ignore: msg({
      id: 'mail.reset.ignore',
      message: 'If you did not ask for it, you can ignore this message; your password stays the same.',
    }),
  },
  loginCode: {
    subject: msg({ id: 'mail.loginCode.subject', message: 'Your Quire sign-in code: {code}' }),
    body: msg({ id: 'mail.loginCode.body', message: 'Enter this code to finish signing in. It is valid for {minutes} minutes.' }),
    ignore: msg({
      id: 'mail.loginCode.ignore',
      message: 'If you did not try to sign in, someone knows your password: change it now.',
    }),
  },
  failedSignIns: {
    subject: msg({ id: 'mail.failedSignIns.subject', message: 'Failed sign-in attempts on your Quire account' }),
    body: msg({
      id: 'mail.failedSignIns.body',
      message:
        'There have been {count} failed attempts to sign in to your account, or to enter one of its codes, within {minutes} minutes. Further attempts are slowed down for a while; you can still sign in as usual.',
    }),
    ignore: msg({
      id: 'mail.failedSignIns.ignore',
      message:
        'If it was you, there is nothing to do. If not, someone may be trying to guess your password: make sure it is strong and used nowhere else.',
    }),
  },
  emailChange: {
    subject: msg({ id: 'mail.emailChange.subject', message: 'Confirm your new Quire e-mail address' }),
    body: msg({
      id: 'mail.emailChange.body',
      message: 'You asked to use {email} for your Quire account. Confirm it within {hours} hours; until then your address stays the same.',
    }),
    action: msg({ id: 'mail.emailChange.action', message: 'Confirm my new address' }),
    ignore: msg({ id: 'mail.emailChange.ignore', message: 'If you did not ask for it, you can ignore this message; nothing changes.' }),
  },
  emailChangeNotice: {
    subject: msg({ id: 'mail.emailChangeNotice.subject', message: 'A change of your Quire e-mail address was requested' }),
    body: msg({
      id: 'mail.emailChangeNotice.body',
      message:
        'Someone signed in to your account asked to use {email} instead of this address. It changes once the link sent there is confirmed.',
    }),
    ignore: msg({
      id: 'mail.emailChangeNotice.ignore',
      message: 'If it was not you, change your password now: this also signs out every other session.',
    }),
  },
  emailTaken: {
    subject: msg({ id: 'mail.emailTaken.subject', message: 'This address already has a Quire account' }),
    body: msg({
      id: 'mail.emailTaken.body',
      message: 'Someone asked to use {email} for a Quire account, but this address already belongs to one. Nothing has changed.',
    }),
  },
  passwordChanged: {
    subject: msg({ id: 'mail.passwordChanged.subject', message: 'Your Quire password was changed' }),
    body: msg({
      id: 'mail.passwordChanged.body',
      message: 'The password of your account was just changed, and every other session was signed out.',
    }),
    ignore: msg({
      id: 'mail.passwordChanged.ignore',
      message: 'If it was not you, reset your password now with "Forgot your password?" on the sign-in page.',
    }),
  },
  exportReady: {
    subject: msg({ id: 'mail.exportReady.subject', message: 'Your Quire data is ready to download' }),
    body: msg({
      id: 'mail.exportReady.body',
      message:
        'The archive of your data you asked for is ready. Sign in and download it from your privacy settings before {date}; it is deleted then.',
    }),
    action: msg({ id: 'mail.exportReady.action', message: 'Download my data' }),
    ignore: msg({
      id: 'mail.exportReady.ignore',
      message: 'If you did not ask for it, change your password: only someone signed in to your account can prepare this archive.',
    }),
  },
  deletionCode: {
    subject: msg({ id: 'mail.deletionCode.subject', message: 'Your code to delete your Quire account: {code}' }),
    body: msg({
      id: 'mail.deletionCode.body',
      message: 'Enter this code to confirm that you want to delete your account. It is valid for {minutes} minutes.',
    }),
    ignore: msg({
      id: 'mail.deletionCode.ignore',
      message: 'If you did not ask to delete your account, ignore this message: nothing changes.',
    }),
  },
  deletionScheduled: {
    subject: msg({ id: 'mail.deletionScheduled.subject', message: 'Your Quire account will be deleted' }),
    body: msg({
      id: 'mail.deletionScheduled.body',
      message:
        'As you asked, your account and everything in it (publications, files, comments, statistics) will be deleted for good on {date}. Until then you are signed out everywhere and your publications can no longer be read.',
    }),
    bodyNow: msg({
      id: 'mail.deletionScheduled.bodyNow',
      message: 'As you asked, your account and everything in it (publications, files, comments, statistics) is being deleted for good now.',
    }),
    cancel: msg({
      id: 'mail.deletionScheduled.cancel',
      message: 'Changed your mind? Signing in again before {date} cancels the deletion and brings everything back.',
    }),
    action: msg({ id: 'mail.deletionScheduled.action', message: 'Sign in to keep my account' }),
    ignore: msg({
      id: 'mail.deletionScheduled.ignore',
      message: 'If you did not ask for this, sign in now and change your password: someone knew it.',
    }),
  },
  deletionCancelled: {
    subject: msg({ id: 'mail.deletionCancelled.subject', message: 'The deletion of your Quire account was cancelled' }),
    body: msg({
      id: 'mail.deletionCancelled.body',
      message: 'You signed in again, so your account will not be deleted: your publications can be read again as before.',
    }),
    action: msg({ id: 'mail.deletionCancelled.action', message: 'Open my privacy settings' }),
    ignore: msg({
      id: 'mail.deletionCancelled.ignore',
      message: 'If it was not you who signed in, change your password now, then ask for the deletion again if you still want it.',
    }),
  },
  accountDeleted: {
    subject: msg({ id: 'mail.accountDeleted.subject', message: 'Your Quire account has been deleted' }),
    body: msg({
      id: 'mail.accountDeleted.body',
      message: 'Your account, your publications and their files, comments, leads and statistics have been deleted for good.',
    }),
    bye: msg({ id: 'mail.accountDeleted.bye', message: 'This is the last message you receive from us. Thank you for having used Quire.' }),
  },
  // Managers and association accounts (issue 20).
  managerInvitation: {
    subject: msg({ id: 'mail.managerInvitation.subject', message: '{manager} invites you to have your Quire account managed' }),
    body: msg({
      id: 'mail.managerInvitation.body',
      message: '{manager} manages Quire accounts and invites you to add yours. Sign in with this address, then accept or decline.',
    }),
    rights: msg({
      id: 'mail.managerInvitation.rights',
      message:
        'A manager can publish and manage publications in your account. Everything a manager does on your behalf is written to a log you can read on your account page.',
    }),
    action: msg({ id: 'mail.managerInvitation.action', message: 'See the invitation' }),
    ignore: msg({
      id: 'mail.managerInvitation.ignore',
      message: 'The link is valid for {days} days. If you do not want it, ignore this message: nothing changes.',
    }),
  },
  managerChildCreated: {
    subject: msg({ id: 'mail.managerChildCreated.subject', message: '{manager} created a Quire account for you' }),
    body: msg({
      id: 'mail.managerChildCreated.body',
      message: '{manager} created the Quire account “{account}” for this address and manages it.',
    }),
    action: msg({ id: 'mail.managerChildCreated.action', message: 'Choose my password' }),
    later: msg({
      id: 'mail.managerChildCreated.later',
      message: 'The link is valid for {minutes} minutes. Later, choose a password with “Forgot your password?” on the sign-in form:',
    }),
  },
  // The weekly statistics digest (issue 17): to owners who switched it on, after a week with views.
  statsDigest: {
    subject: msg({ id: 'mail.statsDigest.subject', message: 'Your week on Quire: {count, plural, one {# view} other {# views}}' }),
    body: msg({ id: 'mail.statsDigest.body', message: 'Here is how your publications did from {from} to {to}.' }),
    views: msg({ id: 'mail.statsDigest.views', message: 'Views: {value} ({change})' }),
    readers: msg({ id: 'mail.statsDigest.readers', message: 'Readers: {value} ({change})' }),
    reads: msg({ id: 'mail.statsDigest.reads', message: 'Reads: {value} ({change})' }),
    up: msg({ id: 'mail.statsDigest.up', message: '+{value}% on the week before' }),
    down: msg({ id: 'mail.statsDigest.down', message: '−{value}% on the week before' }),
    same: msg({ id: 'mail.statsDigest.same', message: 'as many as the week before' }),
    fresh: msg({ id: 'mail.statsDigest.fresh', message: 'none the week before' }),
    top: msg({ id: 'mail.statsDigest.top', message: 'Your most viewed publications:' }),
    topItem: msg({ id: 'mail.statsDigest.topItem', message: '{name}: {count, plural, one {# view} other {# views}}' }),
    action: msg({ id: 'mail.statsDigest.action', message: 'See all your statistics' }),
    unsubscribe: msg({
      id: 'mail.statsDigest.unsubscribe',
      message: 'You receive this summary because you switched it on. To stop it, switch off "Weekly statistics digest" here:',
    }),
  },
  contact: {
    subject: msg({ id: 'mail.contact.subject', message: 'Contact message from {name}' }),
    subjectDeletion: msg({ id: 'mail.contact.subjectDeletion', message: 'Account deletion request from {name}' }),
    body: msg({ id: 'mail.contact.body', message: 'A message was sent with the contact form. Reply to this mail to answer {email}.' }),
    name: msg({ id: 'mail.contact.name', message: 'Name: {value}' }),
    email: msg({ id: 'mail.contact.email', message: 'E-mail: {value}' }),
    phone: msg({ id: 'mail.contact.phone', message: 'Phone: {value}' }),
    url: msg({ id: 'mail.contact.url', message: 'Page: {value}' }),
    account: msg({ id: 'mail.contact.account', message: 'Signed in as the profile {value}' }),
    message: msg({ id: 'mail.contact.message', message: 'Message:' }),
  },
};
