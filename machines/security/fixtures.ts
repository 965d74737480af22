import type { SecurityOverview } from '../../src/contracts/security';

/** Sample data of /account/security for the path tests and the stories. */
const DAY = 86_400_000;
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export const sampleOverview: SecurityOverview = {
  email: 'ada@example.com',
  pending_email: null,
  has_password: true,
  mfa_email: true,
  totp: { enabled: false, recovery_codes_left: 0 },
  sessions: [
    {
      id: 'a1b2c3d4e5f6a7b8c9d0',
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      country: 'FR',
      created_at: NOW - 2 * DAY,
      last_seen_at: NOW - 60_000,
      current: true,
    },
    {
      id: 'b1b2c3d4e5f6a7b8c9d0',
      device: 'phone',
      browser: 'Safari',
      os: 'iOS',
      country: 'DE',
      created_at: NOW - 9 * DAY,
      last_seen_at: NOW - 3 * DAY,
      current: false,
    },
  ],
  devices: [
    {
      id: 'c1b2c3d4e5f6a7b8c9d0',
      device: 'tablet',
      browser: 'Firefox',
      os: 'Android',
      country: null,
      created_at: NOW - 5 * DAY,
      expires_at: NOW + 25 * DAY,
      last_used_at: NOW - DAY,
      current: false,
    },
  ],
  social: [
    { provider: 'facebook', enabled: false, linked: false, email: null, linked_at: null },
    { provider: 'google', enabled: true, linked: true, email: 'ada@gmail.example', linked_at: NOW - 30 * DAY },
    { provider: 'linkedin', enabled: true, linked: false, email: null, linked_at: null },
  ],
};

export const totpOverview: SecurityOverview = { ...sampleOverview, totp: { enabled: true, recovery_codes_left: 8 } };
export const emptyOverview: SecurityOverview = {
  ...sampleOverview,
  pending_email: { email: 'ada@new.example', expires_at: NOW + DAY },
  has_password: false,
  sessions: sampleOverview.sessions.slice(0, 1),
  devices: [],
};

export const sampleSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Quire:ada%40example.com?issuer=Quire&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
};
export const sampleCodes = [
  'k7m2q-x9d4t',
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  '9abcd-efghj',
  'kmnpq-rstuv',
  'wxyz2-3456a',
  'bcdef-ghjkm',
  'npqrs-tuvwx',
  'yz234-56789',
];

export const serverError = (type: string, code: number, content: Record<string, unknown> = {}) => ({
  kind: 'server',
  type,
  code,
  content: { type, code, ...content },
});
