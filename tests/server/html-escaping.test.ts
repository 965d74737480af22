import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, widgetQuery } from '../../src/contracts/widget';
import { newId } from '../../src/server/auth/crypto';
import { JsonScript, renderFragment } from '../../src/server/html/render';
import { loadTranslators } from '../../src/server/i18n';
import { type MailData, renderMail } from '../../src/server/mail/templates';
import { ReaderFrame } from '../../src/server/oembed';
import { useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { allElements, commentsOf, elementsOf, metaContent, scriptTexts, textareaValue, textOf } from './html-support';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Hostile values (a book title, a publisher name, a description, page text, a mail's address and
 * link) on every server-rendered page and mail: they come out as the same text, never as markup, a
 * script, a comment, an event handler or a `javascript:` link.
 */

const ORIGIN = 'https://quire.example';
const EVIL = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "q" 'a' & <!-- x --> javascript:alert(3)`;
const EVIL_URL = 'javascript:alert(4)';
const ROOT = path.resolve(import.meta.dirname, '../..');

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'srcset', 'poster', 'data']);
/** React's replacement of a `javascript:` URL: it throws instead of running anything. */
const BLOCKED = /^javascript:throw new Error\('React has blocked a javascript: URL/;

/** Nothing in the page runs or hides: data scripts only, no handlers, no script URLs, no comments, no injected element. */
function expectInert(html: string, page: string, scriptSources: string[] = []) {
  for (const el of allElements(html)) {
    for (const [name, value] of Object.entries(el.attribs)) {
      expect(name.startsWith('on'), `${page}: <${el.name} ${name}>`).toBe(false);
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value)) expect(value, `${page}: <${el.name} ${name}>`).toMatch(BLOCKED);
    }
    if (el.name === 'img') expect(el.attribs.src, page).not.toBe('x');
    if (el.name === 'script') {
      if (el.attribs.src !== undefined) expect(scriptSources, page).toContain(el.attribs.src);
      else expect(['application/json', 'application/ld+json'], page).toContain(el.attribs.type);
    }
  }
  for (const data of scriptTexts(html).filter((text) => text !== '')) {
    expect(data, page).not.toMatch(/[<>]/);
    expect(() => JSON.parse(data), page).not.toThrow();
  }
  expect(commentsOf(html), page).toEqual([]);
  expect(html, page).not.toContain('<script>alert');
}

describe('hostile values in the mails', () => {
  const t = loadTranslators(path.join(ROOT, 'locales'))('en');
  const name = `Zoé "Z" O'Neil & co`;
  const mails: MailData[] = [
    { kind: 'activation', name, url: EVIL_URL },
    { kind: 'registered', name, email: `${EVIL}@evil.test`, loginUrl: EVIL_URL, resetUrl: `https://q.test/reset?x=${EVIL}` },
    { kind: 'reset', name, url: `https://q.test/reset?x="><script>alert(1)</script>`, minutes: 60 },
    { kind: 'loginCode', name, code: EVIL, minutes: 10 },
    { kind: 'failedSignIns', name, count: 3, minutes: 60 },
  ];

  it.each(mails.map((mail) => [mail.kind, mail] as const))('keeps them as text in the %s mail', (_, data) => {
    const mail = renderMail(data, t, 'en');
    expectInert(mail.html, data.kind);
    const text = textOf(mail.html);
    expect(text).toContain(`Hello ${name},`);
    if (data.kind === 'registered') expect(text).toContain(`${EVIL}@evil.test`);
    if (data.kind === 'loginCode') expect(elementsOf(mail.html, 'title').map(textOf)).toEqual([mail.subject]);
    // A link keeps its address, unless it is a script: then it does nothing.
    for (const a of elementsOf(mail.html, 'a')) expect(a.attribs.href).toMatch(/^https:\/\/q\.test\/|^javascript:throw /);
    if (data.kind === 'reset') expect(elementsOf(mail.html, 'a')[0]?.attribs.href).toBe(data.url);
  });
});

