import type { Kysely } from 'kysely';

interface Tables {
  profiles: { id: string; account_id: string; email: string; firstname: string | null; lastname: string | null };
  accounts: { id: string; name: string };
}

/**
 * First and last names from the name given at sign-up (issue 16: the personal details showed empty
 * names although a name was given). Registration now splits the name into the profile
 * (src/server/accounts/names.ts); this fills the profiles made before, where both are empty, from their
 * account's name the same way: the first word, then the rest, each at most 80 characters. A name that
 * is the address's local part or holds an '@' (a social sign-in without a name) is no name and is left
 * out. Kept self-contained: the rule as it was when the migration was written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<Tables>;
  const rows = await k
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
    .select(['profiles.id as id', 'profiles.email as email', 'accounts.name as name'])
    .where('profiles.firstname', 'is', null)
    .where('profiles.lastname', 'is', null)
    .execute();
  for (const row of rows) {
    const words = row.name.replace(/\s+/gu, ' ').trim().split(' ').filter(Boolean);
    const whole = words.join(' ');
    if (whole === '' || whole.includes('@') || whole.toLowerCase() === (row.email.split('@')[0] ?? '').toLowerCase()) continue;
    const firstname = (words[0] ?? '').slice(0, 80).trim() || null;
    const lastname = words.slice(1).join(' ').slice(0, 80).trim() || null;
    await k
      .updateTable('profiles')
      .set({ firstname, lastname })
      .where('id', '=', row.id)
      .where('firstname', 'is', null)
      .where('lastname', 'is', null)
      .execute();
  }
}

/** Nothing to undo: the names stay (they are the person's own from then on). */
export async function down(): Promise<void> {}
