import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId, useRef, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { type InvitationActorRef, invitationMachine } from '../../../../machines/managers/invitation.machine';
import { type ManagerSectionActorRef, managerSectionMachine } from '../../../../machines/managers/manager-section.machine';
import {
  ASSOCIATION_STEP,
  type AssociationChild,
  AssociationListSchema,
  type AuditEntry,
  AuditListSchema,
  CHILD_NAME_MAX,
  INVITATION_FRAGMENT,
  InvitationAcceptedSchema,
  InvitationViewSchema,
  isManagerAccount,
  ManagerMailedSchema,
} from '../../../contracts/managers';
import type { AppActors } from '../../app/actors';
import { useApp } from '../../app/context';
import { fieldError } from '../../i18n/field-error';
import type { SectionProps } from '../../pages/routes';
import { FailedCard, LoadingCard } from '../account-sections/shared';
import { Button, Field, Modal } from '../ui';
import { AccountFigures, ModeBadge } from './figures';
import './managers.css';

const formatTime = (ms: number, locale: string) =>
  new Intl.DateTimeFormat(locale || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

/** One child account: name and mode, its figures, and Detach. */
function ChildCard({ actor, item }: { actor: ManagerSectionActorRef; item: AssociationChild }) {
  const canDetach = useSelector(actor, (s) => s.can({ type: 'user.detach', id: item.child.id }));
  const titleId = useId();
  const name = item.name;
  return (
    <li className="managers-item card" data-testid="manager-child" aria-labelledby={titleId}>
      <div className="managers-item__head">
        <h3 className="managers-item__name" id={titleId}>
          {name}
        </h3>
        <ModeBadge mode={item.child.type.mode} />
      </div>
      <AccountFigures figures={item} testPrefix="manager-child" />
      <div className="managers-item__actions">
        <Button
          size="sm"
          variant="danger"
          disabled={!canDetach}
          data-testid="manager-detach"
          onClick={() => actor.send({ type: 'user.detach', id: item.child.id })}
        >
          <Trans id="manager.detach">Detach</Trans>
          <span className="visually-hidden"> {name}</span>
        </Button>
      </div>
    </li>
  );
}

/** The create and invite dialog: a new account's name and address, or an existing account's address. */
function ChildDialog({ actor }: { actor: ManagerSectionActorRef }) {
  const { i18n, t } = useLingui();
  const formId = useId();
  const open = useSelector(actor, (s) => s.matches({ ready: 'dialog' }));
  const busy = useSelector(
    actor,
    (s) =>
      s.matches({ ready: { dialog: 'saving' } }) ||
      s.matches({ ready: { dialog: 'sending' } }) ||
      s.matches({ ready: { dialog: 'reloading' } }),
  );
  const dialog = useSelector(actor, (s) => s.context.dialog);
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.draftErrors);
  const error = useSelector(actor, (s) => (s.matches({ ready: 'dialog' }) ? s.context.error : null));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const formRef = useRef<HTMLFormElement>(null);
  const cancel = () => {
    if (canCancel) actor.send({ type: 'user.cancel' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
    if (actor.getSnapshot().matches({ ready: { dialog: 'editing' } }) && actor.getSnapshot().context.draftErrors)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const nameLabel = t({ id: 'manager.child.name', message: 'Account name' });
  const emailLabel = t({ id: 'manager.child.email', message: 'Owner’s e-mail address' });
  const create = dialog === 'create';
  return (
    <Modal
      open={open}
      title={
        create ? (
          <Trans id="manager.create.title">Create a managed account</Trans>
        ) : (
          <Trans id="manager.invite.title">Invite an account</Trans>
        )
      }
      onEscape={cancel}
      onClose={cancel}
      footer={
        <>
          <Button onClick={cancel} disabled={!canCancel}>
            <Trans id="manager.dialog.cancel">Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={!canSubmit} aria-busy={busy} data-testid="manager-dialog-submit">
            {busy ? (
              <Trans id="manager.dialog.busy">Sending…</Trans>
            ) : create ? (
              <Trans id="manager.create.submit">Create the account</Trans>
            ) : (
              <Trans id="manager.invite.submit">Send the invitation</Trans>
            )}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} className="managers-form" onSubmit={submit} noValidate aria-busy={busy}>
        <p className="as-meta">
          {create ? (
            <Trans id="manager.create.help">
              The owner receives a mail to choose a password. You can publish in the account at once; everything you do there is logged.
            </Trans>
          ) : (
            <Trans id="manager.invite.help">
              If an account uses this address, its owner receives an invitation by mail and joins your managed accounts once they accept.
            </Trans>
          )}
        </p>
        {error && (
          <p className="callout callout--danger" role="alert" data-testid="manager-dialog-error">
            {i18n._(error)}
          </p>
        )}
        {create && (
          <Field
            label={nameLabel}
            value={draft.name}
            maxLength={CHILD_NAME_MAX}
            autoComplete="organization"
            autoFocus
            readOnly={busy}
            data-testid="manager-child-name"
            error={fieldError(i18n, errors?.name ?? undefined, nameLabel, [CHILD_NAME_MAX])}
            onChange={(e) => actor.send({ type: 'user.name', value: e.target.value })}
          />
        )}
        <Field
          label={emailLabel}
          type="email"
          value={draft.email}
          maxLength={254}
          autoComplete="email"
          autoFocus={!create}
          readOnly={busy}
          data-testid="manager-child-email"
          error={fieldError(i18n, errors?.email ?? undefined, emailLabel, [254])}
          onChange={(e) => actor.send({ type: 'user.email', value: e.target.value })}
        />
      </form>
    </Modal>
  );
}

/** "We sent a mail to …" after a create or an invitation. */
function SentDialog({ actor }: { actor: ManagerSectionActorRef }) {
  const sentTo = useSelector(actor, (s) => (s.matches({ ready: 'sent' }) ? s.context.sentTo : null));
  const dialog = useSelector(actor, (s) => s.context.dialog);
  const close = () => actor.send({ type: 'user.close' });
  const email = sentTo ?? '';
  return (
    <Modal
      open={sentTo !== null}
      title={<Trans id="manager.sent.title">Mail sent</Trans>}
      onEscape={close}
      onClose={close}
      footer={
        <Button variant="primary" onClick={close} data-testid="manager-sent-close">
          <Trans id="manager.sent.close">Done</Trans>
        </Button>
      }
    >
      <p data-testid="manager-sent">
        {dialog === 'create' ? (
          <Trans id="manager.sent.created">
            If {email} had no Quire account, the account is created and its owner received a mail to choose a password. If it already had
            one, its owner received an invitation instead.
          </Trans>
        ) : (
          <Trans id="manager.sent.invited">
            If an account uses {email}, its owner received your invitation. It appears here once they accept.
          </Trans>
        )}
      </p>
    </Modal>
  );
}

/** "Detach …?": the account stays with its owner; you can no longer act for it. */
function DetachConfirm({ actor }: { actor: ManagerSectionActorRef }) {
  const child = useSelector(actor, (s) =>
    s.matches({ ready: 'confirmDetach' }) || s.matches({ ready: 'detaching' }) ? s.context.detaching : null,
  );
  const busy = useSelector(actor, (s) => s.matches({ ready: 'detaching' }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirmDetach' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancelDetach' }));
  const cancel = () => {
    if (canCancel) actor.send({ type: 'user.cancelDetach' });
  };
  const name = child?.name ?? '';
  return (
    <Modal
      open={child !== null}
      title={<Trans id="manager.detach.title">Detach “{name}”?</Trans>}
      onEscape={cancel}
      onBackdrop={cancel}
      onClose={canCancel ? cancel : undefined}
      footer={
        <>
          <Button onClick={cancel} disabled={!canCancel}>
            <Trans id="manager.detach.cancel">Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            disabled={!canConfirm}
            aria-busy={busy}
            data-testid="manager-detach-confirm"
            onClick={() => actor.send({ type: 'user.confirmDetach' })}
          >
            {busy ? <Trans id="manager.detach.busy">Detaching…</Trans> : <Trans id="manager.detach.confirm">Detach the account</Trans>}
          </Button>
        </>
      }
    >
      <p>
        <Trans id="manager.detach.text">
          The account, its publications and its log stay with its owner. You can no longer act for it, unless its owner accepts a new
          invitation.
        </Trans>
      </p>
    </Modal>
  );
}

/** The audit log: who did what, for which account, when. */
export function AuditList({ entries, mine }: { entries: AuditEntry[]; mine: boolean }) {
  const { i18n, t } = useLingui();
  return (
    <section className="managers-audit" aria-labelledby="managers-audit-title">
      <h3 id="managers-audit-title">
        {mine ? (
          <Trans id="manager.audit.mine">Actions taken on your behalf</Trans>
        ) : (
          <Trans id="manager.audit.title">Actions in your managed accounts</Trans>
        )}
      </h3>
      {entries.length === 0 ? (
        <p className="as-meta" data-testid="manager-audit-empty">
          {mine ? (
            <Trans id="manager.audit.mine.empty">No manager has acted on your behalf.</Trans>
          ) : (
            <Trans id="manager.audit.empty">Nothing has been done in your managed accounts yet.</Trans>
          )}
        </p>
      ) : (
        <ul className="managers-audit__list" aria-label={t({ id: 'manager.audit.list', message: 'Audit log' })}>
          {entries.map((e) => {
            const manager = e.manager.name;
            const account = e.child.name;
            return (
              <li key={e.id} className="managers-audit__item" data-testid="manager-audit-entry">
                <span className="managers-audit__who">
                  <Trans id="manager.audit.entry">
                    {manager} for {account}
                  </Trans>
                </span>
                <code className="managers-audit__what">
                  {e.method} {e.route}
                </code>
                <span className={e.status < 400 ? 'managers-audit__ok' : 'managers-audit__failed'}>
                  {e.status < 400 ? <Trans id="manager.audit.ok">Done</Trans> : <Trans id="manager.audit.failed">Refused</Trans>}
                </span>
                <time dateTime={new Date(e.date).toISOString()}>{formatTime(e.date, i18n.locale)}</time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /account/manager drawn from the managed-accounts machine: a manager's children, or (anyone else) its own log. */
export function ManagerSectionView({ actor, isManager }: { actor: ManagerSectionActorRef; isManager: boolean }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const children = useSelector(actor, (s) => s.context.children);
  const audit = useSelector(actor, (s) => s.context.audit);
  const listError = useSelector(actor, (s) => (s.matches({ ready: 'list' }) ? s.context.error : null));
  const loadError = useSelector(actor, (s) => s.context.error);
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.openCreate' }));
  const canInvite = useSelector(actor, (s) => s.can({ type: 'user.openInvite' }));
  const title = isManager ? (
    <Trans id="menu.account.manager">Managed accounts</Trans>
  ) : (
    <Trans id="manager.title.owner">Manager access</Trans>
  );
  if (state === 'loading') return <LoadingCard title={title} className="managers" />;
  if (state === 'failed')
    return <FailedCard title={title} className="managers" error={loadError} onRetry={() => actor.send({ type: 'user.retry' })} />;
  if (!isManager)
    return (
      <section className="account-card managers" aria-labelledby="managers-title">
        <h2 id="managers-title">{title}</h2>
        <p className="as-meta">
          <Trans id="manager.owner.intro">
            A manager can publish and manage publications in your account once you accept their invitation. Everything a manager does on
            your behalf is listed here.
          </Trans>
        </p>
        <AuditList entries={audit} mine />
      </section>
    );
  return (
    <section className="account-card managers" aria-labelledby="managers-title">
      <div className="managers-head">
        <h2 id="managers-title">{title}</h2>
        <div className="managers-head__actions">
          <Button disabled={!canInvite} data-testid="manager-invite" onClick={() => actor.send({ type: 'user.openInvite' })}>
            <Trans id="manager.invite">Invite an account</Trans>
          </Button>
          <Button
            variant="primary"
            disabled={!canCreate}
            data-testid="manager-create"
            onClick={() => actor.send({ type: 'user.openCreate' })}
          >
            <Trans id="manager.create">Create an account</Trans>
          </Button>
        </div>
      </div>
      <p className="as-meta">
        <Trans id="manager.intro">
          Act for the accounts you manage: choose one in the header to publish and manage its publications. Everything you do there is
          logged, and its owner can read the log.
        </Trans>
      </p>
      {listError && (
        <p className="callout callout--danger" role="alert" data-testid="manager-error">
          {i18n._(listError)}
        </p>
      )}
      {children.length === 0 ? (
        <p className="managers-empty" data-testid="managers-empty">
          <Trans id="manager.empty">You do not manage any account yet.</Trans>
        </p>
      ) : (
        <ul className="managers-list card-list" aria-label={t({ id: 'manager.list', message: 'Your managed accounts' })}>
          {children.map((item) => (
            <ChildCard key={item.child.id} actor={actor} item={item} />
          ))}
        </ul>
      )}
      <AuditList entries={audit} mine={false} />
      <ChildDialog actor={actor} />
      <SentDialog actor={actor} />
      <DetachConfirm actor={actor} />
    </section>
  );
}

/** The mailed invitation (its owner signed in): who invites, then accept or decline. */
export function InvitationPanel({ actor }: { actor: InvitationActorRef }) {
  const { i18n } = useLingui();
  const state = useSelector(actor, (s) => s.value as string);
  const invitation = useSelector(actor, (s) => s.context.invitation);
  const error = useSelector(actor, (s) => s.context.error);
  const canAccept = useSelector(actor, (s) => s.can({ type: 'user.accept' }));
  const canDecline = useSelector(actor, (s) => s.can({ type: 'user.decline' }));
  const manager = invitation?.manager.name ?? '';
  if (state === 'declined') return null;
  return (
    <section
      className="account-card managers-invitation"
      aria-labelledby="managers-invitation-title"
      aria-busy={state === 'loading' || state === 'accepting'}
      data-testid="manager-invitation"
    >
      <h2 id="managers-invitation-title">
        <Trans id="manager.invitation.title">Invitation from a manager</Trans>
      </h2>
      {state === 'loading' && <span className="spinner" />}
      {state === 'invalid' && (
        <>
          <p className="callout callout--danger" role="alert">
            {error ? i18n._(error) : null}
          </p>
          <Button onClick={() => actor.send({ type: 'user.retry' })}>
            <Trans id="account.sections.retry">Try again</Trans>
          </Button>
        </>
      )}
      {(state === 'review' || state === 'accepting') && (
        <>
          <p>
            <Trans id="manager.invitation.text">
              {manager} invites you to have your account managed. A manager can publish and manage publications in your account; everything
              they do on your behalf is listed on this page.
            </Trans>
          </p>
          {error && (
            <p className="callout callout--danger" role="alert" data-testid="manager-invitation-error">
              {i18n._(error)}
            </p>
          )}
          <div className="account-actions">
            <Button disabled={!canDecline} onClick={() => actor.send({ type: 'user.decline' })}>
              <Trans id="manager.invitation.decline">Decline</Trans>
            </Button>
            <Button
              variant="primary"
              disabled={!canAccept}
              aria-busy={state === 'accepting'}
              data-testid="manager-invitation-accept"
              onClick={() => actor.send({ type: 'user.accept' })}
            >
              <Trans id="manager.invitation.accept">Accept</Trans>
            </Button>
          </div>
        </>
      )}
      {state === 'accepted' && (
        <p className="callout callout--success" role="status" data-testid="manager-invitation-accepted">
          <Trans id="manager.invitation.accepted">{manager} now manages your account.</Trans>
        </p>
      )}
    </section>
  );
}

/** The managed-accounts machine on the app's API: a manager's children and log, or the account's own log. */
function managerActors(app: AppActors, isManager: boolean) {
  return managerSectionMachine.provide({
    actors: {
      loadOverview: fromPromise(async ({ signal }) => {
        if (!isManager) {
          const own = await app.api.call('account/audit/', { method: 'GET', schema: AuditListSchema, signal, searchParams: { step: 50 } });
          return { children: [], audit: own.list };
        }
        const [children, audit] = await Promise.all([
          app.api.call('account/manager/association/', {
            method: 'GET',
            schema: AssociationListSchema,
            signal,
            searchParams: { step: ASSOCIATION_STEP },
          }),
          app.api.call('account/manager/audit/', { method: 'GET', schema: AuditListSchema, signal, searchParams: { step: 50 } }),
        ]);
        return { children: children.list, audit: audit.list };
      }),
      createChild: fromPromise(({ input, signal }) =>
        app.api.call('account/manager/child/create', {
          method: 'POST',
          json: input,
          schema: ManagerMailedSchema,
          signal,
          ignoreAlerts: true,
        }),
      ),
      inviteAccount: fromPromise(({ input, signal }) =>
        app.api.call('account/manager/invitation/create', {
          method: 'POST',
          json: input,
          schema: ManagerMailedSchema,
          signal,
          ignoreAlerts: true,
        }),
      ),
      detachChild: fromPromise(
        async ({ input, signal }) =>
          (
            await app.api.call('account/manager/child/detach', {
              method: 'POST',
              json: { id: input.id },
              schema: AssociationListSchema,
              signal,
              ignoreAlerts: true,
            })
          ).list,
      ),
    },
  });
}

function Invitation({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const app = useApp();
  const actor = useActorRef(
    invitationMachine.provide({
      actors: {
        loadInvitation: fromPromise(({ input, signal }) =>
          app.api.call('account/manager/invitation/get', {
            method: 'GET',
            schema: InvitationViewSchema,
            signal,
            searchParams: { token: input.token },
            ignoreAlerts: true,
          }),
        ),
        acceptInvitation: fromPromise(async ({ input, signal }) => {
          const done = await app.api.call('account/manager/invitation/accept', {
            method: 'POST',
            json: { token: input.token },
            schema: InvitationAcceptedSchema,
            signal,
            ignoreAlerts: true,
          });
          onAccepted();
          return done;
        }),
      },
    }),
    { input: { token } },
  );
  return <InvitationPanel actor={actor} />;
}

function Manager({ isManager, token }: { isManager: boolean; token: string | undefined }) {
  const app = useApp();
  const actor = useActorRef(managerActors(app, isManager));
  return (
    <div className="managers-stack">
      {token && <Invitation token={token} onAccepted={() => actor.send({ type: 'user.retry' })} />}
      <ManagerSectionView actor={actor} isManager={isManager} />
    </div>
  );
}

/** /account/manager (issue 20): the managed accounts of a manager; for anyone else, the mailed invitation and its own log. */
export default function ManagerSection({ params }: SectionProps) {
  const { auth } = useApp();
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  if (!user) return null;
  return <Manager isManager={isManagerAccount(user.account)} token={params[INVITATION_FRAGMENT]} />;
}
