import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type InvoiceListActorRef, invoiceListMachine } from '../../../../machines/billing/invoice-list.machine';
import { InvoiceListSchema, type InvoiceView } from '../../../contracts/billing';
import { useApp, useClientConfig } from '../../app/context';
import { FailedCard, formatDate, LoadingCard } from '../account-sections/shared';
import { formatMoney } from './labels';
import './billing.css';

/** The PDF's URL: the API host's (an absolute host, or a path of this site), with the data calls' version. */
export const invoiceHref = (api: string, id: string) =>
  `${api.replace(/\/+$/, '')}/account/invoice/download?id=${encodeURIComponent(id)}&v=2`;

function InvoiceRow({ invoice, api }: { invoice: InvoiceView; api: string }) {
  const { t, i18n } = useLingui();
  const number = invoice.number;
  return (
    <li className="billing-row" data-testid="invoice">
      <div className="billing-row__main">
        <p className="billing-row__title">
          <Trans id="billing.invoice.number">Invoice {number}</Trans>
        </p>
        <p className="billing-row__meta">{formatDate(invoice.issued, i18n.locale)}</p>
      </div>
      <p className="billing-row__amount">{formatMoney(invoice.total, invoice.currency, i18n.locale)}</p>
      <div className="billing-row__actions">
        <a
          className="btn btn--sm"
          href={invoiceHref(api, invoice.id)}
          download
          data-testid="invoice-download"
          aria-label={t({ id: 'billing.invoice.download.label', message: `Download invoice ${number} (PDF)` })}
        >
          <Trans id="billing.invoice.download">Download PDF</Trans>
        </a>
      </div>
    </li>
  );
}

/** /account/invoice drawn from the invoice list machine. */
export function InvoicesView({ actor }: { actor: InvoiceListActorRef }) {
  const { api } = useClientConfig();
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded',
  );
  const invoices = useSelector(actor, (s) => s.context.invoices);
  const title = <Trans id="menu.account.invoice">Invoices</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card billing-card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">{title}</h2>
      {state === 'empty' ? (
        <p className="billing-empty" data-testid="invoices-empty">
          <Trans id="billing.invoices.empty">No invoice yet. Each paid order gets its invoice here.</Trans>
        </p>
      ) : (
        <ul className="billing-list card-list">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} api={api} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function InvoicesSection() {
  const { api } = useApp();
  const actor = useActorRef(
    invoiceListMachine.provide({
      actors: {
        loadInvoices: fromPromise(({ signal }) => api.call('account/invoice/', { method: 'GET', schema: InvoiceListSchema, signal })),
      },
    }),
  );
  return <InvoicesView actor={actor} />;
}
