import type { BookTrigger, Lead, TriggerConfig } from '../../src/contracts/triggers';

/** Sample integrations and triggers for the path tests and the stories. */
export const leadForm: TriggerConfig = {
  id: 'i-lead',
  name: 'Lead form',
  is_enabled: true,
  kind: 'leadform',
  integration: { icon: 'leadform', supports: 65536 },
  url: null,
  secret: null,
  creation: 1_760_000_000,
  modification: 1_760_000_000,
};

export const webhook: TriggerConfig = {
  ...leadForm,
  id: 'i-hook',
  name: 'CRM webhook',
  kind: 'webhook',
  integration: { icon: 'webhook', supports: 0 },
  url: 'https://crm.example.com/hooks/quire',
  secret: 'f'.repeat(64),
};

export const disabledForm: TriggerConfig = { ...leadForm, id: 'i-off', name: 'Old form', is_enabled: false };

export const openTrigger: BookTrigger = {
  id: 't-open',
  book: { id: 'b1' },
  type: 1,
  config: leadForm.id,
  is_mandatory: false,
  repeating_mode: 3,
  creation: 1_760_000_000,
  modification: 1_760_000_000,
};

export const downloadTrigger: BookTrigger = { ...openTrigger, id: 't-download', type: 2, is_mandatory: true, repeating_mode: 2 };
export const printTrigger: BookTrigger = { ...openTrigger, id: 't-print', type: 3, config: webhook.id, repeating_mode: 3 };

export const sampleLead: Lead = {
  id: 'l1',
  name: 'Ada Reader',
  email: 'ada@example.com',
  book: { id: 'b1', name: 'Spring catalogue' },
  type: 2,
  integration: leadForm.name,
  created: 1_760_000_000,
};
