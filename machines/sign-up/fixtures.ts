import type { LoginContent } from '../../src/contracts/accounts';
import { CONSENTS_RENEWAL_BEFORE } from '../constants';

/**
 * Realistic answers and errors for the sign-up machines: the path exploration (registry), the
 * Storybook simulation and the unit tests use the same shapes as the API client (src/api/errors.ts
 * `ApiCallError`: kind, status, type, code, content).
 */

/** What a test changes in the login answer: the consents' date, and any field of its parts. */
export interface LoginOverrides {
  /** `subscriptions.modification`: below CONSENTS_RENEWAL_BEFORE the consents are outdated. */
  modification?: number;
  session?: Partial<LoginContent['session']>;
  profile?: Partial<LoginContent['profile']>;
  account?: Partial<LoginContent['account']>;
}

/**
 * The server's login answer (LoginContentSchema; SPEC §7), the one fixture of it for the machines'
 * paths, the stories, the unit tests and the UI paths: Ada Reader (profile p-1) with up-to-date
 * consents, changed where a test needs another person, token or consents date.
 */
export function loginContent({
  modification = CONSENTS_RENEWAL_BEFORE + 86_400,
  session,
  profile,
  account,
}: LoginOverrides = {}): LoginContent {
  return {
    session: { id: 's-1', access_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJwLTEifQ.', expires_in: 3600, ...session },
    profile: {
      id: 'p-1',
      type: 1,
      has_subscriptions: true,
      job_title: null,
      last_login: 1_700_000_000,
      isActive: true,
      email: 'reader@example.org',
      firstname: 'Ada',
      lastname: 'Reader',
      language: 'en',
      ...profile,
    },
    account: {
      id: 'a-1',
      name: 'Ada Reader',
      type: 'FREE',
      mode: 'FREE',
      context: 'ind',
      company_activity_sector: null,
      company_size: null,
      attributes: {},
      image: { small: null },
      expiration: null,
      limits: { filesize: 104_857_600 },
      management: { type: null },
      city: null,
      country: null,
      url: { overview: '/ada-reader' },
      ...account,
    },
    tos: { required: false, accepted: true },
    subscriptions: { modification },
  };
}

export const HASH = 'h'.repeat(32);

/** A server error as the API client throws it. */
export const serverError = (type: string, code: number, content: Record<string, unknown> = {}) => ({
  name: 'ApiCallError',
  message: `${type}.${code}`,
  kind: 'server',
  status: 400,
  type,
  code,
  content: { type, code, ...content },
});

export const errors = {
  mfaRequired: serverError('AUTH', 155, { hash: HASH }),
  notActivated: serverError('AUTH', 112),
  invalidReset: serverError('AUTH', 110),
  wrongCode: serverError('AUTH', 1551),
  expiredCode: serverError('AUTH', 1552),
  badCredentials: serverError('AUTH', 100),
  // As the server sends it (src/contracts/envelope.ts ErrorContentSchema: the names of the failing fields).
  validation: serverError('VALIDATION', 1, { fields: ['email'] }),
  network: { name: 'ApiCallError', message: 'network', kind: 'network', status: 0 },
  timeout: { name: 'ApiCallError', message: 'timeout', kind: 'timeout', status: 0 },
  /** The user closed the provider's pop-up. */
  abort: { name: 'ApiCallError', message: 'abort', kind: 'abort', status: 0 },
} as const;

/** Valid values for every sign-up form field (SPEC §5). */
export const VALID_FIELDS = {
  login: 'reader@example.org',
  password: 'correct horse battery',
  name: 'Ada Reader',
  email: 'reader@example.org',
  'g-recaptcha-response': 'captcha-token',
  tos: true,
} as const;
