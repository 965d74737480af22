import type { ActorRefFrom } from 'xstate';
import { AccountDetailsUpdateSchema } from '../../src/contracts/account-requests';
import { contractErrors, type FormValues, settingsFormMachine } from './settings-form';

/** The account details' fields (SPEC §3 Account), in the form's order. */
export const ACCOUNT_DETAILS_FIELDS = ['name', 'city', 'country', 'url'] as const;

/**
 * `/account/info_account`, account details: name (required), city, country (an ISO code), website
 * (http/https), checked with the server's contract; saved through `{api}/account/update`.
 */
export const accountDetailsMachine = settingsFormMachine('accountDetails', (values: FormValues) =>
  contractErrors(AccountDetailsUpdateSchema, Object.fromEntries(ACCOUNT_DETAILS_FIELDS.map((field) => [field, values[field] ?? '']))),
);

/** A running accountDetailsMachine, as the views get it. */
export type AccountDetailsActorRef = ActorRefFrom<typeof accountDetailsMachine>;
