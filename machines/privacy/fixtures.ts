import type { ExportView, PrivacyStatus } from '../../src/contracts/privacy';

/** Small data for the path tests and stories of /account/privacy. */

const CREATED = 1_763_800_000_000;
const DAY = 86_400_000;

export const exportView = (state: ExportView['state'], done = 0, total = 4): ExportView => ({
  state,
  done: state === 'ready' ? total : done,
  total,
  created_at: CREATED,
  expires_at: state === 'ready' || state === 'expired' ? CREATED + 7 * DAY : null,
  size: state === 'ready' ? 12_345_678 : null,
  download: state === 'ready' ? 'account/privacy/export/download?token=0123456789abcdef0123456789abcdef' : null,
});

export const privacyStatus = (view: ExportView | null, reauth: PrivacyStatus['reauth'] = 'password'): PrivacyStatus => ({
  export: view,
  reauth,
  grace_days: 14,
  export_days: 7,
});

export const PURGE_AT = CREATED + 14 * DAY;
