import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { EmailChangeActorRef } from '../../../../machines/security/email-change.machine';
import type { EmailConfirmActorRef } from '../../../../machines/security/email-confirm.machine';
import type { MfaEmailActorRef } from '../../../../machines/security/mfa-email.machine';
import type { PasswordChangeActorRef, PasswordField } from '../../../../machines/security/password-change.machine';
import type { SecurityActorRef } from '../../../../machines/security/security.machine';
import type { TotpEnrolActorRef } from '../../../../machines/security/totp-enrol.machine';
import type { TotpManageActorRef } from '../../../../machines/security/totp-manage.machine';
import { MFA_CODE_LENGTH } from '../../../contracts/accounts';
import type { ClientInfo, DeviceClass, SecurityOverview } from '../../../contracts/security';
import type { SocialProvider } from '../../../contracts/social';
import { fieldError } from '../../i18n/field-error';
import { Button, Field } from '../ui';
import { QrCode } from './QrCode';
import '../account/account.css';
import './security.css';

/**
 * The views of /account/security, each drawn from its machine (machines/security/): the page's lists
 * (sessions, trusted devices, social sign-ins), the password, e-mail and second-factor forms. They
 * render state and send events; buttons follow `snapshot.can`.
 */

const BROWSER_ON = msg({ id: 'security.client.browserOn', message: '{browser} on {os}' });
const DEVICE_LABELS: Record<DeviceClass, ReturnType<typeof msg>> = {
  desktop: msg({ id: 'security.device.desktop', message: 'Computer' }),
  tablet: msg({ id: 'security.device.tablet', message: 'Tablet' }),
  phone: msg({ id: 'security.device.phone', message: 'Phone' }),
  tv: msg({ id: 'security.device.tv', message: 'TV' }),
  other: msg({ id: 'security.device.other', message: 'Device' }),
};
/** Messages the page machine names by id (its notice). */
export const SECURITY_NOTICES = [
  msg({ id: 'security.social.linked.notice', message: '{provider} is linked: you can now sign in with it.' }),
];
const PROVIDER_NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google', linkedin: 'LinkedIn' };
const providerName = (p: string) => PROVIDER_NAMES[p as SocialProvider] ?? p;

/** "Chrome on Linux", "Phone", … */
function clientName(i18n: I18n, c: ClientInfo): string {
  const device = i18n._(DEVICE_LABELS[c.device]);
  if (c.browser && c.os) return i18n._({ ...BROWSER_ON, values: { browser: c.browser, os: c.os } });
  return c.browser ?? c.os ?? device;
}

