import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountMode } from '../../contracts/accounts';

/** Strings of the pricing page (site/pricing.tsx). */
export const PRICING_MESSAGES = {
  title: msg({ id: 'pricing.title', message: 'Pricing' }),
  heading: msg({ id: 'pricing.heading', message: 'Plans for every publisher' }),
  lead: msg({
    id: 'pricing.lead',
    message:
      'Every plan includes the flipbook reader, public pages, statistics and comments. Move up when you need more files at once, bigger documents, your own branding or integrations.',
  }),
  description: msg({ id: 'pricing.description', message: 'Quire plans: Free, Premium and Platinum, and what each one unlocks.' }),
  plans: msg({ id: 'pricing.plans', message: 'Plans' }),
  free: msg({ id: 'pricing.price.free', message: 'Free forever' }),
  perMonth: msg({ id: 'pricing.price.month', message: '{price} / month' }),
  perYear: msg({ id: 'pricing.price.year', message: '{price} / year' }),
  onRequest: msg({ id: 'pricing.price.onRequest', message: 'Price on request' }),
  recommended: msg({ id: 'pricing.recommended', message: 'Most popular' }),
  everythingIn: msg({ id: 'pricing.everythingIn', message: 'Everything in {plan}, plus:' }),
  contact: msg({ id: 'pricing.cta.contact', message: 'Contact us' }),
  startFree: msg({ id: 'pricing.cta.startFree', message: 'Start for free' }),
  buy: msg({ id: 'pricing.cta.buy', message: 'Buy {plan}' }),
  compare: msg({ id: 'pricing.compare', message: 'Compare plans' }),
  compareCaption: msg({ id: 'pricing.compare.caption', message: 'What each plan includes' }),
  feature: msg({ id: 'pricing.compare.feature', message: 'Feature' }),
  included: msg({ id: 'pricing.compare.included', message: 'Included' }),
  notIncluded: msg({ id: 'pricing.compare.notIncluded', message: 'Not included' }),
  files: msg({ id: 'pricing.value.files', message: '{count, plural, one {# file} other {# files}}' }),
  promoTitle: msg({ id: 'pricing.promo.title', message: 'Upgrade when you are ready' }),
  promoText: msg({
    id: 'pricing.promo.text',
    message: 'Start for free and move up whenever you need more. Your publications, statistics and readers stay exactly where they are.',
  }),
  promoOperator: msg({
    id: 'pricing.promo.operator',
    message: 'Plans are changed by the people who run this Quire. Ask them to move your account to the plan you need.',
  }),
};

export const PLAN_NAMES: Record<AccountMode, MessageDescriptor> = {
  FREE: msg({ id: 'account.plan.free', message: 'Free' }),
  PREMIUM: msg({ id: 'account.plan.premium', message: 'Premium' }),
  PLATINUM: msg({ id: 'account.plan.platinum', message: 'Platinum' }),
};

export const PLAN_PITCHES: Record<AccountMode, MessageDescriptor> = {
  FREE: msg({ id: 'pricing.pitch.free', message: 'Publish and share flipbooks, one document at a time.' }),
  PREMIUM: msg({ id: 'pricing.pitch.premium', message: 'For regular publishers: batches of documents, scheduling and subscribers.' }),
  PLATINUM: msg({ id: 'pricing.pitch.platinum', message: 'Your brand on every page, and Quire connected to your tools.' }),
};

/**
 * The name and explanation of each rule of the gating table (contracts/gating.ts PLAN_RULES), by its
 * key: tests/server/site-pages.test.ts checks that every rule has one and is on the page.
 */
export const RULE_LABELS: Record<string, { label: MessageDescriptor; help: MessageDescriptor }> = {
  uploadFiles: {
    label: msg({ id: 'pricing.rule.uploadFiles', message: 'Files per upload' }),
    help: msg({ id: 'pricing.rule.uploadFiles.help', message: 'Documents you can publish in one go.' }),
  },
  fileSize: {
    label: msg({ id: 'pricing.rule.fileSize', message: 'Largest document' }),
    help: msg({ id: 'pricing.rule.fileSize.help', message: 'Size limit of each uploaded file.' }),
  },
  scheduling: {
    label: msg({ id: 'pricing.rule.scheduling', message: 'Scheduled publishing' }),
    help: msg({ id: 'pricing.rule.scheduling.help', message: 'Choose the day a publication goes live.' }),
  },
  statsHistory: {
    label: msg({ id: 'pricing.rule.statsHistory', message: 'Full statistics history' }),
    help: msg({
      id: 'pricing.rule.statsHistory.help',
      message: 'Every day since your first reader; the Free plan shows the most recent month.',
    }),
  },
  statsExport: {
    label: msg({ id: 'pricing.rule.statsExport', message: 'Statistics export' }),
    help: msg({ id: 'pricing.rule.statsExport.help', message: 'Download any statistics table as a CSV file for your spreadsheet.' }),
  },
  subscriber: {
    label: msg({ id: 'pricing.rule.subscriber', message: 'Subscribers' }),
    help: msg({ id: 'pricing.rule.subscriber.help', message: 'Readers follow you and hear about new publications.' }),
  },
  theme: {
    label: msg({ id: 'pricing.rule.theme', message: 'Custom skins' }),
    help: msg({ id: 'pricing.rule.theme.help', message: 'Your own reader skins.' }),
  },
  background: {
    label: msg({ id: 'pricing.rule.background', message: 'Custom backgrounds' }),
    help: msg({ id: 'pricing.rule.background.help', message: 'Your own images behind the pages.' }),
  },
  logo: {
    label: msg({ id: 'pricing.rule.logo', message: 'Your logo' }),
    help: msg({ id: 'pricing.rule.logo.help', message: 'Your logo and link in the reader.' }),
  },
  integration: {
    label: msg({ id: 'pricing.rule.integration', message: 'Integrations' }),
    help: msg({ id: 'pricing.rule.integration.help', message: 'Send leads and events to the services you use.' }),
  },
  trigger: {
    label: msg({ id: 'pricing.rule.trigger', message: 'Triggers' }),
    help: msg({ id: 'pricing.rule.trigger.help', message: 'Forms and actions shown at chosen pages.' }),
  },
  profile: {
    label: msg({ id: 'pricing.rule.profile', message: 'Public profile' }),
    help: msg({ id: 'pricing.rule.profile.help', message: 'Your publisher page, with your name and details.' }),
  },
  apikey: {
    label: msg({ id: 'pricing.rule.apikey', message: 'API keys' }),
    help: msg({ id: 'pricing.rule.apikey.help', message: 'Publish and manage from your own software.' }),
  },
};
