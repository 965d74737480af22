import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type CheckoutActorRef, checkoutMachine } from '../../../../machines/billing/checkout.machine';
import { ApiCallError } from '../../../api/errors';
import { BillingOverviewSchema, OrderViewSchema, type Plan } from '../../../contracts/billing';
import { COUNTRY_CODES } from '../../../contracts/countries';
import { useApp } from '../../app/context';
import { PLAN_LABELS } from '../account-nav/labels';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Button, Field, Select, TextArea } from '../ui';
import { CHECKOUT_FAILED, formatMoney, PERIOD_LABELS, PROVIDER_LABELS } from './labels';
import './billing.css';

/** The price with tax (the amount charged), from a plan's net amount and the tax rate in basis points. */
const gross = (plan: Plan, taxRate: number) => plan.amount + Math.round((plan.amount * taxRate) / 10_000);

function Choosing({ actor }: { actor: CheckoutActorRef }) {
  const { i18n } = useLingui();
  const { plans, providers, taxRate, mode, period, provider } = useSelector(actor, (s) => s.context);
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.next' }));
  return (
    <form
      className="buy-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.next' });
      }}
    >
      <fieldset className="buy-options">
        <legend>
          <Trans id="billing.buy.plan">Plan</Trans>
        </legend>
        {plans.map((plan) => {
          const id = `${plan.mode}-${plan.period}`;
          return (
            <label key={id} className="buy-option" data-testid={`buy-plan-${id}`}>
              <input
                type="radio"
                name="plan"
                checked={plan.mode === mode && plan.period === period}
                onChange={() => actor.send({ type: 'user.plan', mode: plan.mode, period: plan.period })}
              />
              <span className="buy-option__name">
                {i18n._(PLAN_LABELS[plan.mode])} · {i18n._(PERIOD_LABELS[plan.period])}
              </span>
              <span className="buy-option__price">{formatMoney(gross(plan, taxRate), plan.currency, i18n.locale)}</span>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="buy-options">
        <legend>
          <Trans id="billing.buy.provider">Payment</Trans>
        </legend>
        {providers.map((p) => (
          <label key={p} className="buy-option" data-testid={`buy-provider-${p}`}>
            <input
              type="radio"
              name="provider"
              checked={p === provider}
              onChange={() => actor.send({ type: 'user.provider', provider: p })}
            />
            <span className="buy-option__name">{i18n._(PROVIDER_LABELS[p])}</span>
          </label>
        ))}
      </fieldset>
      <p className="buy-note">
        <Trans id="billing.buy.taxNote">Prices include tax. A business buyer in another EU country with a VAT number pays no tax.</Trans>
      </p>
      <div className="account-actions">
        <Button type="submit" variant="primary" disabled={!canNext}>
          <Trans id="billing.buy.next">Next</Trans>
        </Button>
      </div>
    </form>
  );
}

function Details({ actor }: { actor: CheckoutActorRef }) {
  const { t, i18n } = useLingui();
  const buyer = useSelector(actor, (s) => s.context.buyer);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const card = useSelector(actor, (s) => s.context.provider === 'stripe');
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canBack = useSelector(actor, (s) => s.can({ type: 'user.back' }));
  const edit = (field: 'name' | 'address' | 'country' | 'vat_id') => (e: { target: { value: string } }) =>
    actor.send({ type: 'user.edit', field, value: e.target.value });
  const names = new Intl.DisplayNames([i18n.locale || 'en'], { type: 'region' });
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.locale || 'en'),
  );
  return (
    <form
      className="buy-form"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <p>
        <Trans id="billing.buy.details">The invoice is made out to these details.</Trans>
      </p>
      {error && (
        <p className="callout callout--danger" role="alert">
          {error === CHECKOUT_FAILED.id ? i18n._(CHECKOUT_FAILED) : i18n._(error)}
        </p>
      )}
      <Field
        label={t({ id: 'billing.buy.name', message: 'Name or company' })}
        value={buyer.name}
        onChange={edit('name')}
        required
        autoComplete="organization"
        disabled={busy}
      />
      <TextArea
        label={t({ id: 'billing.buy.address', message: 'Address' })}
        value={buyer.address}
        onChange={edit('address')}
        rows={3}
        autoComplete="street-address"
        disabled={busy}
      />
      <Select
        label={t({ id: 'billing.buy.country', message: 'Country' })}
        options={countries}
        placeholder={t({ id: 'billing.buy.country.choose', message: 'Choose a country' })}
        value={buyer.country}
        onChange={edit('country')}
        required
        disabled={busy}
      />
      <Field
        label={t({ id: 'billing.buy.vat', message: 'VAT number (optional)' })}
        value={buyer.vat_id}
        onChange={edit('vat_id')}
        disabled={busy}
        noValidate
      />
      <div className="account-actions">
        <Button type="button" onClick={() => actor.send({ type: 'user.back' })} disabled={!canBack}>
          <Trans id="billing.buy.back">Back</Trans>
        </Button>
        <Button type="submit" variant="primary" disabled={!canSubmit} aria-busy={busy} data-testid="buy-submit">
          {card ? <Trans id="billing.buy.pay">Continue to payment</Trans> : <Trans id="billing.buy.order">Place the order</Trans>}
        </Button>
      </div>
    </form>
  );
}

/** The buy panel (`/account/order?buy=<MODE>`) drawn from the checkout machine. */
export function BuyView({ actor }: { actor: CheckoutActorRef }) {
  const state = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('failed')
        ? 'failed'
        : s.matches('unavailable')
          ? 'unavailable'
          : s.matches('choosing')
            ? 'choosing'
            : s.matches('redirecting') || s.matches('done')
              ? 'leaving'
              : 'details',
  );
  const title = <Trans id="billing.buy.title">Upgrade your plan</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card billing-card" aria-labelledby="buy-title" data-testid="buy">
      <h2 id="buy-title">{title}</h2>
      {state === 'unavailable' && (
        <p>
          <Trans id="billing.buy.unavailable">Plans cannot be bought on this site at the moment.</Trans>
        </p>
      )}
      {state === 'choosing' && <Choosing actor={actor} />}
      {state === 'details' && <Details actor={actor} />}
      {state === 'leaving' && (
        <p role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> <Trans id="billing.buy.leaving">One moment…</Trans>
        </p>
      )}
    </section>
  );
}

export default function BuyPanel({ mode }: { mode: string | null }) {
  const { api, tracker } = useApp();
  const actor = useActorRef(
    checkoutMachine.provide({
      actors: {
        loadOverview: fromPromise(({ signal }) => api.call('account/order/', { method: 'GET', schema: BillingOverviewSchema, signal })),
        createOrder: fromPromise(async ({ input }) => {
          try {
            return await api.call('account/order/create', { method: 'POST', json: input, schema: OrderViewSchema, ignoreAlerts: true });
          } catch (err) {
            // The panel says why (the error catalogue's message), not an alert.
            throw err instanceof ApiCallError && err.type && err.code !== undefined ? { messageId: `errors.${err.type}.${err.code}` } : err;
          }
        }),
      },
      actions: {
        trackStarted: (_, { mode: m, period }) => tracker.upgradeOrderStarted({ plan: m, period }),
        trackSubmitted: (_, { order }) => tracker.upgradeOrderSubmitted({ plan: order.mode, period: order.period }),
        redirect: (_, { url }) => window.location.assign(url),
        // A page load of its own: the order page reads `?order=` when it starts.
        showOrder: (_, { id }) => window.location.assign(`/account/order?order=${encodeURIComponent(id)}`),
      },
    }),
    { input: { mode } },
  );
  return <BuyView actor={actor} />;
}