function countryName(locale: string, code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "3 minutes ago", "in 25 days". */
function relative(locale: string, at: number, now: number): string {
  const diff = at - now;
  const abs = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (abs < 60_000) return rtf.format(0, 'second');
  if (abs < 3_600_000) return rtf.format(Math.round(diff / 60_000), 'minute');
  if (abs < 86_400_000) return rtf.format(Math.round(diff / 3_600_000), 'hour');
  return rtf.format(Math.round(diff / 86_400_000), 'day');
}

function Card({ id, title, children, busy }: { id: string; title: ReactNode; children: ReactNode; busy?: boolean }) {
  return (
    <section className="account-card security-card" aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Callout({
  id,
  values,
  tone = 'danger',
}: {
  id: string | null;
  values?: Record<string, unknown>;
  tone?: 'danger' | 'success' | 'info';
}) {
  const { i18n } = useLingui();
  if (!id) return null;
  return (
    <p className={`callout callout--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {i18n._(id, values)}
    </p>
  );
}

// ── The page ──────────────────────────────────────────────────────────────────────────────────────
/** Loading, failed (try again) or the page's notice; the cards render once ready. */
export function SecurityStatus({ actor }: { actor: SecurityActorRef }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const notice = useSelector(actor, (s) => s.context.notice);
  const canDismiss = useSelector(actor, (s) => s.can({ type: 'user.dismiss' }));
  const { i18n } = useLingui();
  return (
    <>
      {state === 'loading' && (
        <p className="account-card" aria-busy="true">
          <span className="spinner" />
        </p>
      )}
      {errorId && (
        <p className="callout callout--danger" role="alert">
          {i18n._(errorId)}{' '}
          {state === 'failed' && (
            <Button size="sm" onClick={() => actor.send({ type: 'user.retry' })}>
              <Trans id="security.retry">Try again</Trans>
            </Button>
          )}
        </p>
      )}
      {notice && (
        <p
          className={`callout ${notice.id.startsWith('errors.') ? 'callout--danger' : 'callout--success'} security-notice`}
          role="status"
          data-testid="security-notice"
        >
          <span>{i18n._(notice.id, notice.values)}</span>
          <Button size="sm" variant="ghost" disabled={!canDismiss} onClick={() => actor.send({ type: 'user.dismiss' })}>
            <Trans id="security.dismiss">Close</Trans>
          </Button>
        </p>
      )}
    </>
  );
}

export function SessionsCard({ actor, now }: { actor: SecurityActorRef; now: number }) {
  const { i18n, t } = useLingui();
  const sessions = useSelector(actor, (s) => s.context.overview?.sessions ?? []);
  const busy = useSelector(actor, (s) => !s.matches({ ready: 'idle' }));
  return (
    <Card id="security-sessions" title={<Trans id="security.sessions.title">Active sessions</Trans>} busy={busy}>
      <p className="security-hint">
        <Trans id="security.sessions.intro">
          Where your account is signed in. End a session you do not recognise, then change your password.
        </Trans>
      </p>
      <ul className="security-list" data-testid="security-sessions">
        {sessions.map((s) => {
          const place = countryName(i18n.locale, s.country);
          const name = clientName(i18n, s);
          return (
            <li key={s.id} className="security-item" data-testid="security-session">
              <div className="security-item__main">
                <strong>{name}</strong>
                <span className="security-item__meta">
                  {i18n._(DEVICE_LABELS[s.device])}
                  {place ? ` · ${place}` : ''}
                  {' · '}
                  {s.current ? (
                    <Trans id="security.sessions.current">This session</Trans>
                  ) : (
                    t({ id: 'security.sessions.lastSeen', message: `Last seen ${relative(i18n.locale, s.last_seen_at, now)}` })
                  )}
                </span>
              </div>
              {s.current ? (
                <span className="security-badge">
                  <Trans id="security.sessions.here">You are here</Trans>
                </span>
              ) : (
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={t({ id: 'security.sessions.revoke.label', message: `Sign out the session “${name}”` })}
                  onClick={() => actor.send({ type: 'user.revokeSession', id: s.id })}
                >
                  <Trans id="security.sessions.revoke">Sign out</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function DevicesCard({ actor, now }: { actor: SecurityActorRef; now: number }) {
  const { i18n, t } = useLingui();
  const devices = useSelector(actor, (s) => s.context.overview?.devices ?? []);
  const busy = useSelector(actor, (s) => !s.matches({ ready: 'idle' }));
  return (
    <Card id="security-devices" title={<Trans id="security.devices.title">Trusted devices</Trans>} busy={busy}>
      <p className="security-hint">
        <Trans id="security.devices.intro">
          Browsers where you chose “Trust this device”: they skip the second step of sign-in for 30 days.
        </Trans>
      </p>
      {devices.length === 0 ? (
        <p data-testid="security-devices-empty">
          <Trans id="security.devices.empty">No trusted device.</Trans>
        </p>
      ) : (
        <ul className="security-list" data-testid="security-devices">
          {devices.map((d) => {
            const place = countryName(i18n.locale, d.country);
            const name = clientName(i18n, d);
            return (
              <li key={d.id} className="security-item" data-testid="security-device">
                <div className="security-item__main">
                  <strong>
                    {name}
                    {d.current && (
                      <>
                        {' '}
                        <span className="security-badge">
                          <Trans id="security.devices.thisOne">This browser</Trans>
                        </span>
                      </>
                    )}
                  </strong>
                  <span className="security-item__meta">
                    {i18n._(DEVICE_LABELS[d.device])}
                    {place ? ` · ${place}` : ''}
                    {' · '}
                    {t({
                      id: 'security.devices.until',
                      message: `Trusted until ${new Date(d.expires_at).toLocaleDateString(i18n.locale)}`,
                    })}
                  </span>
                  {d.last_used_at !== null && (
                    <span className="security-item__meta">
                      {t({ id: 'security.devices.lastUsed', message: `Last used ${relative(i18n.locale, d.last_used_at, now)}` })}
                    </span>
                  )}
                </div>
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={t({ id: 'security.devices.revoke.label', message: `Stop trusting “${name}”` })}
                  onClick={() => actor.send({ type: 'user.revokeDevice', id: d.id })}
                >
                  <Trans id="security.devices.revoke">Stop trusting</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

export function SocialCard({ actor }: { actor: SecurityActorRef }) {
  const { t } = useLingui();
  const social = useSelector(actor, (s) => s.context.overview?.social ?? []);
  const busy = useSelector(actor, (s) => !s.matches({ ready: 'idle' }));
  const leaving = useSelector(actor, (s) => s.matches({ ready: 'leaving' }) || s.matches({ ready: 'linking' }));
  const shown = social.filter((s) => s.enabled || s.linked);
  if (shown.length === 0) return null;
  return (
    <Card id="security-social" title={<Trans id="security.social.title">Social sign-in</Trans>} busy={busy}>
      <p className="security-hint">
        <Trans id="security.social.intro">Sign in with an account you have at one of these providers.</Trans>
      </p>
      <ul className="security-list" data-testid="security-social">
        {shown.map((s) => {
          const name = providerName(s.provider);
          return (
            <li key={s.provider} className="security-item" data-testid={`security-social-${s.provider}`}>
              <div className="security-item__main">
                <strong>{name}</strong>
                <span className="security-item__meta">
                  {s.linked ? (
                    s.email ? (
                      t({ id: 'security.social.linkedAs', message: `Linked: ${s.email}` })
                    ) : (
                      <Trans id="security.social.linked">Linked</Trans>
                    )
                  ) : (
                    <Trans id="security.social.notLinked">Not linked</Trans>
                  )}
                </span>
              </div>
              {s.linked ? (
                <Button
                  size="sm"
                  disabled={busy}
                  aria-label={t({ id: 'security.social.unlink.label', message: `Unlink ${name}` })}
                  onClick={() => actor.send({ type: 'user.unlink', provider: s.provider })}
                >
                  <Trans id="security.social.unlink">Unlink</Trans>
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="primary"
                  disabled={busy}
                  aria-busy={leaving || undefined}
                  aria-label={t({ id: 'security.social.link.label', message: `Link ${name}` })}
                  onClick={() => actor.send({ type: 'user.link', provider: s.provider })}
                >
                  <Trans id="security.social.link">Link</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

// ── Password ──────────────────────────────────────────────────────────────────────────────────────
export function PasswordCard({ actor, hasPassword, email }: { actor: PasswordChangeActorRef; hasPassword: boolean; email: string }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const signedOut = useSelector(actor, (s) => s.context.signedOut);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canSend = useSelector(actor, (s) => s.can({ type: 'user.sendLink' }));
  const labels: Record<PasswordField, string> = {
    password: t({ id: 'security.password.current', message: 'Current password' }),
    new_password: t({ id: 'security.password.new', message: 'New password' }),
    confirm: t({ id: 'security.password.confirm', message: 'New password again' }),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const title = <Trans id="security.password.title">Password</Trans>;
  if (state === 'done')
    return (
      <Card id="security-password" title={title}>
        <p className="callout callout--success" role="status" data-testid="password-changed">
          {t({
            id: 'security.password.changed',
            message: `Your password was changed. Sessions signed out elsewhere: ${signedOut}.`,
          })}
        </p>
        <Button onClick={() => actor.send({ type: 'user.again' })}>
          <Trans id="security.password.again">Change it again</Trans>
        </Button>
      </Card>
    );
  if (!hasPassword)
    return (
      <Card id="security-password" title={title} busy={state === 'sendingLink'}>
        {state === 'linkSent' ? (
          <p className="callout callout--success" role="status">
            {t({ id: 'security.password.linkSent', message: `We sent a link to ${email}: open it to choose your password.` })}
          </p>
        ) : (
          <>
            <p className="security-hint">
              <Trans id="security.password.none">
                You sign in with a social provider and have no password yet. We can e-mail you a link to choose one.
              </Trans>
            </p>
            <Callout id={errorId} />
            <Button variant="primary" disabled={!canSend} onClick={() => actor.send({ type: 'user.sendLink' })}>
              <Trans id="security.password.sendLink">E-mail me a link to set a password</Trans>
            </Button>
          </>
        )}
      </Card>
    );
  const field = (name: PasswordField, autoComplete: string) => (
    <Field
      label={labels[name]}
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      maxLength={256}
      readOnly={state !== 'editing'}
      error={fieldError(i18n, errors[name], labels[name])}
      onChange={(e) => actor.send({ type: 'user.set', field: name, value: e.target.value })}
    />
  );
  return (
    <Card id="security-password" title={title} busy={state === 'submitting'}>
      <form onSubmit={submit} noValidate className="security-form" data-testid="password-form">
        <p className="security-hint">
          <Trans id="security.password.intro">At least 10 characters. Every other session is signed out when you change it.</Trans>
        </p>
        <Callout id={errorId} />
        {field('password', 'current-password')}
        {field('new_password', 'new-password')}
        {field('confirm', 'new-password')}
        <div className="account-actions">
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {state === 'submitting' ? (
              <Trans id="security.password.saving">Changing…</Trans>
            ) : (
              <Trans id="security.password.submit">Change password</Trans>
            )}
          </Button>
        </div>
      </form>
    </Card>
  );
}

// ── E-mail address ────────────────────────────────────────────────────────────────────────────────
export function EmailCard({
  actor,
  current,
  pending,
}: {
  actor: EmailChangeActorRef;
  current: string;
  pending: SecurityOverview['pending_email'];
}) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const sentTo = useSelector(actor, (s) => s.context.email);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const emailLabel = t({ id: 'security.email.new', message: 'New e-mail address' });
  const passwordLabel = t({ id: 'security.password.current', message: 'Current password' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <Card id="security-email" title={<Trans id="security.email.title">E-mail address</Trans>} busy={state === 'submitting'}>
      <p>
        {t({ id: 'security.email.current', message: `You sign in with ${current}.` })}
        {pending && state !== 'sent' && (
          <> {t({ id: 'security.email.pending', message: `A change to ${pending.email} awaits its confirmation link.` })}</>
        )}
      </p>
      {state === 'sent' ? (
        <>
          <p className="callout callout--success" role="status" data-testid="email-sent">
            {t({
              id: 'security.email.sent',
              message: `We sent a link to ${sentTo ?? ''}. Your address changes when you open it. Your current address got a notice.`,
            })}
          </p>
          <Button onClick={() => actor.send({ type: 'user.again' })}>
            <Trans id="security.email.again">Use another address</Trans>
          </Button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="security-form" data-testid="email-form">
          <Callout id={errorId} />
          <Field
            label={emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            maxLength={254}
            readOnly={state !== 'editing'}
            error={fieldError(i18n, errors.email, emailLabel)}
            onChange={(e) => actor.send({ type: 'user.set', field: 'email', value: e.target.value })}
          />
          <Field
            label={passwordLabel}
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            maxLength={256}
            readOnly={state !== 'editing'}
            error={fieldError(i18n, errors.password, passwordLabel)}
            onChange={(e) => actor.send({ type: 'user.set', field: 'password', value: e.target.value })}
          />
          <div className="account-actions">
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              <Trans id="security.email.submit">Send a confirmation link</Trans>
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** The confirmation of a link mailed to a new address (the page opened with `#confirm_email-…`). */
export function EmailConfirmNotice({ actor }: { actor: EmailConfirmActorRef }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const email = useSelector(actor, (s) => s.context.email);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canClose = useSelector(actor, (s) => s.can({ type: 'user.close' }));
  if (state === 'closed') return null;
  return (
    <div
      className={`callout ${state === 'failed' ? 'callout--danger' : state === 'confirmed' ? 'callout--success' : 'callout--info'} security-notice`}
      role="status"
      aria-busy={state === 'confirming' || undefined}
      data-testid="email-confirm"
    >
      <span>
        {state === 'confirming' && <Trans id="security.email.confirming">Confirming your new e-mail address…</Trans>}
        {state === 'confirmed' && t({ id: 'security.email.confirmed', message: `Done: you now sign in with ${email ?? ''}.` })}
        {state === 'failed' && errorId && i18n._(errorId)}
      </span>
      {state !== 'confirming' && (
        <Button size="sm" variant="ghost" disabled={!canClose} onClick={() => actor.send({ type: 'user.close' })}>
          <Trans id="security.dismiss">Close</Trans>
        </Button>
      )}
    </div>
  );
}

// ── Second factor ─────────────────────────────────────────────────────────────────────────────────
export function MfaEmailCard({ actor, hasPassword, totpEnabled }: { actor: MfaEmailActorRef; hasPassword: boolean; totpEnabled: boolean }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const enabled = useSelector(actor, (s) => s.context.enabled);
  const password = useSelector(actor, (s) => s.context.password);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canToggle = useSelector(actor, (s) => s.can({ type: 'user.toggle' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const label = t({ id: 'security.password.current', message: 'Current password' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <div className="security-subcard" aria-busy={state === 'saving' || undefined}>
      <h3>
        <Trans id="security.mfaEmail.title">Code by e-mail</Trans>
      </h3>
      <p className="security-hint">
        {totpEnabled ? (
          <Trans id="security.mfaEmail.withApp">Your authenticator app replaces the e-mailed code while it is set up.</Trans>
        ) : enabled ? (
          <Trans id="security.mfaEmail.on">After your password, we e-mail you a 6-digit code to finish signing in.</Trans>
        ) : (
          <Trans id="security.mfaEmail.off">Off: signing in needs only your password. We recommend turning it on.</Trans>
        )}
      </p>
      {hasPassword ? (
        <>
          <div className="security-switch">
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={enabled}
              disabled={!canToggle}
              onClick={() => actor.send({ type: 'user.toggle' })}
              data-testid="mfa-email-switch"
            >
              <span className="switch__track" aria-hidden="true">
                <span className="switch__thumb" />
              </span>
              <span>
                <Trans id="security.mfaEmail.switch">Ask for a code by e-mail when I sign in</Trans>
              </span>
            </button>
          </div>
          {state !== 'idle' && (
            <form onSubmit={submit} noValidate className="security-form security-confirm" data-testid="mfa-email-form">
              <p>
                {enabled ? (
                  <Trans id="security.mfaEmail.confirmOff">Enter your password to stop asking for a code by e-mail.</Trans>
                ) : (
                  <Trans id="security.mfaEmail.confirmOn">Enter your password to ask for a code by e-mail at each sign-in.</Trans>
                )}
              </p>
              <Field
                label={label}
                type="password"
                autoComplete="current-password"
                value={password}
                maxLength={256}
                readOnly={state !== 'confirming'}
                error={fieldError(i18n, errorId ?? undefined, label)}
                onChange={(e) => actor.send({ type: 'user.setPassword', password: e.target.value })}
                autoFocus
              />
              <div className="account-actions">
                <Button type="submit" variant="primary" disabled={!canSubmit}>
                  {enabled ? <Trans id="security.mfaEmail.turnOff">Turn off</Trans> : <Trans id="security.mfaEmail.turnOn">Turn on</Trans>}
                </Button>
                <Button variant="ghost" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
                  <Trans id="security.cancel">Cancel</Trans>
                </Button>
              </div>
            </form>
          )}
        </>
      ) : (
        <p className="security-hint">
          <Trans id="security.mfaEmail.noPassword">This setting applies to signing in with a password: set one first.</Trans>
        </p>
      )}
    </div>
  );
}

/** The recovery codes, shown once, with a download. */
function RecoveryCodes({ codes, onDone, canDone }: { codes: string[]; onDone: () => void; canDone: boolean }) {
  const { t } = useLingui();
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t({ id: 'security.codes.fileTitle', message: 'Quire recovery codes (each works once)' })}\n\n${codes.join('\n')}\n`)}`;
  return (
    <div className="security-codes" data-testid="recovery-codes">
      <p className="callout callout--info" role="status">
        <Trans id="security.codes.intro">
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
        </Trans>
      </p>
      <ol className="security-codes__list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <a className="btn" href={file} download="quire-recovery-codes.txt">
          <Trans id="security.codes.download">Download the codes</Trans>
        </a>
        <Button variant="primary" disabled={!canDone} onClick={onDone}>
          <Trans id="security.codes.done">I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

function CodeField({
  value,
  onChange,
  error,
  readOnly,
  recovery = false,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  readOnly: boolean;
  recovery?: boolean;
}) {
  const { i18n, t } = useLingui();
  const label = recovery
    ? t({ id: 'account.mfa.recoveryCode', message: 'Recovery code' })
    : t({ id: 'security.totp.code', message: 'Code from the app' });
  return (
    <Field
      label={label}
      name={recovery ? 'recovery_code' : 'code'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      maxLength={recovery ? 14 : MFA_CODE_LENGTH}
      placeholder={recovery ? 'xxxxx-xxxxx' : '000000'}
      value={value}
      readOnly={readOnly}
      error={fieldError(i18n, error ?? undefined, label)}
      onChange={(e) => onChange(e.target.value)}
      autoFocus
    />
  );
}

export function TotpEnrolCard({ actor }: { actor: TotpEnrolActorRef }) {
  const { t } = useLingui();
  const id = useId();
  const state = useSelector(actor, (s) => s.value as string);
  const setup = useSelector(actor, (s) => s.context.setup);
  const code = useSelector(actor, (s) => s.context.code);
  const codes = useSelector(actor, (s) => s.context.codes);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canStart = useSelector(actor, (s) => s.can({ type: 'user.start' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const canDone = useSelector(actor, (s) => s.can({ type: 'user.done' }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <div className="security-subcard" aria-busy={state === 'creating' || state === 'confirming' || undefined} data-testid="totp-enrol">
      <h3>
        <Trans id="security.totp.title">Authenticator app</Trans>
      </h3>
      {(state === 'idle' || state === 'creating') && (
        <>
          <p className="security-hint">
            <Trans id="security.totp.intro">
              Use an app such as Google Authenticator, Microsoft Authenticator or FreeOTP: its 6-digit codes replace the e-mailed ones.
            </Trans>
          </p>
          {state === 'idle' && errorId && <Callout id={errorId} />}
          <Button variant="primary" disabled={!canStart} onClick={() => actor.send({ type: 'user.start' })}>
            <Trans id="security.totp.start">Set up an authenticator app</Trans>
          </Button>
        </>
      )}
      {(state === 'scanning' || state === 'confirming') && setup && (
        <form onSubmit={submit} noValidate className="security-form security-enrol">
          <ol className="security-steps">
            <li>
              <Trans id="security.totp.scan">Scan this QR code with the app.</Trans>
              <QrCode text={setup.uri} label={t({ id: 'security.totp.qr', message: 'QR code to scan with your authenticator app' })} />
              <p className="security-hint" id={`${id}-key`}>
                <Trans id="security.totp.key">Cannot scan it? Enter this key in the app:</Trans>{' '}
                <code className="security-key" data-testid="totp-secret">
                  {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </code>
              </p>
            </li>
            <li>
              <Trans id="security.totp.enter">Enter the 6-digit code the app shows.</Trans>
              <CodeField
                value={code}
                readOnly={state !== 'scanning'}
                error={errorId}
                onChange={(v) => actor.send({ type: 'user.setCode', code: v })}
              />
            </li>
          </ol>
          <div className="account-actions">
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              <Trans id="security.totp.confirm">Turn on</Trans>
            </Button>
            <Button variant="ghost" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans id="security.cancel">Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
      {state === 'showingCodes' && <RecoveryCodes codes={codes} canDone={canDone} onDone={() => actor.send({ type: 'user.done' })} />}
    </div>
  );
}

export function TotpManageCard({ actor, left }: { actor: TotpManageActorRef; left: number }) {
  const { t } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches('removal') ? 'removal' : s.matches('regeneration') ? 'regeneration' : (s.value as string),
  );
  const busy = useSelector(actor, (s) => s.matches({ removal: 'removing' }) || s.matches({ regeneration: 'renewing' }));
  const code = useSelector(actor, (s) => s.context.code);
  const recovery = useSelector(actor, (s) => s.context.recovery);
  const codes = useSelector(actor, (s) => s.context.codes);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canRemove = useSelector(actor, (s) => s.can({ type: 'user.remove' }));
  const canRegenerate = useSelector(actor, (s) => s.can({ type: 'user.regenerate' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const canSwitch = useSelector(actor, (s) => s.can({ type: 'user.useRecovery' }));
  const canDone = useSelector(actor, (s) => s.can({ type: 'user.done' }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  return (
    <div className="security-subcard" aria-busy={busy || undefined} data-testid="totp-manage">
      <h3>
        <Trans id="security.totp.title">Authenticator app</Trans>
      </h3>
      <p className="callout callout--success" role="status">
        {t({ id: 'security.totp.on', message: `On: sign-in asks for a code of your app. Recovery codes left: ${left}.` })}
      </p>
      {state === 'idle' && (
        <div className="account-actions">
          <Button disabled={!canRegenerate} onClick={() => actor.send({ type: 'user.regenerate' })}>
            <Trans id="security.totp.regenerate">New recovery codes</Trans>
          </Button>
          <Button variant="ghost" disabled={!canRemove} onClick={() => actor.send({ type: 'user.remove' })}>
            <Trans id="security.totp.remove">Remove the app</Trans>
          </Button>
        </div>
      )}
      {(state === 'removal' || state === 'regeneration') && (
        <form onSubmit={submit} noValidate className="security-form security-confirm" data-testid="totp-manage-form">
          <p>
            {state === 'removal' ? (
              recovery ? (
                <Trans id="security.totp.removeWithRecovery">Enter one of your recovery codes to remove the app.</Trans>
              ) : (
                <Trans id="security.totp.removeWithCode">
                  Enter a code of the app to remove it. Sign-in then asks for an e-mailed code.
                </Trans>
              )
            ) : (
              <Trans id="security.totp.regenerateWithCode">Enter a code of the app: your old recovery codes stop working.</Trans>
            )}
          </p>
          <CodeField
            value={code}
            recovery={state === 'removal' && recovery}
            readOnly={busy}
            error={errorId}
            onChange={(v) => actor.send({ type: 'user.setCode', code: v })}
          />
          <div className="account-actions">
            <Button type="submit" variant="primary" disabled={!canSubmit}>
              {state === 'removal' ? (
                <Trans id="security.totp.removeConfirm">Remove</Trans>
              ) : (
                <Trans id="security.totp.regenerateConfirm">Make new codes</Trans>
              )}
            </Button>
            {state === 'removal' && (
              <Button variant="ghost" disabled={!canSwitch} onClick={() => actor.send({ type: 'user.useRecovery' })}>
                {recovery ? (
                  <Trans id="security.totp.useCode">Use a code of the app</Trans>
                ) : (
                  <Trans id="security.totp.useRecovery">Lost the phone? Use a recovery code</Trans>
                )}
              </Button>
            )}
            <Button variant="ghost" disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans id="security.cancel">Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
      {state === 'showingCodes' && <RecoveryCodes codes={codes} canDone={canDone} onDone={() => actor.send({ type: 'user.done' })} />}
    </div>
  );
}
