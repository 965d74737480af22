import { describe, expect, it, vi } from 'vitest';
import { loginContent } from '../../../machines/sign-up/fixtures';
import { createSignUpServices, isManagerInAssociation } from '../../../src/web/app/sign-up-services';
import { ASSOCIATION_DROPPED_KEY, ASSOCIATION_KEY } from '../../../src/web/session/keys';
import { associationId, dropAssociation, takeDroppedAssociation } from '../../../src/web/session/user-store';

/**
 * Issue 20 in the client: a manager signing in inside an association session counts as profile type 2
 * (SPEC §6) — the sign-up modal's ending says so to the app root —, and a stored association the server
 * refuses (the child detached elsewhere: MANAGER 1101) is cleared once, the next page saying why.
 */

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};
const stored = (id: string) => {
  const s = memory();
  s.setItem(ASSOCIATION_KEY, JSON.stringify({ id, name: 'Local Choir', mode: 'FREE', type: 'FREE' }));
  return s;
};
const manager = loginContent({ account: { mode: 'PLATINUM', type: 'PLATINUM', management: { type: 'manager' } } as never });

describe('a manager signing in inside an association session (profile type 2)', () => {
  it('is a manager with an association stored; a stored association of anyone else, or none, is not', () => {
    expect(isManagerInAssociation(manager, stored('c1'))).toBe(true);
    expect(isManagerInAssociation(manager, memory())).toBe(false);
    expect(isManagerInAssociation(loginContent(), stored('c1'))).toBe(false);
    // Platinum is part of being a manager (SPEC §6).
    const premium = loginContent({ account: { mode: 'PREMIUM', management: { type: 'manager' } } as never });
    expect(isManagerInAssociation(premium, stored('c1'))).toBe(false);
  });

  it('the sign-up modal’s ending tells the app root, which the post-login steps read', () => {
    const send = vi.fn();
    const sessionStorage = stored('c1');
    const doc = { defaultView: { sessionStorage }, documentElement: { lang: 'en' }, location: { search: '' } } as unknown as Document;
    const services = createSignUpServices({
      api: {} as never,
      store: {} as never,
      alerts: () => undefined,
      doc,
      root: { send },
      tracker: { proActivation: () => {} },
      redirectPath: () => null,
    });
    services.finish({ signedIn: manager, closeExpiredSignIn: false, navigateTo: null });
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'signUp.finished', managerInAssociation: true }));
    sessionStorage.removeItem(ASSOCIATION_KEY);
    services.finish({ signedIn: manager, closeExpiredSignIn: false, navigateTo: null });
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ managerInAssociation: false }));
    services.finish({ signedIn: null, closeExpiredSignIn: false, navigateTo: '/' });
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ managerInAssociation: false }));
  });
});

describe('a refused association is cleared by the client itself', () => {
  it('clears the refused id once and marks the next page; a second refusal of it does nothing (no loop)', () => {
    const storage = stored('gone');
    expect(dropAssociation(storage, 'gone')).toBe(true);
    expect(associationId(storage)).toBeUndefined();
    expect(storage.map.get(ASSOCIATION_DROPPED_KEY)).toBe('1');
    // Another call refused with the same id (already cleared): no second reload.
    expect(dropAssociation(storage, 'gone')).toBe(false);
    // The next page says it once.
    expect(takeDroppedAssociation(storage)).toBe(true);
    expect(takeDroppedAssociation(storage)).toBe(false);
  });

  it('leaves a newer association alone (chosen in the meantime), and does not reload when the storage will not clear', () => {
    const storage = stored('newer');
    expect(dropAssociation(storage, 'gone')).toBe(false);
    expect(associationId(storage)).toBe('newer');
    const stuck = { ...stored('gone'), removeItem: () => {} };
    expect(dropAssociation(stuck, 'gone')).toBe(false);
    const throwing = {
      ...stored('gone'),
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(dropAssociation(throwing, 'gone')).toBe(false);
  });
});
