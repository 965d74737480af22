import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import { useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, metaContent } from './html-support';
import { makeBook } from './reader-support';

/**
 * SPEC §2 safe mode on the public pages: an explicit publication's overview shows an interstitial (no
 * cover, title, description or text) until the visitor confirms, which sets the cookie the reader
 * shares; explicit books are never indexed; the publisher page lists them without their covers.
 */
const ORIGIN = 'https://quire.example';

async function makeAccount(app: FastifyInstance, name: string): Promise<string> {
  const id = newId();
  await app.db.insertInto('accounts').values({ id, name, context: 'ind', ats: Date.now(), created_at: Date.now() }).execute();
  return id;
}

const CONFIRMED = { cookie: 'lang=en; quire_explicit=1' };

describe.each(DIALECTS)('explicit publications on the public pages on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  let owner = '';
  let adult = '';
  let plain = '';
  let hidden = '';

  beforeAll(async () => {
    owner = await makeAccount(ctx.app, 'Night Press');
    adult = await makeBook(ctx.app, owner, {
      name: 'Velvet Nights',
      description: 'A steamy description.',
      texts: ['Scandalous opening words.'],
      pages: 1,
      columns: { is_adult: 1, publish_at: Date.now() - 2000 },
    });
    plain = await makeBook(ctx.app, owner, { name: 'Garden Notes', texts: ['Roses and tulips.'], pages: 1 });
    hidden = await makeBook(ctx.app, owner, { name: 'Private Velvet', columns: { is_adult: 1, publishing_mode: 2 } });
  });

  it('shows an interstitial without anything of the publication until the visitor confirms', async () => {
    const res = await get(`/publication/${adult}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This publication contains explicit content');
    for (const secret of ['Velvet Nights', 'A steamy description', 'Scandalous', `/thumbs/`, 'og:image', 'application/ld+json'])
      expect(res.body).not.toContain(secret);
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // The one form that sends something (the site header's search forms only GET /search).
    const posting = elementsOf(res.body, 'form').filter((f) => f.attribs.method === 'post');
    expect(posting.map((f) => f.attribs)).toEqual([{ method: 'post', action: `/publication/${adult}/explicit` }]);
    expect(res.body).toMatch(/<a href="\/">Leave<\/a>/);
  });

  it('confirms with a POST: the cookie (path /, 365 days, readable by the reader) and back to the page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/publication/${adult}/explicit` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/publication/${adult}`);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toBe('quire_explicit=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(cookie).not.toMatch(/HttpOnly/i);
    // Only a public publication is a place to come back to.
    for (const id of [hidden, 'doesNotExist', plain.replace(/./, '-')]) {
      const refused = await ctx.app.inject({ method: 'POST', url: `/publication/${id}/explicit` });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
  });

  it('shows the whole overview once confirmed, still kept out of search engines', async () => {
    const res = await get(`/publication/${adult}`, CONFIRMED);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Velvet Nights</h1>');
    expect(res.body).toContain('Scandalous opening words.');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // Another cookie value is no confirmation.
    expect((await get(`/publication/${adult}`, { cookie: 'quire_explicit=0' })).body).not.toContain('Velvet Nights');
  });

  it('leaves other publications indexable and cacheable', async () => {
    const res = await get(`/publication/${plain}`);
    expect(res.body).toContain('<h1>Garden Notes</h1>');
    expect(res.body).not.toContain('noindex');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('lists explicit books on the publisher page without their covers, and never as its preview image', async () => {
    const card = (html: string, title: string) =>
      html.split('<li class="ov-card">').find((item) => item.includes(`<span class="ov-card__title">${title}</span>`)) ?? '';
    expect(card((await get(`/publisher/${owner}`)).body, 'Velvet Nights')).not.toBe('');
    const res = await get(`/publisher/${owner}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const adultCard = card(res.body, 'Velvet Nights');
    expect(adultCard).toContain('Explicit content');
    expect(adultCard).not.toContain('<img');
    expect(card(res.body, 'Garden Notes')).toContain('<img');
    const ogImage = metaContent(res.body, 'og:image') ?? '';
    expect(ogImage).toContain(plain);
    expect(ogImage).not.toContain(adult);
    expect(res.body).not.toContain('Private Velvet');
    // Confirmed visitors see the cover.
    expect(card((await get(`/publisher/${owner}`, CONFIRMED)).body, 'Velvet Nights')).toContain('<img');
  });
});
