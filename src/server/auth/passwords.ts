import { hash, verify } from '@node-rs/argon2';

/** Password hashing (argon2id); replaceable through buildApp deps (tests count verifications). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP minimum). */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password),
  verify: async (digest, password) => {
    try {
      return await verify(digest, password);
    } catch {
      return false;
    }
  },
};

/**
 * Checks a password against a profile's hash; without a profile (or a password) it verifies against a
 * dummy hash anyway, so unknown addresses take as long as wrong passwords.
 */
export async function checkPassword(
  hasher: PasswordHasher,
  digest: string | null | undefined,
  password: string,
  dummy: string,
): Promise<boolean> {
  if (!digest) {
    await hasher.verify(dummy, password);
    return false;
  }
  return hasher.verify(digest, password);
}
