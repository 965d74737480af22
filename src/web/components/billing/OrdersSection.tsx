import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type OrderListActorRef, orderListMachine } from '../../../../machines/billing/order-list.machine';
import { BillingOverviewSchema, OPEN_ORDER_STATES, type OrderView, OrderViewSchema } from '../../../contracts/billing';
import { useApp } from '../../app/context';
import { PLAN_LABELS } from '../account-nav/labels';
import { FailedCard, formatDate, LoadingCard } from '../account-sections/shared';
import { Button, ButtonLink, hasSitePage, Modal } from '../ui';
import BuyPanel from './BuyPanel';
import { formatMoney, ORDER_STATE_LABELS, PERIOD_LABELS, PROVIDER_LABELS } from './labels';
import './billing.css';

function StateBadge({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  return (
    <span className={`billing-state billing-state--${order.state}`} data-testid="order-state">
      {i18n._(ORDER_STATE_LABELS[order.state])}
    </span>
  );
}

/** The order one came back to from the checkout: what its state means and what comes next. */
function FocusNote({ order, bank, watching }: { order: OrderView; bank: string; watching: boolean }) {
  const reference = order.reference;
  return (
    <div className={`billing-focus billing-focus--${order.state}`} role="status" aria-live="polite" data-testid="order-focus">
      {order.state === 'paid' && (
        <p>
          <Trans id="billing.focus.paid">Thank you! The payment is received and your plan is active. The invoice is in Invoices.</Trans>
        </p>
      )}
      {order.state === 'submitted' && order.provider === 'stripe' && (
        <p>
          {watching && <span className="spinner spinner--sm" aria-hidden="true" />}{' '}
          <Trans id="billing.focus.waiting">Waiting for the payment’s confirmation. This page updates by itself.</Trans>
        </p>
      )}
      {order.state === 'submitted' && order.provider === 'manual' && (
        <>
          <p>
            <Trans id="billing.focus.bank">
              Please transfer the amount to the account below with the reference {reference}. Your plan starts once the transfer arrives.
            </Trans>
          </p>
          {bank && <pre className="billing-bank">{bank}</pre>}
        </>
      )}
      {order.state === 'failed' && (
        <p>
          <Trans id="billing.focus.failed">The payment did not go through. Nothing was charged; you may order again.</Trans>
        </p>
      )}
      {order.state === 'cancelled' && (
        <p>
          <Trans id="billing.focus.cancelled">This order is cancelled.</Trans>
        </p>
      )}
      {order.state === 'started' && (
        <p>
          <Trans id="billing.focus.started">This order has not been handed to the payment provider.</Trans>
        </p>
      )}
      {order.state === 'refunded' && (
        <p>
          <Trans id="billing.focus.refunded">This order was refunded.</Trans>
        </p>
      )}
    </div>
  );
}

function OrderRow({ order, actor }: { order: OrderView; actor: OrderListActorRef }) {
  const { t, i18n } = useLingui();
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel', id: order.id }));
  const open = OPEN_ORDER_STATES.includes(order.state);
  const plan = i18n._(PLAN_LABELS[order.mode]);
  const period = i18n._(PERIOD_LABELS[order.period]);
  const date = formatDate(order.created, i18n.locale);
  return (
    <li className="billing-row" data-testid="order" data-order={order.id}>
      <div className="billing-row__main">
        <p className="billing-row__title">
          {plan} · {period}
        </p>
        <p className="billing-row__meta">
          {date} · {i18n._(PROVIDER_LABELS[order.provider])} · <span className="billing-row__ref">{order.reference}</span>
        </p>
      </div>
      <p className="billing-row__amount">{formatMoney(order.total, order.currency, i18n.locale)}</p>
      <StateBadge order={order} />
      {open && (
        <div className="billing-row__actions">
          {order.state === 'submitted' && order.checkout_url && (
            <a className="btn btn--sm btn--primary" href={order.checkout_url}>
              <Trans id="billing.order.pay">Pay now</Trans>
            </a>
          )}
          <Button
            size="sm"
            disabled={!canCancel}
            onClick={() => actor.send({ type: 'user.cancel', id: order.id })}
            aria-label={t({ id: 'billing.order.cancel.label', message: `Cancel the order ${plan} · ${period} of ${date}` })}
          >
            <Trans id="billing.order.cancel">Cancel</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

function CancelConfirm({ actor }: { actor: OrderListActorRef }) {
  const pending = useSelector(actor, (s) =>
    s.matches({ loaded: { list: 'confirming' } }) || s.matches({ loaded: { list: 'cancelling' } }) ? s.context.pending : null,
  );
  const busy = useSelector(actor, (s) => s.matches({ loaded: { list: 'cancelling' } }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirm' }));
  const canDismiss = useSelector(actor, (s) => s.can({ type: 'user.dismiss' }));
  const dismiss = () => {
    if (canDismiss) actor.send({ type: 'user.dismiss' });
  };
  return (
    <Modal
      open={pending !== null}
      title={<Trans id="billing.cancel.title">Cancel this order?</Trans>}
      onEscape={dismiss}
      onBackdrop={dismiss}
      onClose={canDismiss ? dismiss : undefined}
      footer={
        <>
          <Button onClick={dismiss} disabled={!canDismiss}>
            <Trans id="billing.cancel.keep">Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            disabled={!canConfirm}
            aria-busy={busy}
            data-testid="order-cancel-confirm"
            onClick={() => actor.send({ type: 'user.confirm' })}
          >
            {busy ? <Trans id="billing.cancel.busy">Cancelling…</Trans> : <Trans id="billing.cancel.confirm">Cancel the order</Trans>}
          </Button>
        </>
      }
    >
      <p>
        <Trans id="billing.cancel.text">The order will not be paid any more. A payment already on its way is refused.</Trans>
      </p>
    </Modal>
  );
}

/** /account/order drawn from the order list machine. */
export function OrdersView({ actor }: { actor: OrderListActorRef }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded'));
  const orders = useSelector(actor, (s) => s.context.orders);
  const bank = useSelector(actor, (s) => s.context.bank);
  const focus = useSelector(actor, (s) => s.context.orders.find((o) => o.id === s.context.focus));
  const watching = useSelector(actor, (s) => s.matches({ loaded: { watch: 'waiting' } }) || s.matches({ loaded: { watch: 'polling' } }));
  const cancelFailed = useSelector(actor, (s) => s.context.cancelFailed);
  const title = <Trans id="menu.account.order">Orders</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card billing-card" aria-labelledby="orders-title">
      <h2 id="orders-title">{title}</h2>
      {focus && <FocusNote order={focus} bank={bank} watching={watching} />}
      {cancelFailed && (
        <p className="callout callout--danger" role="alert">
          <Trans id="billing.cancel.failed">The order could not be cancelled.</Trans>
        </p>
      )}
      {orders.length === 0 ? (
        <div className="billing-empty" data-testid="orders-empty">
          <p>
            <Trans id="billing.orders.empty">No order yet. Compare the plans and choose the one that suits you.</Trans>
          </p>
          {hasSitePage('/upgrade') && (
            <ButtonLink href="/upgrade" variant="primary">
              <Trans id="billing.orders.plans">See the plans</Trans>
            </ButtonLink>
          )}
        </div>
      ) : (
        <ul className="billing-list card-list">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} actor={actor} />
          ))}
        </ul>
      )}
      <CancelConfirm actor={actor} />
    </section>
  );
}

/** The order of `?order=<id>` (the checkout's return address). */
const focusOf = (search: string) => new URLSearchParams(search).get('order');

export default function OrdersSection() {
  const buy = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('buy');
  return buy === null ? <OrderList /> : <BuyPanel mode={buy} />;
}

function OrderList() {
  const { api, tracker } = useApp();
  const actor = useActorRef(
    orderListMachine.provide({
      actors: {
        loadOrders: fromPromise(async ({ signal }) => {
          const overview = await api.call('account/order/', { method: 'GET', schema: BillingOverviewSchema, signal });
          return { orders: overview.orders, bank: overview.bank };
        }),
        getOrder: fromPromise(({ input, signal }) =>
          api.call('account/order/get', {
            method: 'GET',
            searchParams: { id: input.id },
            schema: OrderViewSchema,
            signal,
            ignoreAlerts: true,
          }),
        ),
        cancelOrder: fromPromise(({ input }) =>
          api.call('account/order/cancel', { method: 'POST', json: { id: input.id }, schema: OrderViewSchema }),
        ),
      },
      actions: {
        // SPEC §7: the tracker's "upgrade order completed" when the order one came back to is paid.
        // The page loads again so the session check at start brings the account's new plan (menu, upgrade
        // button, unlocked features); the order, now paid, shows its note without watching again.
        orderSettled: (_, { order }) => {
          if (order.state !== 'paid') return;
          tracker.upgradeOrderCompleted({ plan: order.mode, period: order.period });
          window.setTimeout(() => window.location.reload(), 1500);
        },
      },
    }),
    { input: { focus: typeof window === 'undefined' ? null : focusOf(window.location.search) } },
  );
  return <OrdersView actor={actor} />;
}
