/**
 * The account menu (SPEC §2) and its gating (SPEC §6 menu gating, §4 feature gating): the table and
 * its rules are the product's one gating table, src/contracts/gating.ts (the pricing page and the
 * server read it too).
 */
export { ACCOUNT_MENU, type Access, access, type Gate, type MenuItem, type Viewer } from '../../contracts/gating';

/** SPEC §6: the upgrade button shows when the account has no expiration or it is past. */
export function showsUpgrade(expiration: number | null, now: number): boolean {
  return expiration === null || expiration * 1000 < now;
}
