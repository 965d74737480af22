import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '../../src/server/reader/search';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { makeBook } from './reader-support';

/** The reader page before the viewer is built, and the search excerpts (no database behaviour: SQLite only). */
describe('reader without a built viewer', () => {
  const ctx = useAccountsApp('sqlite', { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let id = '';
  beforeAll(async () => {
    const owner = await signedIn(ctx, 'reader-nobuild');
    id = await makeBook(ctx.app, owner.content.account.id);
  });
  afterAll(() => rm(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true }));

  it('answers 503 on /read/:id while read.html is missing, and the API still works', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/read/${id}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect((await call(ctx.app, `/public/book/get?id=${id}`)).json().status).toBe('ok');
  });
});

describe('search excerpts', () => {
  it('centres a long page’s excerpt on the first match, cut at words, with ellipses', () => {
    const before = 'alpha '.repeat(50);
    const after = ' omega'.repeat(50);
    const hit = matchPage(`${before}Zürich\n\n  ist   schön${after} zurich`, 'zurich');
    expect(hit?.count).toBe(2);
    const excerpt = hit?.excerpt ?? '';
    expect(excerpt.startsWith('…alpha')).toBe(true);
    expect(excerpt.endsWith('omega…')).toBe(true);
    expect(excerpt).toContain('Zürich ist schön');
    expect(excerpt.length).toBeLessThanOrEqual(122);
    expect(excerpt.length).toBeGreaterThan(100);
  });

  it('matches across folded characters and keeps the original text', () => {
    expect(matchPage('Straße ÉCOLE', 'ecole')).toEqual({ count: 1, excerpt: 'Straße ÉCOLE' });
    expect(matchPage('nothing', 'ecole')).toBeUndefined();
  });
});
