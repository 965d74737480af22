import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MODES, type AccountMode } from '../../contracts/accounts';
import { formatBytes } from '../../contracts/bytes';
import { PLAN_RULES, type PlanLimits, type PlanValue } from '../../contracts/gating';
import { isPagePath } from '../../contracts/pages';
import type { Config, Price } from '../config';
import { renderDocument } from '../html/render';
import type { PageContext } from './context';
import { SitePage } from './layout';
import { PRICING_MESSAGES as M, PLAN_NAMES, PLAN_PITCHES, RULE_LABELS } from './pricing-messages';

/**
 * GET /upgrade: the three plans and what each one unlocks, generated from the product's one gating
 * table (contracts/gating.ts PLAN_RULES: the same rules the account menu and the server apply), with
 * the instance's limits (QUIRE_FILESIZE_LIMITS) and prices (QUIRE_PRICES). A plan this site sells
 * (billing, issue 21) has a buy button (the buy panel of /account/order); otherwise the call to action is
 * the contact page when the app has one, else sign-up for visitors, none for members.
 */
export const PRICING_PATH = '/upgrade';
/** The plan the page puts forward. */
const RECOMMENDED: AccountMode = 'PREMIUM';

type Cta = { href: string; label: string } | undefined;

/** The paid modes this site sells (QUIRE_BILLING_PROVIDERS and a price of QUIRE_PRICES): bought from the buy panel. */
const soldModes = (billing: Config['billing']): ReadonlySet<AccountMode> => new Set(billing?.plans.map((p) => p.mode) ?? []);

function callToAction(ctx: PageContext, mode: AccountMode, sold: ReadonlySet<AccountMode>): Cta {
  // Issue 21: a plan sold here is bought on /account/order (signing in first when needed).
  if (sold.has(mode)) return { href: `/account/order?buy=${mode}`, label: ctx.t(M.buy, { plan: ctx.t(PLAN_NAMES[mode]) }) };
  if (isPagePath('/contact') && mode !== 'FREE') return { href: '/contact', label: ctx.t(M.contact) };
  if (ctx.signedIn) return undefined;
  return { href: '/register', label: ctx.t(M.startFree) };
}

function priceText(ctx: PageContext, mode: AccountMode, prices: Config['prices']): string {
  const price = prices[mode];
  if (mode === 'FREE') {
    // Nothing, in the currency of the paid plans when they have a price.
    const currency = Object.values(prices)[0]?.currency;
    return price === undefined && currency !== undefined ? money(ctx, 0, currency) : ctx.t(M.free);
  }
  if (price === undefined) return isPagePath('/contact') ? ctx.t(M.contact) : ctx.t(M.onRequest);
  return ctx.t(price.period === 'month' ? M.perMonth : M.perYear, { price: money(ctx, price.amount, price.currency) });
}

const money = (ctx: PageContext, amount: number, currency: string) =>
  new Intl.NumberFormat(ctx.lang, { style: 'currency', currency, ...(Number.isInteger(amount) && { maximumFractionDigits: 0 }) }).format(
    amount,
  );

/** A value of the table as text (screen readers and the cards read the same words). */
function valueText(ctx: PageContext, value: PlanValue): string {
  switch (value.kind) {
    case 'count':
      return ctx.t(M.files, { count: value.value });
    case 'bytes':
      return formatBytes(value.value, ctx.lang);
    case 'included':
      return ctx.t(value.value ? M.included : M.notIncluded);
  }
}

const sameValue = (a: PlanValue, b: PlanValue) => a.kind === b.kind && a.value === b.value;

/** What a plan adds over the one below it (every rule for the first plan that has it, or a new quantity). */
function unlocks(mode: AccountMode, limits: PlanLimits) {
  const below = ACCOUNT_MODES[ACCOUNT_MODES.indexOf(mode) - 1];
  return PLAN_RULES.flatMap((rule) => {
    const value = rule.value(mode, limits);
    if (value.kind === 'included' && !value.value) return [];
    if (below !== undefined && sameValue(value, rule.value(below, limits))) return [];
    return [{ rule, value }];
  });
}

function Cell({ ctx, value }: { ctx: PageContext; value: PlanValue }) {
  if (value.kind !== 'included') return <td>{valueText(ctx, value)}</td>;
  return (
    <td>
      <span className={value.value ? 'plan-yes' : 'plan-no'} aria-hidden="true">
        {value.value ? '✓' : '–'}
      </span>
      <span className="visually-hidden">{valueText(ctx, value)}</span>
    </td>
  );
}

