import { describe, expect, it } from 'vitest';
import { ACCOUNT_MODES, NOTIFICATION_NAMES, TERMS_VERSION } from '../../src/contracts/accounts';
import { ACCOUNT_MENU, lowestMode, PLAN_RULES } from '../../src/contracts/gating';
import { isPagePath } from '../../src/contracts/pages';
import { loadTranslators } from '../../src/server/i18n';
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
const PAGES = ['/upgrade', '/terms'];
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
      for (const href of ctas) expect(href).toBe(isPagePath('/contact') ? expect.stringMatching(/^\/(contact|register)$/) : '/register');
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
