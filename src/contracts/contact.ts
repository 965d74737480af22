import * as v from 'valibot';

/**
 * The contact form (SPEC §2 Other, §3 Contact message, §5 Contact, §7 Contact): `POST {api}/contact/send`.
 * One schema for the server and the modal's validation (machines/contact.machine.ts). Two variants: the
 * normal one (`support`, with the page's url) and the deletion request (`deletion`). Signed in, name and
 * e-mail come from the account: the e-mail is then not required (SPEC §5).
 */

/** The `subject` of a message: the normal form or the deletion request. */
export const CONTACT_SUBJECTS = ['support', 'deletion'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Field limits (characters). */
export const CONTACT_LIMITS = { name: 120, email: 254, text: 5000, phone: 40, url: 2000, captcha: 20_000 } as const;

const trimmed = v.pipe(v.string(), v.trim());
const optionalText = (max: number) => v.optional(v.pipe(trimmed, v.maxLength(max, 'validation.max')), '');
const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

const entries = {
  name: optionalText(CONTACT_LIMITS.name),
  // A missing field reads as empty, so it fails as "required" like an empty one.
  text: v.optional(v.pipe(trimmed, v.nonEmpty('validation.required'), v.maxLength(CONTACT_LIMITS.text, 'validation.max')), ''),
  phone: v.optional(
    v.pipe(trimmed, v.maxLength(CONTACT_LIMITS.phone, 'validation.max'), v.regex(/^[+\d\s().\-/]*$/, 'validation.invalid')),
    '',
  ),
  url: v.optional(
    v.pipe(
      trimmed,
      v.maxLength(CONTACT_LIMITS.url, 'validation.max'),
      v.check((s) => s === '' || isHttpUrl(s), 'validation.url'),
    ),
    '',
  ),
  'g-recaptcha-response': v.optional(v.pipe(v.string(), v.maxLength(CONTACT_LIMITS.captcha, 'validation.max')), ''),
  subject: v.optional(v.picklist(CONTACT_SUBJECTS, 'validation.invalid'), 'support'),
};

/** A visitor's message: the e-mail is required and an address. */
export const ContactRequestSchema = v.object({
  ...entries,
  email: v.optional(
    v.pipe(
      trimmed,
      v.nonEmpty('validation.required'),
      v.maxLength(CONTACT_LIMITS.email, 'validation.max'),
      v.email('validation.email'),
      v.toLowerCase(),
    ),
    '',
  ),
});
/** A signed-in user's message: name and e-mail are the account's (whatever is sent is ignored). */
export const SignedInContactRequestSchema = v.object({
  ...entries,
  email: v.optional(v.pipe(v.string(), v.maxLength(CONTACT_LIMITS.email, 'validation.max')), ''),
});
export type ContactRequest = v.InferOutput<typeof ContactRequestSchema>;

/** The answer of `contact/send`: the stored message's id. */
export const ContactSentSchema = v.object({ id: v.string() });
export type ContactSent = v.InferOutput<typeof ContactSentSchema>;
