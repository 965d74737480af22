import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { type PrivacyDeletionActorRef, privacyDeletionMachine } from '../../../../machines/privacy/deletion.machine';
import { type PrivacyExportActorRef, privacyExportMachine } from '../../../../machines/privacy/export.machine';
import { type PrivacyActorRef, privacyMachine } from '../../../../machines/privacy/privacy.machine';
import { formatBytes } from '../../../contracts/bytes';
import { DeletionCodeSentSchema, DeletionScheduledSchema, type PrivacyStatus, PrivacyStatusSchema } from '../../../contracts/privacy';
import { openContact } from '../../app/contact-modal';
import { useApp, useClientConfig } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { Button, Field } from '../ui';
import { FailedCard, LoadingCard } from './shared';
import './privacy.css';

/** A date and time in the reader's language. */
const formatWhen = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale || 'en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(ms));

/** The download's URL: the API host's (an absolute host, or a path of this site), with the data calls' version. */
export const downloadHref = (api: string, download: string) => `${api.replace(/\/+$/, '')}/${download}&v=2`;

/** "Download all my data": the export machine's states. */
export function ExportCard({ actor, days }: { actor: PrivacyExportActorRef; days: number }) {
  const { i18n } = useLingui();
  const { api } = useClientConfig();
  const state = useSelector(actor, (s) =>
    s.matches('starting')
      ? 'starting'
      : s.matches('working') || s.matches('polling')
        ? 'working'
        : s.matches('ready')
          ? 'ready'
          : s.matches('failed')
            ? 'failed'
            : 'idle',
  );
  const view = useSelector(actor, (s) => s.context.export);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canStart = useSelector(actor, (s) => s.can({ type: 'user.start' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'user.retry' }));
  const percent = view && view.total > 0 ? Math.round((view.done / view.total) * 100) : 0;
  const done = view?.done ?? 0;
  const total = view?.total ?? 0;
  const size = formatBytes(view?.size ?? 0, i18n.locale);
  const until = formatWhen(view?.expires_at ?? 0, i18n.locale);
  return (
    <section
      className="account-card pv-card"
      aria-labelledby="privacy-export-title"
      aria-busy={state === 'starting' || state === 'working'}
    >
      <h2 id="privacy-export-title">
        <Trans id="account.privacy.export.title">Download all my data</Trans>
      </h2>
      <p>
        <Trans id="account.privacy.export.intro">
          Get one ZIP archive of everything your account holds: your account and profile, every publication’s original file and settings,
          comments, leads and statistics. We prepare it in the background and e-mail you when it is ready; its link works for {days} days.
        </Trans>
      </p>
      {state === 'idle' && view?.state === 'expired' && (
        <p className="pv-note" data-testid="export-expired">
          <Trans id="account.privacy.export.expired">Your last archive has expired and was deleted. Prepare a new one.</Trans>
        </p>
      )}
      {state === 'working' && (
        <div className="pv-progress-block" data-testid="export-progress">
          <div
            className="pv-progress"
            role="progressbar"
            aria-label={i18n._({ id: 'account.privacy.export.progressLabel', message: 'Preparing your archive' })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="pv-progress__bar" style={{ width: `${Math.max(percent, 4)}%` }} />
          </div>
          <p className="pv-note" aria-live="polite">
            {view?.state === 'queued' ? (
              <Trans id="account.privacy.export.queued">Waiting for its turn…</Trans>
            ) : (
              <Trans id="account.privacy.export.running">
                Preparing your archive: {done} of {total} parts written.
              </Trans>
            )}{' '}
            <Trans id="account.privacy.export.leave">You can leave this page: we e-mail you when it is ready.</Trans>
          </p>
        </div>
      )}
      {state === 'ready' && view?.download && (
        <p className="pv-note pv-note--success" data-testid="export-ready">
          <Trans id="account.privacy.export.ready">
            Your archive is ready ({size}). Download it before {until}; it is deleted then.
          </Trans>
        </p>
      )}
      {state === 'failed' && (
        <p className="callout callout--danger" role="alert">
          <Trans id="account.privacy.export.failed">Your archive could not be prepared. Please try again.</Trans>
        </p>
      )}
      {errorId && (
        <p className="callout callout--danger" role="alert">
          {i18n._(errorId)}
        </p>
      )}
      <div className="account-actions">
        {state === 'ready' && view?.download && (
          <a className="btn btn--primary" href={downloadHref(api, view.download)} download data-testid="export-download">
            <Trans id="account.privacy.export.download">Download my data</Trans>
          </a>
        )}
        {state === 'failed' ? (
          <Button variant="primary" disabled={!canRetry} onClick={() => actor.send({ type: 'user.retry' })}>
            <Trans id="account.privacy.export.retry">Try again</Trans>
          </Button>
        ) : state === 'ready' ? (
          <Button disabled={!canStart} onClick={() => actor.send({ type: 'user.start' })}>
            <Trans id="account.privacy.export.again">Prepare a new archive</Trans>
          </Button>
        ) : (
          <Button variant="primary" disabled={!canStart} onClick={() => actor.send({ type: 'user.start' })}>
            {state === 'starting' || state === 'working' ? (
              <Trans id="account.privacy.export.preparing">Preparing…</Trans>
            ) : (
              <Trans id="account.privacy.export.start">Prepare my data</Trans>
            )}
          </Button>
        )}
      </div>
    </section>
  );
}

/** "Delete my account": the deletion machine's states. */
export function DeletionCard({ actor, graceDays }: { actor: PrivacyDeletionActorRef; graceDays: number }) {
  const { i18n, t } = useLingui();
  const value = useSelector(actor, (s) =>
    s.matches('scheduled')
      ? 'scheduled'
      : s.matches('deleting')
        ? 'deleting'
        : s.matches({ confirming: 'password' })
          ? 'password'
          : s.matches({ confirming: 'needCode' })
            ? 'needCode'
            : s.matches({ confirming: 'sendingCode' })
              ? 'sendingCode'
              : s.matches({ confirming: 'codeSent' })
                ? 'codeSent'
                : 'idle',
  );
  const reauth = useSelector(actor, (s) => s.context.reauth);
  const password = useSelector(actor, (s) => s.context.password);
  const code = useSelector(actor, (s) => s.context.code);
  const email = useSelector(actor, (s) => s.context.email);
  const purgeAt = useSelector(actor, (s) => s.context.purgeAt);
  const errorId = useSelector(actor, (s) => s.context.errorId);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canSendCode = useSelector(actor, (s) => s.can({ type: 'user.sendCode' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
  };
  const onKeyDown = (e: { key: string }) => {
    if (e.key === 'Escape' && canCancel) actor.send({ type: 'user.cancel' });
  };
  const busy = value === 'deleting' || value === 'sendingCode';
  const address = email ?? '';
  const when = formatWhen(purgeAt ?? 0, i18n.locale);
  const error = errorId ? i18n._(errorId) : undefined;

  if (value === 'scheduled') {
    return (
      <section className="account-card pv-card pv-card--danger" aria-labelledby="privacy-delete-title" data-testid="deletion-scheduled">
        <h2 id="privacy-delete-title">
          <Trans id="account.privacy.delete.scheduledTitle">Your account will be deleted</Trans>
        </h2>
        {graceDays > 0 ? (
          <p role="status">
            <Trans id="account.privacy.delete.scheduled">
              Everything will be deleted for good on {when}. You have been signed out on every device and your publications can no longer be
              read. Changed your mind? Sign in again before that date and nothing is lost. We sent you an e-mail about it.
            </Trans>
          </p>
        ) : (
          <p role="status">
            <Trans id="account.privacy.delete.scheduledNow">
              Your account and everything in it are being deleted now. You have been signed out on every device.
            </Trans>
          </p>
        )}
        <div className="account-actions">
          <Button variant="primary" onClick={() => actor.send({ type: 'user.signOut' })}>
            <Trans id="account.privacy.delete.signOut">Sign out</Trans>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="account-card pv-card pv-card--danger" aria-labelledby="privacy-delete-title" aria-busy={busy}>
      <h2 id="privacy-delete-title">
        <Trans id="account.privacy.delete.title">Delete my account</Trans>
      </h2>
      <p>
        {graceDays > 0 ? (
          <Trans id="account.privacy.delete.intro">
            Deleting your account removes your publications with their files, comments, leads and statistics. You are signed out everywhere
            at once and your publications can no longer be read; {graceDays} days later everything is deleted for good. Signing in again
            before then cancels the deletion.
          </Trans>
        ) : (
          <Trans id="account.privacy.delete.introNow">
            Deleting your account removes your publications with their files, comments, leads and statistics, at once and for good.
          </Trans>
        )}
      </p>
      {value === 'idle' ? (
        <>
          <p className="pv-note">
            <Trans id="account.privacy.delete.exportFirst">Want to keep a copy? Download your data first.</Trans>
          </p>
          <div className="account-actions">
            <Button variant="danger" onClick={() => actor.send({ type: 'user.begin' })}>
              <Trans id="account.privacy.delete.begin">Delete my account…</Trans>
            </Button>
            <Button variant="ghost" onClick={() => actor.send({ type: 'user.contact' })}>
              <Trans id="account.privacy.delete.contact">Ask us to delete it instead</Trans>
            </Button>
          </div>
        </>
      ) : value === 'needCode' || value === 'sendingCode' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.sendCode' });
          }}
          onKeyDown={onKeyDown}
        >
          <p>
            <Trans id="account.privacy.delete.needCode">
              Your account has no password. To confirm that it is you, we e-mail you a six-digit code.
            </Trans>
          </p>
          {error && (
            <p className="callout callout--danger" role="alert">
              {error}
            </p>
          )}
          <div className="account-actions">
            <Button type="submit" variant="primary" disabled={!canSendCode}>
              {value === 'sendingCode' ? (
                <Trans id="account.privacy.delete.sending">Sending…</Trans>
              ) : (
                <Trans id="account.privacy.delete.sendCode">E-mail me a code</Trans>
              )}
            </Button>
            <Button disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans id="account.privacy.delete.cancel">Keep my account</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate data-testid="deletion-form">
          {reauth === 'password' ? (
            <Field
              label={t({ id: 'account.privacy.delete.password', message: 'Your password' })}
              hint={t({ id: 'account.privacy.delete.passwordHint', message: 'Enter it to confirm that it is you.' })}
              type="password"
              autoComplete="current-password"
              value={password}
              maxLength={200}
              autoFocus
              error={error}
              disabled={value === 'deleting'}
              onChange={(e) => actor.send({ type: 'user.setPassword', value: e.target.value })}
            />
          ) : (
            <Field
              label={t({ id: 'account.privacy.delete.code', message: 'Code from the e-mail' })}
              hint={t({ id: 'account.privacy.delete.codeHint', message: `We sent it to ${address}.` })}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              maxLength={6}
              autoFocus
              error={error}
              disabled={value === 'deleting'}
              onChange={(e) => actor.send({ type: 'user.setCode', value: e.target.value })}
            />
          )}
          <div className="account-actions">
            <Button type="submit" variant="danger" disabled={!canSubmit}>
              {value === 'deleting' ? (
                <Trans id="account.privacy.delete.deleting">Deleting…</Trans>
              ) : (
                <Trans id="account.privacy.delete.confirm">Delete my account</Trans>
              )}
            </Button>
            {reauth === 'code' && (
              <Button disabled={!canSendCode} onClick={() => actor.send({ type: 'user.sendCode' })}>
                <Trans id="account.privacy.delete.resend">Send another code</Trans>
              </Button>
            )}
            <Button disabled={!canCancel} onClick={() => actor.send({ type: 'user.cancel' })}>
              <Trans id="account.privacy.delete.cancel">Keep my account</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** /account/privacy drawn from the privacy machine and its two children. */
export function PrivacyView({ actor }: { actor: PrivacyActorRef }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const status = useSelector(actor, (s) => s.context.status);
  const exportRef = useSelector(actor, (s) => s.children.export as PrivacyExportActorRef | undefined);
  const deletionRef = useSelector(actor, (s) => s.children.deletion as PrivacyDeletionActorRef | undefined);
  const title = <Trans id="menu.account.privacy">Privacy</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed' || !status) return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <div className="pv-section">
      {exportRef && <ExportCard actor={exportRef} days={status.export_days} />}
      {deletionRef && <DeletionCard actor={deletionRef} graceDays={status.grace_days} />}
    </div>
  );
}

export default function PrivacySection(_: SectionProps) {
  const { api, modals, session } = useApp();
  const loadStatus = fromPromise<PrivacyStatus>(({ signal }) =>
    api.call('account/privacy/', { method: 'GET', schema: PrivacyStatusSchema, signal }),
  );
  const actor = useActorRef(
    privacyMachine.provide({
      actors: {
        loadStatus,
        exportFlow: privacyExportMachine.provide({
          actors: {
            loadStatus,
            startExport: fromPromise(({ signal }) =>
              api.call('account/privacy/export/create', {
                method: 'POST',
                json: {},
                schema: PrivacyStatusSchema,
                signal,
                ignoreAlerts: true,
              }),
            ),
          },
        }),
        deletionFlow: privacyDeletionMachine.provide({
          actors: {
            sendCode: fromPromise(({ signal }) =>
              api.call('account/privacy/deletion/code', {
                method: 'POST',
                json: {},
                schema: DeletionCodeSentSchema,
                signal,
                ignoreAlerts: true,
              }),
            ),
            deleteAccount: fromPromise(({ input, signal }) =>
              api.call('account/privacy/deletion/create', {
                method: 'POST',
                json: input,
                schema: DeletionScheduledSchema,
                signal,
                ignoreAlerts: true,
              }),
            ),
          },
          actions: {
            openDeletionRequest: () => modals.send(openContact('deletion')),
            signOut: () => session.send({ type: 'user.logout' }),
          },
        }),
      },
    }),
  );
  return <PrivacyView actor={actor} />;
}
