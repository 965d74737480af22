import { gzipSync } from 'node:zlib';
import { DomUtils } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MODES, NOTIFICATION_NAMES, TERMS_VERSION } from '../../src/contracts/accounts';
import { ACCOUNT_MENU, lowestMode, PLAN_RULES } from '../../src/contracts/gating';
import { isPagePath } from '../../src/contracts/pages';
import { newId } from '../../src/server/auth/crypto';
import { loadTranslators } from '../../src/server/i18n';
import { defaultJsonSettings } from '../../src/server/publish/views';
import { newTokenSecret } from '../../src/server/reader/access';
import { EXPLORE_PAGE_SIZE, WEEK_MS } from '../../src/server/reader/explore';
import { RULE_LABELS } from '../../src/server/site/pricing-messages';
import { signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, linkHref, scriptTexts, textOf } from './html-support';

/**
 * The site's own pages (src/server/site: pricing, terms, explorer, privacy): each renders in the site
 * frame with one heading, in the visitor's language, with canonical and hreflang; pricing is made from
 * the gating table and the configured prices; the explorer lists public books only.
 */

const ORIGIN = 'https://quire.example';
const PAGES = ['/upgrade', '/terms', '/explorer', '/privacy'];
const en = loadTranslators()('en');

describe('the gating table (contracts/gating.ts)', () => {
  it('has a pricing label for every rule, and a rule for every account page gated by mode', () => {
    for (const rule of PLAN_RULES) expect(RULE_LABELS[rule.key], rule.key).toBeDefined();
    for (const item of ACCOUNT_MENU.filter((i) => lowestMode(i.gates) !== 'FREE'))
      expect(
        PLAN_RULES.map((r) => r.key),
        item.key,
      ).toContain(item.key);
  });
});

describe.each(DIALECTS)('site pages on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, {
    env: {
      QUIRE_PUBLIC_URL: ORIGIN,
      QUIRE_CONVERT_CONCURRENCY: '0',
      QUIRE_PRICES: 'PREMIUM=9.90 EUR/month,PLATINUM=290 EUR/year',
      QUIRE_FILESIZE_LIMITS: 'FREE=20M,PREMIUM=300M,PLATINUM=2G',
    },
  });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it.each(PAGES)('%s: 200, one h1, canonical and hreflang, in the visitor’s language', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(elementsOf(res.body, 'h1')).toHaveLength(1);
    expect(linkHref(res.body, 'canonical')).toBe(`${ORIGIN}${path}`);
    const hreflangs = elementsOf(res.body, 'link')
      .filter((l) => l.attribs.rel === 'alternate')
      .map((l) => l.attribs.hreflang);
    expect(hreflangs).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt', 'ru', 'x-default']);
    const german = await get(path, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.statusCode).toBe(200);
    expect(elementsOf(german.body, 'html')[0]?.attribs.lang).toBe('de');
    expect(textOf(elementsOf(german.body, 'h1')[0] ?? '')).not.toBe(textOf(elementsOf(res.body, 'h1')[0] ?? ''));
    expect(linkHref(german.body, 'canonical')).toBe(`https://de.quire.example${path}`);
  });

  describe('pricing', () => {
    it('compares the three plans on every rule of the gating table, with the configured limits', async () => {
      const html = (await get('/upgrade')).body;
      const rows = elementsOf(html, 'tr').filter((tr) => tr.attribs['data-rule'] !== undefined);
      expect(rows.map((r) => r.attribs['data-rule'])).toEqual(PLAN_RULES.map((r) => r.key));
      const headers = elementsOf(html, 'th')
        .filter((th) => th.attribs.scope === 'col')
        .map((th) => textOf(th));
      expect(headers).toEqual(['Feature', 'Free', 'Premium', 'Platinum']);
      const cells = (key: string) =>
        elementsOf(html, 'tr')
          .find((tr) => tr.attribs['data-rule'] === key)
          ?.children.filter((c) => 'name' in c && c.name === 'td')
          .map((td) => textOf(td as Parameters<typeof textOf>[0]).trim());
      expect(cells('uploadFiles')).toEqual(['1 file', '10 files', '10 files']);
      expect(cells('fileSize')).toEqual(['20 MB', '300 MB', '2 GB']);
      expect(cells('scheduling')).toEqual(['–Not included', '✓Included', '✓Included']);
      expect(cells('subscriber')).toEqual(['–Not included', '✓Included', '✓Included']);
      expect(cells('theme')).toEqual(['–Not included', '–Not included', '✓Included']);
      // Each plan card lists what it adds over the plan below it, each rule once.
      const unlocked = elementsOf(html, 'li').filter((li) => li.attribs['data-rule'] !== undefined);
      const cardRules = unlocked.map((li) => li.attribs['data-rule']);
      for (const rule of PLAN_RULES) expect(cardRules, rule.key).toContain(rule.key);
      for (const rule of PLAN_RULES) expect(textOf(html), rule.key).toContain(en(RULE_LABELS[rule.key]!.label));
    });

    it('shows the configured prices, and Product/Offer JSON-LD', async () => {
      const html = (await get('/upgrade')).body;
      const prices = elementsOf(html, 'p')
        .filter((p) => p.attribs.class === 'plan__price')
        .map((p) => textOf(p));
      expect(prices).toEqual(['€0', '€9.90 / month', '€290 / year']);
      const data = scriptTexts(html, 'application/ld+json').map((s) => JSON.parse(s));
      const product = data.find((d) => d['@type'] === 'Product');
      expect(product.offers).toEqual([
        expect.objectContaining({ name: 'Premium', price: '9.90', priceCurrency: 'EUR' }),
        expect.objectContaining({ name: 'Platinum', price: '290.00', priceCurrency: 'EUR' }),
      ]);
      const german = (await get('/upgrade', { 'accept-language': 'de' })).body;
      expect(textOf(german).replace(/\u00a0/g, ' ')).toContain('9,90 € / Monat');
    });

    it('leads a visitor to sign-up (or contact), and a member nowhere but the operator', async () => {
      const visitor = (await get('/upgrade')).body;
      const ctas = elementsOf(visitor, 'a')
        .filter((a) => /plan__cta/.test(a.attribs.class ?? ''))
        .map((a) => a.attribs.href);
      expect(ctas).toHaveLength(ACCOUNT_MODES.length);
      for (const href of ctas) expect(href).toEqual(isPagePath('/contact') ? expect.stringMatching(/^\/(contact|register)$/) : '/register');
      const { token } = await signedIn(ctx, 'pricing');
      const member = await get('/upgrade', { cookie: `quire_token=${token}` });
      expect(member.statusCode).toBe(200);
      const memberCtas = elementsOf(member.body, 'a').filter((a) => /plan__cta/.test(a.attribs.class ?? ''));
      if (!isPagePath('/contact')) {
        expect(memberCtas).toHaveLength(0);
        expect(textOf(member.body)).toContain('Plans are changed by the people who run this Quire.');
      }
      expect(member.headers['cache-control']).toBe('private, no-cache');
    });
  });
});

