import { describe, expect, it } from 'vitest';
import { loginRedirectTarget } from '../../src/web/app/login-redirect';

describe('the path visited after login (SPEC §4 Login, the reader’s "Sign in")', () => {
  it('navigates inside the app for app pages, loads other pages of this server in full', () => {
    expect(loginRedirectTarget('/account/book')).toEqual({ path: '/account/book', fullLoad: false });
    expect(loginRedirectTarget('/account/book#page=2')).toEqual({ path: '/account/book#page=2', fullLoad: false });
    expect(loginRedirectTarget('/read/abc123?t=x#page=4')).toEqual({ path: '/read/abc123?t=x#page=4', fullLoad: true });
    expect(loginRedirectTarget('/')).toEqual({ path: '/', fullLoad: false });
  });
  it('never leaves the origin', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', 'read/x', '/a b'])
      expect(loginRedirectTarget(bad), bad).toEqual({ path: '/', fullLoad: false });
  });
});
