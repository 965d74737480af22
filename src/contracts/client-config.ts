/**
 * The host kinds of the spec (DESIGN §1, §8). Each is a base URL; by default everything is served by
 * the app's own origin (`/api` for data calls, the origin root for the rest).
 */
export const HOST_KINDS = ['api', 'upload', 'viewer', 'data', 'dataSecure', 'static', 'skins', 'thumbnails', 'beacon', 'embed'] as const;
export type HostKind = (typeof HOST_KINDS)[number];

/** Which captcha the forms show (SPEC §5: none in dev mode). */
export const CAPTCHA_KINDS = ['altcha', 'recaptcha', 'none'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

export type ClientConfig = Record<HostKind, string> & {
  dev: boolean;
  captcha: CaptchaKind;
  recaptchaSiteKey: string;
  /** Social sign-in providers the server has credentials for (`facebook`, `google`, `linkedin`). */
  social: string[];
  /** The external help centre and developer site (SPEC §2 mobile menu); '' = none, and no link to it. */
  helpUrl: string;
  developersUrl: string;
  /** Third-party script URL per consent (`support_chat`, `page_testing`; '' when not configured; SPEC §7). */
  scripts: Record<'support_chat' | 'page_testing', string>;
  /** The marketing tracker's global array (`dataLayer`), '' for none (SPEC §7). */
  tracker: string;
  /** The payment providers this site sells plans with (`stripe`, `manual`; issue 21); empty: nothing is sold, no order or invoice page. */
  billing: string[];
};

export const DEFAULT_CLIENT_CONFIG: Readonly<ClientConfig> = Object.freeze({
  api: '/api',
  data: '/api',
  dataSecure: '/api',
  upload: '/api',
  viewer: '',
  embed: '',
  static: '',
  skins: '',
  thumbnails: '',
  beacon: '',
  dev: false,
  captcha: 'altcha',
  recaptchaSiteKey: '',
  social: [],
  helpUrl: '',
  developersUrl: '',
  scripts: { support_chat: '', page_testing: '' },
  tracker: '',
  billing: [],
});

/** The id of the `<script type="application/json">` element the server injects into index.html. */
export const CLIENT_CONFIG_ELEMENT_ID = 'quire-config';