describe.each(DIALECTS)('explorer on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const ids: Record<string, string> = {};
  const now = Date.now();
  let owner = '';

  /** A book row (the explorer reads no files), published `age` ms ago, with column overrides. */
  async function book(name: string, age: number, columns: Record<string, unknown> = {}): Promise<string> {
    const id = newId();
    await ctx.app.db
      .insertInto('books')
      .values({
        id,
        account_id: owner,
        name,
        settings: JSON.stringify(defaultJsonSettings('PREMIUM', now)),
        status: 'DONE',
        pages_total: 4,
        pages_done: 4,
        source_name: 'b.pdf',
        source_kind: 'pdf',
        source_size: 1000,
        start_time: now,
        created_at: now - age,
        modified_at: now,
        token_secret: newTokenSecret(),
        ...columns,
      })
      .execute();
    return id;
  }
  // n readers of the statistics' daily rollup on the day of `at` (added to what the day has).
  const reads = (bookId: string, n: number, at: number) =>
    ctx.app.db
      .insertInto('stats_daily')
      .values({ book_id: bookId, account_id: owner, day: new Date(at).toISOString().slice(0, 10), readers: n, views: n })
      .onConflict((oc) => oc.columns(['book_id', 'day']).doUpdateSet((eb) => ({ readers: eb(eb.ref('stats_daily.readers'), '+', n) })))
      .execute();
  const listed = (html: string) => elementsOf(html, 'li').flatMap((li) => (li.attribs['data-book'] ? [li.attribs['data-book']] : []));

  beforeAll(async () => {
    owner = newId();
    await ctx.app.db
      .insertInto('accounts')
      .values({ id: owner, name: 'Explorer Press', context: 'pro', ats: now, created_at: now })
      .execute();
    ids.newest = await book('Newest', 1_000);
    ids.popular = await book('Popular this week', 50_000);
    ids.classic = await book('Old classic', 400_000, { is_awarded: 1 });
    ids.explicit = await book('Adult book', 2_000, { is_adult: 1 });
    ids.private = await book('Private', 10, { publishing_mode: 2 });
    ids.scheduled = await book('Scheduled', 10, { publish_at: now + 86_400_000 });
    ids.blocked = await book('Blocked', 10, { is_valid: 0, invalid_reason: 'spam' });
    ids.deactivated = await book('Deactivated', 10, { is_published: 0 });
    ids.converting = await book('Converting', 10, { status: 'CONVERTING' });
    ids.failed = await book('Failed', 10, { status: 'ERROR' });
    await reads(ids.popular, 3, now - 3_600_000);
    await reads(ids.classic, 10, now - 2 * WEEK_MS);
    await reads(ids.classic, 1, now - 3_600_000);
    await reads(ids.private, 20, now - 3_600_000);
  });

  it('lists public books only, newest first', async () => {
    const res = await get('/explorer');
    expect(res.statusCode).toBe(200);
    expect(listed(res.body)).toEqual([ids.newest, ids.explicit, ids.popular, ids.classic]);
    expect(textOf(res.body)).toContain('by Explorer Press');
    const data = scriptTexts(res.body, 'application/ld+json').map((s) => JSON.parse(s));
    const list = data.find((d) => d['@type'] === 'CollectionPage')?.mainEntity;
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 4 });
    expect(list.itemListElement[0]).toMatchObject({ position: 1, url: `${ORIGIN}/publication/${ids.newest}`, name: 'Newest' });
  });

  it('orders the week by readers of the last seven days, and features the awarded books', async () => {
    const week = await get('/explorer?tab=week');
    expect(week.statusCode).toBe(200);
    expect(listed(week.body)).toEqual([ids.popular, ids.classic]);
    const current = elementsOf(week.body, 'a').filter((a) => a.attribs['aria-current'] === 'page');
    expect(current.map((a) => a.attribs.href)).toEqual(['/explorer?tab=week']);
    expect(linkHref(week.body, 'canonical')).toBe(`${ORIGIN}/explorer?tab=week`);
    const featured = await get('/explorer?tab=featured');
    expect(listed(featured.body)).toEqual([ids.classic]);
  });

  it('respects safe mode: an explicit book without its cover until confirmed, that page kept private', async () => {
    const card = (html: string) => elementsOf(html, 'li').find((li) => li.attribs['data-book'] === ids.explicit);
    const res = await get('/explorer');
    expect(DomUtils.getElementsByTagName('img', [card(res.body)!])).toHaveLength(0);
    expect(textOf(card(res.body) ?? '')).toContain('Explicit content');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const confirmed = await get('/explorer', { cookie: 'quire_explicit=1' });
    expect(DomUtils.getElementsByTagName('img', [card(confirmed.body)!])).toHaveLength(1);
    // A page without explicit books is shared.
    expect((await get('/explorer?tab=featured')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('pages by 25 with rel prev/next', async () => {
    for (let i = 0; i < EXPLORE_PAGE_SIZE; i += 1) await book(`Filler ${i}`, 500_000 + i);
    const first = await get('/explorer');
    expect(listed(first.body)).toHaveLength(EXPLORE_PAGE_SIZE);
    expect(linkHref(first.body, 'next')).toBe(`${ORIGIN}/explorer?page=2`);
    expect(linkHref(first.body, 'prev')).toBeUndefined();
    const second = await get('/explorer?page=2');
    expect(second.statusCode).toBe(200);
    expect(listed(second.body)).toHaveLength(4);
    expect(linkHref(second.body, 'prev')).toBe(`${ORIGIN}/explorer`);
    expect(linkHref(second.body, 'canonical')).toBe(`${ORIGIN}/explorer?page=2`);
    expect(new Set([...listed(first.body), ...listed(second.body)]).size).toBe(EXPLORE_PAGE_SIZE + 4);
    // The budget: the explorer's HTML + CSS (it has no script) at most 60 KB gzip.
    const css = (await get(linkHref(first.body, 'stylesheet') ?? '')).body;
    expect(scriptTexts(first.body).filter((text) => text.trim() !== '' && !text.startsWith('{'))).toEqual([]);
    const bytes = gzipSync(first.body).length + gzipSync(css).length;
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
  });

  it.each([
    '/explorer?page=3',
    '/explorer?page=0',
    '/explorer?page=01',
    '/explorer?page=-1',
    '/explorer?page=1e3',
    '/explorer?page=99999999999999999999',
    '/explorer?tab=language',
    '/explorer?tab=',
    '/explorer?tab=week&tab=latest',
    '/explorer?page=1&page=2',
  ])('answers %s with the not-found page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(elementsOf(res.body, 'h1')).toHaveLength(1);
  });

  it('ignores unknown parameters', async () => {
    const res = await get('/explorer?utm_source=x&tab=latest');
    expect(res.statusCode).toBe(200);
    expect(linkHref(res.body, 'canonical')).toBe(`${ORIGIN}/explorer`);
  });
});

describe.each(DIALECTS)('terms on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  it('shows the current version and its date, every section, and what each consent means', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/terms' })).body;
    expect(textOf(html)).toContain(`Version ${TERMS_VERSION}, in force since November 25, 2026`);
    expect(elementsOf(html, 'section').filter((s) => s.attribs.id?.startsWith('terms-')).length).toBeGreaterThanOrEqual(8);
    const consents = elementsOf(html, 'div').flatMap((d) => (d.attribs['data-consent'] ? [d.attribs['data-consent']] : []));
    expect(consents.sort()).toEqual([...NOTIFICATION_NAMES].sort());
    expect(textOf(html)).toContain('Newsletter');
    expect(textOf(html)).toContain('Off until you switch it on.');
    // The contents list leads to each section.
    for (const a of elementsOf(html, 'a').filter((l) => l.attribs.href?.startsWith('#terms-')))
      expect(elementsOf(html, 'section').some((s) => `#${s.attribs.id}` === a.attribs.href)).toBe(true);
    const russian = (await ctx.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-language': 'ru' } })).body;
    expect(textOf(russian)).toContain(`Версия ${TERMS_VERSION}`);
  });
});

