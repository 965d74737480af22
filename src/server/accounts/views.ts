import type { SubscriptionPrefs } from '../../contracts/account-requests';
import {
  type Account,
  type AccountMode,
  type LoginContent,
  NOTIFICATION_DEFAULTS,
  type Profile,
  SCRIPT_CONSENTS,
  TERMS_VERSION,
  TOUR_NAMES,
  type TourFlags,
  termsRequired,
} from '../../contracts/accounts';
import type { Config } from '../config';
import type { AccountRow, ProfileRow } from '../db/schema';
import { avatarImages } from '../profile/views';

/** JSON text of a row → object (a damaged value reads as empty). */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The profile as clients see it (SPEC §3 Profile). */
export function profileView(p: ProfileRow): Profile {
  return {
    id: p.id,
    type: Math.min(3, Math.max(0, p.type)) as Profile['type'],
    // Every profile belongs to an account; membership-based gating comes with associations.
    has_subscriptions: true,
    job_title: p.job_title,
    last_login: p.last_login,
    isActive: p.is_active === 1,
    email: p.email,
    firstname: p.firstname,
    lastname: p.lastname,
    language: p.language as Profile['language'],
  };
}

/** The account as clients see it (SPEC §3 Account). */
export function accountView(a: AccountRow, config: Pick<Config, 'filesizeLimits' | 'hosts'>): Account {
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    mode: a.mode,
    context: a.context,
    company_activity_sector: a.company_activity_sector,
    company_size: a.company_size,
    attributes: jsonObject(a.attributes),
    image: avatarImages(config, a),
    expiration: a.expiration,
    limits: { filesize: config.filesizeLimits[a.mode as AccountMode] ?? config.filesizeLimits.FREE },
    management: { type: a.management_type },
    city: a.city,
    country: a.country,
    url: { overview: `/publisher/${a.id}`, website: a.website },
  };
}

export function termsOf(p: ProfileRow): LoginContent['tos'] {
  return {
    required: termsRequired(p.tos_version, p.subscriptions_modification),
    accepted: p.tos_version !== null && p.tos_version >= TERMS_VERSION,
  };
}

/** Confirm login and session refresh answer this (SPEC §7). */
export function loginContent(
  session: LoginContent['session'],
  profile: ProfileRow,
  account: AccountRow,
  config: Pick<Config, 'filesizeLimits' | 'hosts'>,
): LoginContent {
  return {
    session,
    profile: profileView(profile),
    account: accountView(account, config),
    tos: termsOf(profile),
    subscriptions: { modification: profile.subscriptions_modification },
    tour: tourOf(profile),
    consents: scriptConsentsOf(profile),
  };
}

/** The tour flags of the user record: known tour names marked seen (a damaged value reads as none). */
export function tourOf(p: Pick<ProfileRow, 'tour'>): TourFlags {
  const stored = jsonObject(p.tour);
  return Object.fromEntries(TOUR_NAMES.filter((name) => stored[name] === true).map((name) => [name, true]));
}

/** Whether each third-party script may load for this profile (SPEC §7: given consent). */
export function scriptConsentsOf(p: ProfileRow): Record<string, boolean> {
  const prefs = preferencesOf(p);
  return Object.fromEntries(SCRIPT_CONSENTS.map((name) => [name, prefs[name]]));
}

/** Stored consents over the defaults: every known notification name → boolean. */
export function preferencesOf(p: ProfileRow): Required<SubscriptionPrefs> {
  const stored = jsonObject(p.consents);
  const out = { ...NOTIFICATION_DEFAULTS };
  for (const name of Object.keys(out) as (keyof typeof out)[]) {
    if (typeof stored[name] === 'boolean') out[name] = stored[name];
  }
  return out;
}
