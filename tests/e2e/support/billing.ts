import { execFileSync } from 'node:child_process';

/**
 * Billing in the e2e run (issue 21): the app sells Premium and Platinum with the card provider against
 * the local Stripe fake (tests/fakes/stripe.ts) that global-setup starts, and by bank transfer.
 * The fake's port is chosen once in the main process (a free one, unless QUIRE_E2E_STRIPE_PORT names
 * it) and handed to the workers through the environment.
 */
export const STRIPE_SECRET_KEY = 'sk_test_quireE2e0123456789';
export const STRIPE_WEBHOOK_SECRET = 'whsec_quireE2eSecret0123456789';

function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

if (!process.env.QUIRE_E2E_STRIPE_PORT) process.env.QUIRE_E2E_STRIPE_PORT = String(freePort());
export const STRIPE_PORT = Number(process.env.QUIRE_E2E_STRIPE_PORT);
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

/** The app's billing settings (README Configuration: QUIRE_PRICES, QUIRE_BILLING_*, QUIRE_STRIPE_*). */
export const billingEnv = (): Record<string, string> => ({
  QUIRE_PRICES: 'PREMIUM=9.90 EUR/month,PREMIUM=99 EUR/year,PLATINUM=29 EUR/month',
  QUIRE_BILLING_PROVIDERS: 'stripe,manual',
  QUIRE_BILLING_TAX_RATE: '20',
  QUIRE_BILLING_SELLER_NAME: 'Quire SAS',
  QUIRE_BILLING_SELLER_ADDRESS: '1 rue de la Paix;75002 Paris',
  QUIRE_BILLING_SELLER_COUNTRY: 'FR',
  QUIRE_BILLING_BANK: 'IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP',
  QUIRE_STRIPE_SECRET_KEY: STRIPE_SECRET_KEY,
  QUIRE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
  QUIRE_STRIPE_API_URL: STRIPE_URL,
});