describe.each(DIALECTS)('privacy on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  it('lists every cookie the app sets, and the footer of every site page links to it', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/privacy' })).body;
    const cookies = elementsOf(html, 'tr').flatMap((tr) => (tr.attribs['data-cookie'] ? [tr.attribs['data-cookie']] : []));
    expect(cookies).toEqual(['quire_token', 'lang', 'quire_explicit', 'quire_device']);
    expect(textOf(html)).toContain('without addresses');
    for (const path of PAGES) {
      const page = (await ctx.app.inject({ method: 'GET', url: path })).body;
      const footer = elementsOf(page, 'footer')[0];
      expect(footer && DomUtils.getElementsByTagName('a', [footer]).map((a) => a.attribs.href), path).toEqual(
        expect.arrayContaining(['/privacy', '/terms', '/upgrade', '/explorer']),
      );
    }
  });
});

describe.each(DIALECTS)('pricing without prices on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });
  it('shows the plans without a price, and no Product data', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/upgrade' })).body;
    const prices = elementsOf(html, 'p')
      .filter((p) => p.attribs.class === 'plan__price')
      .map((p) => textOf(p));
    const ask = isPagePath('/contact') ? 'Contact us' : 'Price on request';
    expect(prices).toEqual(['Free forever', ask, ask]);
    expect(scriptTexts(html, 'application/ld+json').map((s) => JSON.parse(s)['@type'])).not.toContain('Product');
  });
});

