import type { EventObject } from 'xstate';
import type { MachineEntry } from '../registry-types';
import { type EmailChangeContext, emailChangeMachine, emailErrors } from './email-change.machine';
import { emailConfirmMachine } from './email-confirm.machine';
import { sampleCodes, sampleOverview, sampleSetup, serverError, totpOverview } from './fixtures';
import { mfaEmailMachine } from './mfa-email.machine';
import { type PasswordChangeContext, passwordChangeMachine, passwordErrors } from './password-change.machine';
import { securityMachine } from './security.machine';
import { type TotpEnrolContext, totpEnrolMachine } from './totp-enrol.machine';
import { factorError, type TotpManageContext, totpManageMachine } from './totp-manage.machine';

/** Registry entries of /account/security (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;
const has = (s: Snap, state: string) => JSON.stringify(s.value).includes(`"${state}"`);
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;
const network = { kind: 'network' };

export const securityMachines: MachineEntry[] = [
  {
    id: 'security',
    title: 'Account security (page)',
    description:
      '/account/security: loading, failed or ready; revoke another session or a trusted device, unlink a provider (the page as it now is), link one (leave for the provider), reload after a form changed something.',
    machine: securityMachine,
    paths: {
      inputs: [{}, { notice: { id: 'security.social.linked.notice', values: { provider: 'Google' } } }],
      events: (s) => {
        if (s.value === 'loading') return [done('loadSecurity', sampleOverview), failed('loadSecurity', network)];
        if (s.value === 'failed') return [{ type: 'user.retry' }];
        if (has(s, 'reloading')) return [done('reloadSecurity', totpOverview), failed('reloadSecurity', network)];
        if (has(s, 'changing')) return [done('changeSecurity', sampleOverview), failed('changeSecurity', serverError('SECURITY', 907))];
        if (has(s, 'linking')) return [done('startLink', { url: 'https://accounts.example/authorize' }), failed('startLink', network)];
        if (has(s, 'leaving')) return [];
        return [
          { type: 'section.reload' },
          { type: 'user.dismiss' },
          { type: 'user.revokeSession', id: 'a1b2c3d4e5f6a7b8c9d0' },
          { type: 'user.revokeSession', id: 'b1b2c3d4e5f6a7b8c9d0' },
          { type: 'user.revokeDevice', id: 'c1b2c3d4e5f6a7b8c9d0' },
          { type: 'user.revokeDevice', id: 'ffffffffffffffffffff' },
          { type: 'user.unlink', provider: 'google' },
          { type: 'user.unlink', provider: 'linkedin' },
          { type: 'user.link', provider: 'linkedin' },
          { type: 'user.link', provider: 'facebook' },
        ];
      },
      serializeState: (s) => {
        const c = s.context as { overview: { totp: { enabled: boolean } } | null; errorId: string | null; notice: unknown };
        return `${JSON.stringify(s.value)}|${c.overview ? (c.overview.totp.enabled ? 'totp' : 'plain') : '-'}|${c.errorId}|${c.notice ? 1 : 0}`;
      },
    },
  },
  {
    id: 'password-change',
    title: 'Change password',
    description:
      'The current password and the new one twice, checked before sending; the server checks the current one (under its field) and signs out every other session. Without a password, a link to set one is mailed.',
    machine: passwordChangeMachine,
    paths: {
      input: { email: 'ada@example.com' },
      events: (s) => {
        if (s.value === 'submitting')
          return [
            done('changePassword', { signed_out: 2 }),
            failed('changePassword', serverError('SECURITY', 901, { fields: ['password'] })),
            failed('changePassword', network),
          ];
        if (s.value === 'sendingLink') return [done('sendPasswordLink', { email: 'ada@example.com' }), failed('sendPasswordLink', network)];
        if (s.value === 'done' || s.value === 'linkSent') return [{ type: 'user.again' }];
        const v = ctx<PasswordChangeContext>(s).values;
        return [
          { type: 'user.set', field: 'password', value: v.password ? '' : 'old password' },
          { type: 'user.set', field: 'new_password', value: v.new_password === 'a new password!' ? 'short' : 'a new password!' },
          { type: 'user.set', field: 'confirm', value: v.confirm ? '' : 'a new password!' },
          { type: 'user.submit' },
          { type: 'user.sendLink' },
        ];
      },
      serializeState: (s) => {
        const c = ctx<PasswordChangeContext>(s);
        return `${JSON.stringify(s.value)}|${Object.keys(passwordErrors(c.values, c.email)).sort()}|${Object.keys(c.errors).sort()}|${c.errorId !== null}`;
      },
      limit: 500,
    },
  },
  {
    id: 'email-change',
    title: 'Change e-mail address',
    description:
      'The new address and the current password; a link goes to the new address (the old one gets a notice). Opened from that link, the change is confirmed first.',
    machine: emailChangeMachine,
    paths: {
      input: { email: 'ada@example.com' },
      events: (s) => {
        if (s.value === 'submitting')
          return [
            done('requestChange', { email: 'ada@new.example' }),
            failed('requestChange', serverError('SECURITY', 901, { fields: ['password'] })),
            failed('requestChange', network),
          ];
        if (s.value === 'sent') return [{ type: 'user.again' }];
        const v = ctx<EmailChangeContext>(s).values;
        return [
          { type: 'user.set', field: 'email', value: v.email === 'ada@new.example' ? 'ada@example.com' : 'ada@new.example' },
          { type: 'user.set', field: 'password', value: v.password ? '' : 'my password' },
          { type: 'user.submit' },
        ];
      },
      serializeState: (s) => {
        const c = ctx<EmailChangeContext>(s);
        return `${JSON.stringify(s.value)}|${Object.keys(emailErrors(c.values, c.current)).sort()}|${Object.keys(c.errors).sort()}|${c.errorId !== null}`;
      },
      limit: 500,
    },
  },
  {
    id: 'email-confirm',
    title: 'Confirm a new e-mail address',
    description:
      'Opened from the link mailed to the new address: confirmed (the address changes now) or refused; closing the notice ends it.',
    machine: emailConfirmMachine,
    paths: {
      input: { token: 'T'.repeat(43) },
      events: (s) => {
        if (s.value === 'confirming')
          return [done('confirmChange', { email: 'ada@new.example' }), failed('confirmChange', serverError('SECURITY', 904))];
        if (s.value === 'closed') return [];
        return [{ type: 'user.close' }];
      },
    },
  },
  {
    id: 'mfa-email',
    title: 'Code by e-mail at sign-in',
    description: 'The switch asks for the current password, then saves the e-mailed second factor on or off.',
    machine: mfaEmailMachine,
    paths: {
      inputs: [{ enabled: true }, { enabled: false }],
      events: (s) => {
        if (s.value === 'saving')
          return [
            done('saveMfaEmail', { mfa_email: false }),
            failed('saveMfaEmail', serverError('SECURITY', 901, { fields: ['password'] })),
          ];
        if (s.value === 'idle') return [{ type: 'user.toggle' }];
        const c = s.context as { password: string };
        return [{ type: 'user.setPassword', password: c.password ? '' : 'my password' }, { type: 'user.submit' }, { type: 'user.cancel' }];
      },
      serializeState: (s) => {
        const c = s.context as { enabled: boolean; password: string; errorId: string | null };
        return `${JSON.stringify(s.value)}|${c.enabled}|${c.password !== ''}|${c.errorId !== null}`;
      },
    },
  },
  {
    id: 'totp-enrol',
    title: 'Authenticator app: set up',
    description:
      'A new secret (QR code and key), the first code of the app confirms it, then the recovery codes are shown once; a wrong code asks again.',
    machine: totpEnrolMachine,
    paths: {
      events: (s) => {
        if (s.value === 'idle') return [{ type: 'user.start' }];
        if (s.value === 'creating') return [done('createTotp', sampleSetup), failed('createTotp', network)];
        if (s.value === 'confirming')
          return [done('confirmTotp', { recovery_codes: sampleCodes }), failed('confirmTotp', serverError('AUTH', 1551))];
        if (s.value === 'showingCodes') return [{ type: 'user.done' }];
        if (s.value === 'done') return [];
        const c = ctx<TotpEnrolContext>(s);
        return [{ type: 'user.setCode', code: c.code === '123456' ? '12a' : '123456' }, { type: 'user.submit' }, { type: 'user.cancel' }];
      },
      serializeState: (s) => {
        const c = ctx<TotpEnrolContext>(s);
        return `${JSON.stringify(s.value)}|${/^\d{6}$/.test(c.code)}|${c.errorId !== null}`;
      },
    },
  },
  {
    id: 'totp-manage',
    title: 'Authenticator app: remove or new recovery codes',
    description:
      'Remove the app with one of its codes or a recovery code, or replace the recovery codes with a code of the app (shown once).',
    machine: totpManageMachine,
    paths: {
      events: (s) => {
        if (s.value === 'idle') return [{ type: 'user.remove' }, { type: 'user.regenerate' }];
        if (has(s, 'removing')) return [done('removeTotp', { enabled: false }), failed('removeTotp', serverError('AUTH', 1551))];
        if (has(s, 'renewing')) return [done('regenerateCodes', { recovery_codes: sampleCodes }), failed('regenerateCodes', network)];
        if (s.value === 'showingCodes') return [{ type: 'user.done' }];
        if (s.value === 'removed') return [];
        const c = ctx<TotpManageContext>(s);
        const right = c.recovery ? 'k7m2q-x9d4t' : '123456';
        return [
          { type: 'user.setCode', code: c.code === right ? '12' : right },
          ...(has(s, 'removal') ? [{ type: 'user.useRecovery' }] : []),
          { type: 'user.submit' },
          { type: 'user.cancel' },
        ];
      },
      serializeState: (s) => {
        const c = ctx<TotpManageContext>(s);
        return `${JSON.stringify(s.value)}|${c.recovery}|${factorError(c.code, c.recovery) === null}|${c.errorId !== null}`;
      },
    },
  },
];
