import { describe, expect, it } from 'vitest';
import { errorCode, errorMessageId, secondFactorHash } from '../../../machines/sign-up/errors';
import { errors, HASH } from '../../../machines/sign-up/fixtures';
import { emptyForms, formErrors, validateForm, withField } from '../../../machines/sign-up/forms';
import { LoginRequestSchema } from '../../../src/contracts/account-requests';

describe('validateForm', () => {
  it('returns the first message id per field', () => {
    expect(validateForm(LoginRequestSchema, { login: 'x', password: '' })).toEqual({
      login: 'validation.email',
      password: 'validation.required',
    });
    expect(validateForm(LoginRequestSchema, { login: 'a@b.org', password: 'p' })).toEqual({});
  });
  it('forgot and resend need a valid e-mail and a captcha unless in dev mode', () => {
    const forms = withField(emptyForms(), 'forgot', 'email', 'a@b.org');
    expect(formErrors(forms, 'forgot', { devMode: false, resetHash: null })).toEqual({ 'g-recaptcha-response': 'validation.required' });
    expect(formErrors(forms, 'forgot', { devMode: true, resetHash: null })).toEqual({});
  });
  it('withField ignores unknown fields and coerces checkboxes', () => {
    const forms = emptyForms();
    expect(withField(forms, 'login', 'tos', true)).toBe(forms);
    expect(withField(forms, 'register', 'tos', 'true').register.values.tos).toBe(true);
  });
});

describe('call errors (SPEC §8)', () => {
  it('reads the code, the second-factor hash and the message id', () => {
    expect(errorCode(errors.notActivated)).toBe(112);
    expect(errorCode(errors.network)).toBeUndefined();
    expect(secondFactorHash(errors.mfaRequired)).toBe(HASH);
    expect(secondFactorHash(errors.notActivated)).toBeUndefined();
    expect(errorMessageId(errors.wrongCode)).toBe('errors.AUTH.1551');
    expect(errorMessageId(errors.timeout)).toBe('commons.requestTooLong');
    expect(errorMessageId(errors.abort)).toBeNull();
    expect(errorMessageId(new Error('boom'))).toBe('commons.requestError');
  });
});