describe.each(DIALECTS)('pricing with billing on %s (issue 21)', (dialect) => {
  const ctx = useAccountsApp(dialect, {
    env: {
      QUIRE_PUBLIC_URL: ORIGIN,
      QUIRE_CONVERT_CONCURRENCY: '0',
      QUIRE_PRICES: 'PREMIUM=9.90 EUR/month,PREMIUM=99 EUR/year',
      QUIRE_BILLING_PROVIDERS: 'manual',
      QUIRE_BILLING_SELLER_NAME: 'Quire SAS',
      QUIRE_BILLING_SELLER_COUNTRY: 'FR',
      QUIRE_BILLING_BANK: 'IBAN FR76 3000 6000 0112 3456 7890 189',
    },
  });
  it('offers Buy on each plan sold, leading to the buy panel; a plan not sold keeps its other call to action', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/upgrade' })).body;
    const ctas = elementsOf(html, 'a')
      .filter((a) => (a.attribs.class ?? '').includes('plan__cta'))
      .map((a) => [a.attribs.href, textOf(a)]);
    expect(ctas).toContainEqual(['/account/order?buy=PREMIUM', 'Buy Premium']);
    expect(ctas.some(([href]) => href === '/account/order?buy=PLATINUM')).toBe(false);
    expect(ctas.some(([href]) => href === '/account/order?buy=FREE')).toBe(false);
  });
});
