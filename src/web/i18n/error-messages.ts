import { msg } from '@lingui/core/macro';

/**
 * Messages for ids the API client emits (SPEC §8): `errors.{type}.{code}` for every catalogue entry,
 * transport failures `commons.*`, and the translation failure. Declared here so extraction finds them;
 * tests/unit/i18n checks that every ERRORS entry and CLIENT_MESSAGE_IDS id has one.
 */
export const ERROR_MESSAGES = [
  msg({ id: 'commons.requestTooLong', message: 'The server took too long to answer. Please try again.' }),
  msg({ id: 'commons.parseError', message: 'The server sent an answer Quire could not read.' }),
  msg({ id: 'commons.requestError', message: 'The request failed. Check your connection and try again.' }),
  msg({ id: 'commons.translationFailed', message: 'failed to load translation' }),
  msg({ id: 'errors.API.400', message: 'The request was not valid.' }),
  msg({ id: 'errors.API.404', message: 'This action does not exist.' }),
  msg({ id: 'errors.API.405', message: 'This action is not allowed here.' }),
  msg({ id: 'errors.API.413', message: 'What you sent is too large.' }),
  msg({ id: 'errors.API.426', message: 'This version of the app is out of date. Reload the page.' }),
  msg({ id: 'errors.API.429', message: 'Too many attempts. Wait a moment and try again.' }),
  msg({ id: 'errors.VALIDATION.1', message: 'Some fields are not valid. Check them and try again.' }),
  msg({ id: 'errors.SERVER.500', message: 'Something went wrong on the server. It has been logged.' }),
  msg({ id: 'errors.SERVER.503', message: 'The service is temporarily unavailable. Please try again shortly.' }),
  msg({ id: 'errors.SESSION.301', message: 'Your session has expired. Please sign in again.' }),
  msg({ id: 'errors.SESSION.302', message: 'Your session has expired. Please sign in again.' }),
  msg({ id: 'errors.SESSION.149', message: 'Your session has expired. Please sign in again.' }),
  msg({ id: 'errors.AUTH.100', message: 'The e-mail address or the password is not correct.' }),
  msg({ id: 'errors.AUTH.101', message: 'Too many sign-in attempts. Wait a minute and try again.' }),
  msg({ id: 'errors.AUTH.130', message: 'The anti-robot check failed. Please try again.' }),
  msg({ id: 'errors.AUTH.155', message: 'Enter the code we sent you to finish signing in.' }),
  msg({ id: 'errors.AUTH.1551', message: 'This code is not correct.' }),
  msg({ id: 'errors.AUTH.1552', message: 'This code has expired. Sign in again to get a new one.' }),
  msg({ id: 'errors.AUTH.160', message: 'Start the authenticator app set-up again.' }),
  msg({ id: 'errors.AUTH.161', message: 'An authenticator app is already set up. Remove it first.' }),
  msg({ id: 'errors.AUTH.162', message: 'No authenticator app is set up.' }),
  msg({ id: 'errors.AUTH.170', message: 'Sign-in with this provider is not available here.' }),
  msg({ id: 'errors.AUTH.171', message: 'This sign-in expired or was started in another window. Please try again.' }),
  msg({ id: 'errors.AUTH.172', message: 'The provider did not confirm your sign-in. Please try again later.' }),
  msg({
    id: 'errors.AUTH.173',
    message: 'The provider did not share your e-mail address. Allow Quire to see it, or register with your e-mail address.',
  }),
  msg({
    id: 'errors.AUTH.174',
    message:
      'A Quire account already uses this e-mail address, and the provider has not confirmed that the address is yours. Sign in with your password instead.',
  }),
  msg({
    id: 'errors.AUTH.175',
    message: 'Your Quire account is already linked to another account at this provider. Sign in with that one, or with your password.',
  }),
  msg({ id: 'errors.AUTH.176', message: 'The provider did not accept this sign-in. Please try again.' }),
  msg({ id: 'errors.ACCOUNT.110', message: 'This password reset link is not valid or has expired. Ask for a new one.' }),
  msg({ id: 'errors.ACCOUNT.112', message: 'This account is not activated yet. Check your e-mail or ask for a new activation link.' }),
  msg({ id: 'errors.ACCOUNT.120', message: 'This activation link is not valid or has already been used.' }),
];