describe('the one JSON-in-script helper and the reader frame', () => {
  it('cannot be closed, commented out or broken by the data', () => {
    const data = { a: '</script><script>alert(1)</script>', b: '<!-- -->', c: '\u2028\u2029&', d: EVIL };
    const html = renderFragment(createElement(JsonScript, { id: 'x', data }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(scriptTexts(html)[0] ?? '')).toEqual(data);
    expectInert(html, 'JsonScript');
  });

  it('blocks a javascript: frame source and keeps a hostile title as text', () => {
    const html = renderFragment(createElement(ReaderFrame, { src: EVIL_URL, title: EVIL, width: 10, height: 10 }));
    expectInert(html, 'ReaderFrame');
    expect(elementsOf(html, 'iframe')[0]?.attribs.title).toBe(EVIL);
  });
});

describe.each(DIALECTS)('hostile values on the pages on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_PUBLIC_DIR: publicDir } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  const publisher = `Ada ${EVIL}`;
  let owner = '';
  let book = '';
  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    owner = newId();
    await ctx.app.db
      .insertInto('accounts')
      .values({ id: owner, name: publisher, context: 'pro', ats: Date.now(), created_at: Date.now() })
      .execute();
    book = await makeBook(ctx.app, owner, { name: EVIL, description: EVIL, texts: [EVIL, `Second page ${EVIL}`], pages: 2 });
  });

  it('the publication overview', async () => {
    const res = await get(ctx.app, `/publication/${book}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expectInert(html, 'overview');
    expect(elementsOf(html, 'title').map(textOf)).toEqual([EVIL]);
    expect(elementsOf(html, 'h1').map(textOf)).toEqual([EVIL]);
    expect(metaContent(html, 'og:title')).toBe(EVIL);
    expect(textOf(html)).toContain(publisher);
    expect(
      elementsOf(html, 'section')
        .filter((s) => s.attribs.class === 'ov-page')
        .map(textOf),
    ).toEqual([EVIL, `Second page ${EVIL}`]);
    const [jsonLd] = scriptTexts(html, 'application/ld+json');
    expect(JSON.parse(jsonLd ?? '')).toMatchObject({ name: EVIL, author: { name: publisher } });
    // The embed code is text in a textarea; pasted elsewhere it is one frame with the title as a value.
    const [textarea] = elementsOf(html, 'textarea');
    if (!textarea) throw new Error('no embed code');
    const code = textareaValue(textarea);
    expectInert(code, 'embed code');
    expect(elementsOf(code, 'iframe').map((f) => f.attribs.title)).toEqual([EVIL]);
  });

  it('the publisher page', async () => {
    const res = await get(ctx.app, `/publisher/${owner}`);
    expect(res.statusCode).toBe(200);
    expectInert(res.body, 'publisher');
    expect(elementsOf(res.body, 'h1').map(textOf)).toEqual([publisher]);
    expect(elementsOf(res.body, 'title').map(textOf)).toEqual([`${publisher} · Quire`]);
    expect(JSON.parse(scriptTexts(res.body, 'application/ld+json')[0] ?? '')).toMatchObject({ name: publisher });
  });

  it('the reader page', async () => {
    const res = await get(ctx.app, `/read/${book}`);
    expect(res.statusCode).toBe(200);
    expectInert(res.body, 'reader');
    expect(elementsOf(res.body, 'title').map(textOf)).toEqual([EVIL]);
    expect(metaContent(res.body, 'og:title')).toBe(EVIL);
    expect(metaContent(res.body, 'description')).toBe(EVIL.replace(/\s+/g, ' '));
    const inline = scriptTexts(res.body, 'application/json').map((text) => JSON.parse(text));
    expect(inline).toContainEqual({ book: expect.objectContaining({ name: EVIL }) });
  });

  it('the library widget', async () => {
    const res = await get(ctx.app, `/library/?${widgetQuery({ ...WIDGET_DEFAULTS, type: 'account', id: owner, showInfo: 'account' })}`);
    expect(res.statusCode).toBe(200);
    const scripts = elementsOf(res.body, 'script').map((s) => s.attribs.src ?? '');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/widget-[\w-]+\.js$/);
    expectInert(res.body, 'widget', scripts);
    expect(
      elementsOf(res.body, 'span')
        .filter((s) => s.attribs.class === 'wl-title')
        .map(textOf),
    ).toEqual([EVIL]);
    expect(
      elementsOf(res.body, 'span')
        .filter((s) => s.attribs.class === 'wl-info')
        .map(textOf),
    ).toEqual([publisher]);
    expect(elementsOf(res.body, 'a').find((a) => a.attribs.class === 'wl-link')?.attribs.title).toBe(EVIL);
  });

  it('the oEmbed answer', async () => {
    const res = await get(ctx.app, `/oembed?url=${encodeURIComponent(`${ORIGIN}/publication/${book}`)}&format=json`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: EVIL, author_name: publisher });
    expectInert(body.html, 'oembed');
    expect(allElements(body.html).map((el) => el.name)).toEqual(['iframe']);
    expect(elementsOf(body.html, 'iframe')[0]?.attribs.title).toBe(EVIL);
  });
});
