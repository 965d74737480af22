/**
 * The name a mail greets with. Only an address its owner has confirmed is greeted by name: a mail to
 * an address not yet confirmed (registration, activation again, a reset before activation) would
 * otherwise carry free text chosen by whoever typed the address ("Hello Your account is locked.
 * Unlock at http://…"). A name that looks like a link, an address or a domain, or that is long, is
 * never used either; the mail then says a plain "Hello,".
 */
export function greetingName(profile: { is_active: number; firstname: string | null }, accountName?: string | null): string {
  if (profile.is_active !== 1) return '';
  return safeGreetingName(profile.firstname ?? accountName ?? '');
}

/** Longest name a greeting carries (longer ones read like a message, not a name). */
export const GREETING_NAME_MAX = 40;

const LINK_LIKE = /:\/\/|www\.|@|\.[a-z]{2,}\b|[<>[\]{}\\/|]|\p{Cc}/iu;

/** The name, whitespace collapsed, or '' when it is long or looks like a link, address or domain. */
export function safeGreetingName(name: string): string {
  const clean = name.replace(/\s+/gu, ' ').trim();
  if (clean.length > GREETING_NAME_MAX || LINK_LIKE.test(clean)) return '';
  return clean;
}
