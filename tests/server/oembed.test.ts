import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import { bookIdOfUrl, frameSize } from '../../src/server/oembed';
import { DIALECTS, useApp } from './helpers';
import { elementsOf, metaContent } from './html-support';
import { makeBook, makeReaderPublicDir } from './reader-support';

/** oEmbed `/oembed?url=…&format=json` for reader and overview URLs of public books, and its discovery link. */

const ORIGIN = 'https://quire.example';
const DAY = 86_400_000;

async function makeAccount(app: FastifyInstance, name: string): Promise<string> {
  const id = newId();
  await app.db.insertInto('accounts').values({ id, name, ats: Date.now(), created_at: Date.now() }).execute();
  return id;
}

const oembedUrl = (url: string, extra = '') => `/oembed?url=${encodeURIComponent(url)}&format=json${extra}`;

describe('oEmbed helpers', () => {
  it('finds the book id of reader and overview URLs only', () => {
    expect(bookIdOfUrl(`${ORIGIN}/read/abc123`, '')).toBe('abc123');
    expect(bookIdOfUrl(`${ORIGIN}/read/abc123?x=1#page=3`, '')).toBe('abc123');
    expect(bookIdOfUrl(`${ORIGIN}/publication/abc123`, '')).toBe('abc123');
    expect(bookIdOfUrl('https://viewer.example/v/read/abc123', 'https://viewer.example/v')).toBe('abc123');
    expect(bookIdOfUrl(`${ORIGIN}/publisher/abc123`, '')).toBeUndefined();
    expect(bookIdOfUrl(`${ORIGIN}/read/a.b`, '')).toBeUndefined();
    expect(bookIdOfUrl('javascript:alert(1)//read/abc', '')).toBeUndefined();
    expect(bookIdOfUrl('not a url', '')).toBeUndefined();
  });

  it('fits the frame in maxwidth and maxheight keeping the 4:3 box', () => {
    expect(frameSize()).toEqual({ width: 640, height: 480 });
    expect(frameSize(320)).toEqual({ width: 320, height: 240 });
    expect(frameSize(1000, 300)).toEqual({ width: 400, height: 300 });
    expect(frameSize(10)).toEqual({ width: 200, height: 150 });
  });
});

describe.each(DIALECTS)('oEmbed on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_PUBLIC_DIR: publicDir } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  const ids: Record<string, string> = {};
  let owner = '';

  beforeAll(async () => {
    owner = await makeAccount(ctx.app, 'Ada "Books"');
    ids.public = await makeBook(ctx.app, owner, { name: 'Le <b>Livre</b> "1"' });
    ids.private = await makeBook(ctx.app, owner, { columns: { publishing_mode: 2 } });
    ids.scheduled = await makeBook(ctx.app, owner, { columns: { publish_at: Date.now() + DAY } });
  });

  it('answers a rich iframe of the reader for a reader URL and an overview URL', async () => {
    for (const url of [`${ORIGIN}/read/${ids.public}`, `${ORIGIN}/publication/${ids.public}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: oembedUrl(url) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const body = res.json();
      expect(body).toMatchObject({
        version: '1.0',
        type: 'rich',
        provider_name: 'Quire',
        provider_url: `${ORIGIN}/`,
        title: 'Le <b>Livre</b> "1"',
        author_name: 'Ada "Books"',
        author_url: `${ORIGIN}/publisher/${owner}`,
        width: 640,
        height: 480,
        thumbnail_width: 640,
        thumbnail_height: Math.round((640 * 842) / 595),
      });
      expect(body.thumbnail_url).toMatch(new RegExp(`^${ORIGIN}/thumbs/${ids.public}/large\\.webp`));
      const frames = elementsOf(body.html, 'iframe');
      expect(frames).toHaveLength(1);
      expect(frames[0]?.attribs).toEqual({
        src: `${ORIGIN}/read/${ids.public}`,
        width: '640',
        height: '480',
        title: 'Le <b>Livre</b> "1"',
        style: 'border:0',
        allow: 'fullscreen; clipboard-write',
        allowfullscreen: '',
      });
    }
  });

  it('keeps within maxwidth and maxheight', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: oembedUrl(`${ORIGIN}/read/${ids.public}`, '&maxwidth=400&maxheight=200') });
    expect(res.json()).toMatchObject({ width: 267, height: 200 });
    expect(res.json().html).toContain('width="267" height="200"');
  });

  it('answers 404 for unknown, private and scheduled books and other URLs, 501 for xml', async () => {
    for (const url of [
      `${ORIGIN}/read/${newId()}`,
      `${ORIGIN}/read/${ids.private}`,
      `${ORIGIN}/publication/${ids.scheduled}`,
      `${ORIGIN}/`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: oembedUrl(url) });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/oembed' })).statusCode).toBe(404);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/oembed?url=${encodeURIComponent(`${ORIGIN}/read/${ids.public}`)}&format=xml`,
    });
    expect(xml.statusCode).toBe(501);
  });

  it.each(['publication', 'read'])('is discoverable from the /%s page of a public book (not a private one)', async (kind) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/${kind}/${ids.public}` });
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'og:image')).toMatch(/large\.webp/);
    const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]*)"/.exec(res.body)?.[1];
    expect(href).toBeDefined();
    const target = new URL((href as string).replace(/&amp;/g, '&'));
    expect(target.origin).toBe(ORIGIN);
    const found = await ctx.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().type).toBe('rich');
  });

  it('gives private books no discovery link', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/read/${ids.private}` });
    expect(res.body).not.toContain('json+oembed');
  });
});
