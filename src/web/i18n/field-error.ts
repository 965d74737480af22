import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Account-specific validation messages (ids used by src/contracts/accounts.ts). */
export const ACCOUNT_FIELD_MESSAGES = [
  msg({ id: 'account.password.tooShort', message: '{0} must have at least 10 characters' }),
  msg({ id: 'account.password.onlyDigits', message: '{0} cannot be made of digits only' }),
  msg({ id: 'account.info.context.activate.error', message: 'Choose a value in every list to continue.' }),
  msg({ id: 'account.password.sameAsEmail', message: '{0} must not be your e-mail address' }),
  msg({ id: 'security.recovery.invalid', message: '{0} has ten letters and digits, like k7m2q-x9d4t' }),
  msg({ id: 'security.password.mismatch', message: '{0} does not match the new password' }),
];

/**
 * Translates a field error id (SPEC §5 generic messages: `{0}` is the field label, `{1}`/`{2}` bounds).
 * Machines and contracts carry ids only; the view knows the label.
 */
export function fieldError(i18n: I18n, id: string | undefined, label: string, bounds: (string | number)[] = []): string | undefined {
  if (!id) return undefined;
  const values: Record<string, string | number> = { 0: label };
  bounds.forEach((b, i) => {
    values[i + 1] = b;
  });
  return i18n._(id, values);
}
