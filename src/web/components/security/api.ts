import type { SecurityChange } from '../../../../machines/security/security.machine';
import type { TotpRemoval } from '../../../../machines/security/totp-manage.machine';
import type { ApiClient } from '../../../api/client';
import {
  RecoveryCodesSchema,
  type SecurityOverview,
  SecurityOverviewSchema,
  type TotpSetup,
  TotpSetupSchema,
} from '../../../contracts/security';
import type { SocialProvider } from '../../../contracts/social';

/**
 * The calls of /account/security (src/server/routes/profile/security.ts and totp.ts). The forms show
 * their refusals inline, so their calls raise no alerts; the page's load and list changes do.
 */
export function securityApi(api: ApiClient) {
  const quiet = { ignoreAlerts: true } as const;
  const post = <T>(path: string, json: object, options: object = quiet) => api.call<T>(path, { method: 'POST', json, ...options });
  const load = () => api.call('profile/security', { method: 'GET', schema: SecurityOverviewSchema }) as Promise<SecurityOverview>;
  return {
    load,
    async change(c: SecurityChange): Promise<SecurityOverview> {
      if (c.action === 'revokeSession') await post('profile/sessions/revoke', { id: c.id }, {});
      else if (c.action === 'revokeDevice') await post('profile/devices/revoke', { id: c.id }, {});
      else await post('profile/social/unlink', { provider: c.provider }, {});
      return load();
    },
    startLink: (provider: SocialProvider) => post<{ url: string }>('profile/social/link', { provider }, {}),
    changePassword: (input: { password: string; new_password: string }) => post<{ signed_out: number }>('profile/password/change', input),
    passwordLink: () => post<{ email: string }>('profile/password/link', {}, {}),
    requestEmail: (input: { email: string; password: string }) => post<{ email: string }>('profile/email/change', input),
    confirmEmail: (input: { hash: string }) => post<{ email: string }>('profile/email/confirm', input),
    saveMfaEmail: (input: { enabled: boolean; password: string }) => post<{ mfa_email: boolean }>('profile/mfa/email', input),
    createTotp: () =>
      api.call('profile/totp/create', { method: 'POST', json: {}, schema: TotpSetupSchema, ...quiet }) as Promise<TotpSetup>,
    confirmTotp: (input: { code: string }) =>
      api.call('profile/totp/confirm', { method: 'POST', json: input, schema: RecoveryCodesSchema, ...quiet }) as Promise<{
        recovery_codes: string[];
      }>,
    removeTotp: (input: TotpRemoval) => post('profile/totp/delete', input),
    regenerateCodes: (input: { code: string }) =>
      api.call('profile/totp/recovery', { method: 'POST', json: input, schema: RecoveryCodesSchema, ...quiet }) as Promise<{
        recovery_codes: string[];
      }>,
  };
}
export type SecurityApi = ReturnType<typeof securityApi>;
