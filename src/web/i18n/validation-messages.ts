import { msg } from '@lingui/core/macro';

/**
 * SPEC §5 generic validation messages, translated. `{0}` is the field label, `{1}`/`{2}` the bounds.
 * Field-level validation in later issues maps valibot issues onto these ids.
 */
export const VALIDATION_MESSAGES = {
  required: msg({ id: 'validation.required', message: '{0} is required' }),
  accepted: msg({ id: 'validation.accepted', message: '{0} must be accepted' }),
  min: msg({ id: 'validation.min', message: '{0} must be greater than or equal to {1}' }),
  max: msg({ id: 'validation.max', message: '{0} must be at most {1}' }),
  range: msg({ id: 'validation.range', message: '{0} must be between {1} and {2}' }),
  email: msg({ id: 'validation.email', message: '{0} must be a valid email' }),
  url: msg({ id: 'validation.url', message: '{0} must be a valid url' }),
  digits: msg({ id: 'validation.digits', message: '{0} must only contain digits' }),
  number: msg({ id: 'validation.number', message: '{0} must be a number' }),
  invalid: msg({ id: 'validation.invalid', message: '{0} is invalid' }),
} as const;
export type ValidationRule = keyof typeof VALIDATION_MESSAGES;
