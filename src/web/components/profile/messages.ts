import { msg } from '@lingui/core/macro';

/** Field messages of the account's own pages (ids the contracts in src/contracts/profile.ts use). */
export const PROFILE_FIELD_MESSAGES = [
  msg({ id: 'account.profile.description.lines', message: '{0} can have at most 30 lines' }),
  msg({ id: 'account.profile.social.invalid', message: 'This is not the address of a profile on {0}.' }),
];

/** The success alerts of their saves (pushed by ./actors.ts). */
export const PROFILE_SAVED_MESSAGES = [
  msg({ id: 'account.notification.saved', message: 'Your e-mail preferences are saved.' }),
  msg({ id: 'account.info.saved', message: 'Your account details are saved.' }),
  msg({ id: 'account.context.saved', message: 'Your answer is saved.' }),
  msg({ id: 'account.profile.saved', message: 'Your public profile is saved.' }),
  msg({ id: 'account.avatar.saved', message: 'Your avatar is updated.' }),
];