function jsonLd(ctx: PageContext, prices: Config['prices']) {
  const priced = ACCOUNT_MODES.filter((mode) => prices[mode] !== undefined);
  if (priced.length === 0) return undefined;
  return {
    '@type': 'Product',
    name: 'Quire',
    description: ctx.t(M.description),
    url: ctx.absolute(PRICING_PATH),
    offers: priced.map((mode) => {
      const price = prices[mode] as Price;
      return {
        '@type': 'Offer',
        name: ctx.t(PLAN_NAMES[mode]),
        price: price.amount.toFixed(2),
        priceCurrency: price.currency,
        url: ctx.absolute(PRICING_PATH),
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: price.amount.toFixed(2),
          priceCurrency: price.currency,
          unitCode: price.period === 'month' ? 'MON' : 'ANN',
        },
      };
    }),
  };
}

export function pricingHtml(
  ctx: PageContext,
  config: Pick<Config, 'prices' | 'filesizeLimits'> & Partial<Pick<Config, 'billing'>>,
): string {
  const { t } = ctx;
  const limits: PlanLimits = { filesize: config.filesizeLimits };
  const sold = soldModes(config.billing);
  const promoCta = callToAction(ctx, 'PLATINUM', sold);
  return renderDocument(
    <SitePage
      ctx={ctx}
      title={`${t(M.title)} · Quire`}
      path={PRICING_PATH}
      description={t(M.description)}
      jsonLd={jsonLd(ctx, config.prices)}
    >
      <section className="hero pricing-hero" aria-labelledby="pricing-title">
        <div className="container">
          <p className="eyebrow">{t(M.title)}</p>
          <h1 id="pricing-title" className="hero__title">
            {t(M.heading)}
          </h1>
          <p className="hero__lead">{t(M.lead)}</p>
        </div>
      </section>
      <section className="container pricing" aria-label={t(M.plans)}>
        <ul className="plans">
          {ACCOUNT_MODES.map((mode, i) => {
            const cta = callToAction(ctx, mode, sold);
            const below = ACCOUNT_MODES[i - 1];
            const recommended = mode === RECOMMENDED;
            return (
              <li key={mode} className={`plan${recommended ? ' plan--recommended' : ''}`} aria-labelledby={`plan-${mode}`}>
                {recommended && <p className="plan__badge">{t(M.recommended)}</p>}
                <h2 id={`plan-${mode}`} className="plan__name">
                  {t(PLAN_NAMES[mode])}
                </h2>
                <p className="plan__price">{priceText(ctx, mode, config.prices)}</p>
                <p className="plan__pitch">{t(PLAN_PITCHES[mode])}</p>
                {below !== undefined && <p className="plan__plus">{t(M.everythingIn, { plan: t(PLAN_NAMES[below]) })}</p>}
                <ul className="plan__unlocks">
                  {unlocks(mode, limits).map(({ rule, value }) => {
                    const label = RULE_LABELS[rule.key];
                    return (
                      <li key={rule.key} data-rule={rule.key}>
                        <strong>{label ? t(label.label) : rule.key}</strong>
                        {value.kind !== 'included' && `: ${valueText(ctx, value)}`}
                      </li>
                    );
                  })}
                </ul>
                {cta && (
                  <a className={`btn btn--lg ${recommended ? 'btn--primary' : ''} plan__cta`} href={cta.href}>
                    {cta.label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="section section--alt" aria-labelledby="compare-title">
        <div className="container">
          <h2 id="compare-title" className="section__title">
            {t(M.compare)}
          </h2>
          <div className="compare">
            <table className="compare__table">
              <caption className="visually-hidden">{t(M.compareCaption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(M.feature)}</th>
                  {ACCOUNT_MODES.map((mode) => (
                    <th key={mode} scope="col">
                      {t(PLAN_NAMES[mode])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PLAN_RULES.map((rule) => {
                  const label = RULE_LABELS[rule.key];
                  return (
                    <tr key={rule.key} data-rule={rule.key}>
                      <th scope="row">
                        {label ? t(label.label) : rule.key}
                        {label && <small>{t(label.help)}</small>}
                      </th>
                      {ACCOUNT_MODES.map((mode) => (
                        <Cell key={mode} ctx={ctx} value={rule.value(mode, limits)} />
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      </section>
      <section className="container pricing-promo-wrap" aria-labelledby="promo-title">
        <div className="pricing-promo">
          <h2 id="promo-title">{t(M.promoTitle)}</h2>
          <p>{t(M.promoText)}</p>
          {promoCta ? (
            <a className="btn btn--primary btn--lg" href={promoCta.href}>
              {promoCta.label}
            </a>
          ) : (
            <p>{t(M.promoOperator)}</p>
          )}
        </div>
      </section>
    </SitePage>,
  );
}

/** The entry of the site's page table (site/pages.ts). */
export const PRICING_PAGE = {
  path: PRICING_PATH,
  render: (ctx: PageContext, _request: unknown, app: FastifyInstance) => ({ html: pricingHtml(ctx, app.config) }),
};
