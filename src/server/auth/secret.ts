import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { getSetting } from '../db/settings';

export const SECRET_SETTING = 'secret';

/**
 * The instance secret: QUIRE_SECRET when set; otherwise one generated on the first start and kept in
 * the settings table (never in the repository). Concurrent first starts agree on the first one written.
 */
export async function resolveSecret(db: Db, config: Pick<Config, 'secret'>, now = Date.now()): Promise<string> {
  if (config.secret) return config.secret;
  const stored = await getSetting(db, SECRET_SETTING);
  if (stored) return stored;
  await db
    .insertInto('settings')
    .values({ key: SECRET_SETTING, value: randomBytes(48).toString('base64url'), updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const written = await getSetting(db, SECRET_SETTING);
  if (!written) throw new Error('could not store the generated secret in the settings table');
  return written;
}
