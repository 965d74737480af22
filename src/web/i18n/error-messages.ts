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
];
