import { msg } from '@lingui/core/macro';

/**
 * Every string of an invoice PDF (src/server/billing/pdf.ts), in the buyer's language
 * (ids `invoice.pdf.<part>`). Placeholders: {number}, {date}, {plan}, {from}, {to}, {rate}, {provider}.
 */
export const INVOICE_MESSAGES = {
  title: msg({ id: 'invoice.pdf.title', message: 'Invoice {number}' }),
  issued: msg({ id: 'invoice.pdf.issued', message: 'Date of issue: {date}' }),
  seller: msg({ id: 'invoice.pdf.seller', message: 'Seller' }),
  buyer: msg({ id: 'invoice.pdf.buyer', message: 'Bill to' }),
  vatId: msg({ id: 'invoice.pdf.vatId', message: 'VAT number: {value}' }),
  description: msg({ id: 'invoice.pdf.description', message: 'Description' }),
  amount: msg({ id: 'invoice.pdf.amount', message: 'Amount' }),
  lineMonth: msg({ id: 'invoice.pdf.lineMonth', message: 'Quire {plan} plan, monthly subscription' }),
  lineYear: msg({ id: 'invoice.pdf.lineYear', message: 'Quire {plan} plan, yearly subscription' }),
  linePeriod: msg({ id: 'invoice.pdf.linePeriod', message: 'Period: {from} to {to}' }),
  net: msg({ id: 'invoice.pdf.net', message: 'Total excluding tax' }),
  tax: msg({ id: 'invoice.pdf.tax', message: 'VAT {rate} %' }),
  total: msg({ id: 'invoice.pdf.total', message: 'Total' }),
  reverseCharge: msg({
    id: 'invoice.pdf.reverseCharge',
    message: 'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC).',
  }),
  paid: msg({ id: 'invoice.pdf.paid', message: 'Paid on {date} ({provider}). Order reference: {order}.' }),
  providerStripe: msg({ id: 'invoice.pdf.provider.stripe', message: 'card' }),
  providerManual: msg({ id: 'invoice.pdf.provider.manual', message: 'bank transfer' }),
  planPremium: msg({ id: 'invoice.pdf.plan.PREMIUM', message: 'Premium' }),
  planPlatinum: msg({ id: 'invoice.pdf.plan.PLATINUM', message: 'Platinum' }),
};
