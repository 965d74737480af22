import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/server/auth/crypto';

/** Billing settings of the server tests (issue 21): two plans a period each, 20 % tax, a French seller. */
export const BILLING_ENV: Record<string, string> = {
  QUIRE_PRICES: 'PREMIUM=9.90 EUR/month,PREMIUM=99 EUR/year,PLATINUM=29 EUR/month',
  QUIRE_BILLING_PROVIDERS: 'manual',
  QUIRE_BILLING_TAX_RATE: '20',
  QUIRE_BILLING_SELLER_NAME: 'Quire SAS',
  QUIRE_BILLING_SELLER_ADDRESS: '1 rue de la Paix;75002 Paris',
  QUIRE_BILLING_SELLER_COUNTRY: 'FR',
  QUIRE_BILLING_SELLER_VAT_ID: 'FR12345678901',
  QUIRE_BILLING_BANK: 'IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP',
};

/** A free account straight in the database (billing needs no profile); answers its id. */
export async function freeAccount(app: FastifyInstance, name = 'Buyer'): Promise<string> {
  const id = newId();
  const now = Date.now();
  await app.db
    .insertInto('accounts')
    .values({
      id,
      name,
      context: null,
      company_activity_sector: null,
      company_size: null,
      image_small: null,
      expiration: null,
      management_type: null,
      city: null,
      country: null,
      website: null,
      avatar: null,
      ats: now,
      created_at: now,
    })
    .execute();
  return id;
}

export const accountRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('accounts').select(['mode', 'type', 'expiration', 'ats']).where('id', '=', id).executeTakeFirstOrThrow();
