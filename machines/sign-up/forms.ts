import * as v from 'valibot';
import {
  EmailCaptchaRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetRequestSchema,
} from '../../src/contracts/account-requests';

/** Field name → message id of its first problem (e.g. `validation.required`); empty when valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * Runs a valibot schema of src/contracts on form values and returns, per top-level field, the message
 * id of the first issue (pipes stop at the first failing rule). Issues without a path go under `''`.
 */
export function validateForm(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : '';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The captcha widget's token field (the name the calls use, SPEC §3). */
export const CAPTCHA_FIELD = 'g-recaptcha-response';

export interface LoginValues {
  login: string;
  password: string;
}
export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  'g-recaptcha-response': string;
  tos: boolean;
}
/** Forgot and resend (SPEC §3): e-mail and captcha. */
export interface EmailCaptchaValues {
  email: string;
  'g-recaptcha-response': string;
}
/** Reset: the new password; the hash comes from the link (input `resetHash`). */
export interface ResetValues {
  password: string;
}

export interface Form<V> {
  values: V;
  errors: FieldErrors<keyof V & string>;
}
export interface Forms {
  login: Form<LoginValues>;
  register: Form<RegisterValues>;
  forgot: Form<EmailCaptchaValues>;
  resend: Form<EmailCaptchaValues>;
  reset: Form<ResetValues>;
}
export type FormName = keyof Forms;
export type FieldName = 'login' | 'password' | 'name' | 'email' | 'g-recaptcha-response' | 'tos';

export const emptyForms = (): Forms => ({
  login: { values: { login: '', password: '' }, errors: {} },
  register: { values: { name: '', email: '', password: '', [CAPTCHA_FIELD]: '', tos: false }, errors: {} },
  forgot: { values: { email: '', [CAPTCHA_FIELD]: '' }, errors: {} },
  resend: { values: { email: '', [CAPTCHA_FIELD]: '' }, errors: {} },
  reset: { values: { password: '' }, errors: {} },
});

/** What validation needs besides the values: dev mode (no captcha, SPEC §5) and the reset link's hash. */
export interface FormOptions {
  devMode: boolean;
  resetHash: string | null;
}

const captchaErrors = (token: string, devMode: boolean): Record<string, string> =>
  devMode || token.trim() !== '' ? {} : { [CAPTCHA_FIELD]: 'validation.required' };

/** SPEC §5 rules of one form, with the shared request schemas: field → message id. */
export function formErrors(forms: Forms, name: FormName, options: FormOptions): Record<string, string> {
  switch (name) {
    case 'login':
      return validateForm(LoginRequestSchema, forms.login.values);
    case 'register':
      return {
        ...validateForm(RegisterRequestSchema, forms.register.values),
        ...captchaErrors(forms.register.values[CAPTCHA_FIELD], options.devMode),
      };
    case 'forgot':
    case 'resend':
      return {
        ...validateForm(EmailCaptchaRequestSchema, forms[name].values),
        ...captchaErrors(forms[name].values[CAPTCHA_FIELD], options.devMode),
      };
    case 'reset':
      return validateForm(ResetRequestSchema, { ...forms.reset.values, hash: options.resetHash ?? '' });
  }
}

export const formValid = (forms: Forms, name: FormName, options: FormOptions) => Object.keys(formErrors(forms, name, options)).length === 0;

/** Sets one field of one form (ignored when the form has no such field) and clears that field's error. */
export function withField(forms: Forms, name: FormName, field: string, value: string | boolean): Forms {
  const form = forms[name] as unknown as Form<Record<string, string | boolean>>;
  if (!Object.hasOwn(form.values, field)) return forms;
  const next = typeof form.values[field] === 'boolean' ? value === true || value === 'true' || value === '1' : String(value);
  const { [field]: _dropped, ...errors } = form.errors;
  return { ...forms, [name]: { values: { ...form.values, [field]: next }, errors } };
}

/** Replaces the errors of one form. */
export const withErrors = (forms: Forms, name: FormName, errors: Record<string, string>): Forms => ({
  ...forms,
  [name]: { ...forms[name], errors },
});

/** A failed forgot/resend/register call spends the captcha token: the widget must be solved again. */
export function withoutCaptcha(forms: Forms, name: 'register' | 'forgot' | 'resend'): Forms {
  return withField(forms, name, CAPTCHA_FIELD, '');
}

// ── Call payloads (parsed with the same schemas: trimmed, e-mail lower-cased) ────────────────────

export interface LoginCall {
  login: string;
  password: string;
}
/** Register payload; the app's `register` actor adds language, origin_source, origin_campaign and fingerprint. */
export interface RegisterCall {
  name: string;
  email: string;
  password: string;
  'g-recaptcha-response'?: string;
  tos: 1;
}
export interface EmailCaptchaCall {
  email: string;
  'g-recaptcha-response'?: string;
}
export interface ResetCall {
  password: string;
  hash: string;
}

const token = (s: string | undefined) => (s?.trim() ? s : undefined);

export const loginCall = (values: LoginValues): LoginCall => v.parse(LoginRequestSchema, values);

export function registerCall(values: RegisterValues): RegisterCall {
  const out = v.parse(RegisterRequestSchema, values);
  return { name: out.name, email: out.email, password: out.password, [CAPTCHA_FIELD]: token(out[CAPTCHA_FIELD]), tos: 1 };
}

export function emailCaptchaCall(values: EmailCaptchaValues): EmailCaptchaCall {
  const out = v.parse(EmailCaptchaRequestSchema, values);
  return { email: out.email, [CAPTCHA_FIELD]: token(out[CAPTCHA_FIELD]) };
}

export const resetCall = (values: ResetValues, hash: string): ResetCall => v.parse(ResetRequestSchema, { ...values, hash });
