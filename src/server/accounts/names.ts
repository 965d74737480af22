/** Longest first or last name a profile keeps (the personal details' limit, contracts ProfileUpdateRequestSchema). */
export const PERSON_NAME_MAX = 80;

/**
 * The first and last names of a name given at sign-up ("Ada King Lovelace" → Ada / King Lovelace): the
 * first word, then the rest, spaces collapsed, each cut at 80 characters; a missing part is null. The
 * personal details start from them, and the person corrects them there.
 */
export function splitName(name: string): { firstname: string | null; lastname: string | null } {
  const words = name.replace(/\s+/gu, ' ').trim().split(' ').filter(Boolean);
  const first = (words[0] ?? '').slice(0, PERSON_NAME_MAX).trim();
  const rest = words.slice(1).join(' ').slice(0, PERSON_NAME_MAX).trim();
  return { firstname: first || null, lastname: rest || null };
}
