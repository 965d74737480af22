import { describe, expect, it } from 'vitest';
import { isFresh } from '../../../machines/accounts/token';

describe('isFresh: another tab already refreshed (adopt instead of calling the server)', () => {
  const issued = 1_000_000;
  const session = { issued_at: issued, expires_at: issued + 3_600_000 };
  it('is fresh in the first half of its lifetime', () => {
    expect(isFresh(session, issued + 1_000)).toBe(true);
    expect(isFresh(session, issued - 3_000)).toBe(true); // the other tab's clock is a little ahead
  });
  it('is due past half its lifetime (minus 5 s of slack)', () => {
    expect(isFresh(session, issued + 1_800_000 - 5_000)).toBe(false);
    expect(isFresh(session, issued + 1_800_001)).toBe(false);
  });
  it('a token stored before issued_at existed is never taken as fresh', () => {
    expect(isFresh({ issued_at: 0, expires_at: issued }, 10)).toBe(false);
  });
});
