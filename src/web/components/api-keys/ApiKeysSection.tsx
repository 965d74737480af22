import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { type ApiKeysActorRef, apiKeysMachine, expiryBounds } from '../../../../machines/account-sections/api-keys.machine';
import { type CopyActorRef, copyMachine } from '../../../../machines/share/copy.machine';
import {
  API_EXPIRES_HEADER,
  API_KEY_HEADER,
  API_KEY_NAME_MAX,
  API_KEY_RIGHTS,
  API_SIGNATURE_HEADER,
  type ApiKey,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  type ApiKeyRight,
} from '../../../contracts/api-keys';
import { API_V1_PREFIX } from '../../../contracts/api-v1';
import { useApp, useClientConfig } from '../../app/context';
import { fieldError } from '../../i18n/field-error';
import type { SectionProps } from '../../pages/routes';
import { clipboardText } from '../../share/clipboard';
import { FailedCard, formatDate, LoadingCard } from '../account-sections/shared';
import { Button, Field, Modal } from '../ui';
import './api-keys.css';

/** Validation messages of the page's own (the create contract and the expiry window name them). */
export const API_KEY_FIELD_MESSAGES = {
  'apikey.rights.required': msg({ id: 'apikey.rights.required', message: 'Choose at least one right.' }),
  'apikey.expiry.past': msg({ id: 'apikey.expiry.past', message: '{0} must be tomorrow or later.' }),
  'apikey.expiry.far': msg({ id: 'apikey.expiry.far', message: '{0} must be at most three years ahead.' }),
} as const;

/** Each right's name and what it lets a program do (the create dialog, the list's chips). */
const RIGHTS: Record<ApiKeyRight, { label: MessageDescriptor; help: MessageDescriptor }> = {
  read: {
    label: msg({ id: 'apikey.right.read', message: 'Read' }),
    help: msg({ id: 'apikey.right.read.help', message: 'See the account, folders, publications, their comments and contents.' }),
  },
  publish: {
    label: msg({ id: 'apikey.right.publish', message: 'Publish' }),
    help: msg({ id: 'apikey.right.publish.help', message: 'Publish new documents, uploaded or fetched from an address.' }),
  },
  edit: {
    label: msg({ id: 'apikey.right.edit', message: 'Edit' }),
    help: msg({
      id: 'apikey.right.edit.help',
      message: 'Change publications, folders and webhooks: settings, activation, the private link.',
    }),
  },
  delete: {
    label: msg({ id: 'apikey.right.delete', message: 'Delete' }),
    help: msg({ id: 'apikey.right.delete.help', message: 'Delete publications and folders.' }),
  },
  statistics: {
    label: msg({ id: 'apikey.right.statistics', message: 'Statistics' }),
    help: msg({ id: 'apikey.right.statistics.help', message: 'Read the reading statistics of the account and its publications.' }),
  },
  subscribers: {
    label: msg({ id: 'apikey.right.subscribers', message: 'Subscribers' }),
    help: msg({ id: 'apikey.right.subscribers.help', message: 'Read the list of your subscribers.' }),
  },
};

export type KeyStatus = 'active' | 'expired' | 'revoked';
/** A key's status at `now`. */
export const keyStatus = (key: ApiKey, now: number): KeyStatus =>
  key.revoked_at !== null ? 'revoked' : key.expires_at !== null && key.expires_at <= now ? 'expired' : 'active';

/** The API's base URL from the client configuration (`api` host), absolute: a relative one is read against the page. */
export function apiBaseUrl(api: string, page: string | undefined): string {
  const base = /^https?:\/\//i.test(api) ? api : new URL(api || '/api', page ?? 'http://localhost/').href;
  return base.replace(/\/+$/, '');
}

/** The copy machine with the browser's clipboard. */
const clipboardCopy = copyMachine.provide({ actors: { copyText: clipboardText } });

/** A value in monospace with its Copy button and the copy machine's outcome (copied / select it yourself). */
export function CopyValue({
  value,
  label,
  testId,
  showLabel,
  multiline,
  copy,
}: {
  value: string;
  label: string;
  testId: string;
  /** The label above the value (else read by screen readers only). */
  showLabel?: boolean;
  /** Wraps onto more lines instead of scrolling (the secret, read in full on a phone). */
  multiline?: boolean;
  /** A given copy actor (stories); else one of its own with the browser's clipboard. */
  copy?: CopyActorRef;
}) {
  const own = useActorRef(clipboardCopy);
  const actor = copy ?? own;
  const { t } = useLingui();
  const id = useId();
  const state = useSelector(actor, (s) => s.value);
  return (
    <div className="apikeys-copy">
      <label className={showLabel ? 'field__label apikeys-copy__label' : 'visually-hidden'} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          className="field__input apikeys-mono apikeys-copy__multiline"
          readOnly
          rows={2}
          value={value}
          data-testid={testId}
          spellCheck={false}
          onFocus={(e) => e.target.select()}
        />
      ) : (
        <input
          id={id}
          className="field__input apikeys-mono"
          readOnly
          value={value}
          data-testid={testId}
          spellCheck={false}
          onFocus={(e) => e.target.select()}
        />
      )}
      <Button size="sm" aria-busy={state === 'copying'} onClick={() => actor.send({ type: 'user.copy', text: value })}>
        <Trans id="apikey.copy">Copy</Trans>
        <span className="visually-hidden"> {label}</span>
      </Button>
      <span className="field__hint apikeys-copy__note" aria-live="polite">
        {state === 'copied' && t({ id: 'apikey.copied', message: 'Copied.' })}
        {state === 'failed' && t({ id: 'apikey.copy.failed', message: 'It could not be copied. Select it and copy it yourself.' })}
      </span>
    </div>
  );
}

function RightChips({ rights }: { rights: readonly ApiKeyRight[] }) {
  const { i18n, t } = useLingui();
  return (
    <ul className="apikeys-chips" aria-label={t({ id: 'apikey.rights', message: 'Rights' })}>
      {rights.map((r) => (
        <li key={r} className="apikeys-chip" title={i18n._(RIGHTS[r].help)}>
          {i18n._(RIGHTS[r].label)}
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ status }: { status: KeyStatus }) {
  return (
    <span className={`apikeys-status apikeys-status--${status}`} data-testid="apikey-status">
      {status === 'active' ? (
        <Trans id="apikey.status.active">Active</Trans>
      ) : status === 'expired' ? (
        <Trans id="apikey.status.expired">Expired</Trans>
      ) : (
        <Trans id="apikey.status.revoked">Revoked</Trans>
      )}
    </span>
  );
}

/** One key: its name and status, public key, rights, dates and the revoke button. */
function KeyCard({ actor, item, now }: { actor: ApiKeysActorRef; item: ApiKey; now: number }) {
  const { i18n, t } = useLingui();
  const status = keyStatus(item, now);
  const canRevoke = useSelector(actor, (s) => s.can({ type: 'user.revoke', id: item.id }));
  const titleId = useId();
  const date = (ms: number) => formatDate(ms, i18n.locale);
  return (
    <li className={`apikeys-item card apikeys-item--${status}`} data-testid="apikey" aria-labelledby={titleId}>
      <div className="apikeys-item__head">
        <h3 className="apikeys-item__name" id={titleId}>
          {item.name}
        </h3>
        <StatusBadge status={status} />
      </div>
      <RightChips rights={item.rights} />
      <CopyValue value={item.public_key} label={t({ id: 'apikey.publicKey', message: 'Public key' })} testId="apikey-public" />
      <dl className="apikeys-dates">
        <div>
          <dt>
            <Trans id="apikey.created">Created</Trans>
          </dt>
          <dd>{date(item.created_at)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="apikey.lastUsed">Last used</Trans>
          </dt>
          <dd data-testid="apikey-last-used">
            {item.last_used_at === null ? <Trans id="apikey.lastUsed.never">Never</Trans> : date(item.last_used_at)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans id="apikey.expires">Expires</Trans>
          </dt>
          <dd>{item.expires_at === null ? <Trans id="apikey.expires.never">Never</Trans> : date(item.expires_at)}</dd>
        </div>
        {item.revoked_at !== null && (
          <div>
            <dt>
              <Trans id="apikey.revokedOn">Revoked</Trans>
            </dt>
            <dd>{date(item.revoked_at)}</dd>
          </div>
        )}
      </dl>
      {status !== 'revoked' && (
        <div className="apikeys-item__actions">
          <Button
            size="sm"
            variant="danger"
            disabled={!canRevoke}
            data-testid="apikey-revoke"
            onClick={() => actor.send({ type: 'user.revoke', id: item.id })}
          >
            <Trans id="apikey.revoke">Revoke</Trans>
            <span className="visually-hidden"> {item.name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** The create dialog: name, rights (each with what it allows), optional expiry; validated by the machine. */
function CreateDialog({ actor }: { actor: ApiKeysActorRef }) {
  const { i18n, t } = useLingui();
  const formId = useId();
  const open = useSelector(actor, (s) => s.matches({ ready: 'dialog' }));
  const saving = useSelector(actor, (s) => s.matches({ ready: { dialog: 'saving' } }));
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.draftErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const today = useSelector(actor, (s) => s.context.today);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'user.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancel' }));
  const { min, max } = expiryBounds(today);
  const cancel = () => {
    if (canCancel) actor.send({ type: 'user.cancel' });
  };
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit' });
    // Refused by the checks: the first field that says why takes the focus (the dialog may have scrolled past it).
    if (actor.getSnapshot().matches({ ready: { dialog: 'editing' } }) && actor.getSnapshot().context.draftErrors)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const nameLabel = t({ id: 'apikey.name', message: 'Name' });
  const expiryLabel = t({ id: 'apikey.expiry', message: 'Expiry date' });
  const rightsError = errors?.rights ? i18n._(errors.rights) : undefined;
  return (
    <Modal
      open={open}
      title={<Trans id="apikey.create.title">Create an API key</Trans>}
      onEscape={cancel}
      onClose={cancel}
      footer={
        <>
          <Button onClick={cancel} disabled={!canCancel}>
            <Trans id="apikey.create.cancel">Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} variant="primary" disabled={!canSubmit} aria-busy={saving} data-testid="apikey-create-submit">
            {saving ? <Trans id="apikey.create.saving">Creating…</Trans> : <Trans id="apikey.create.submit">Create the key</Trans>}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} className="apikeys-form" onSubmit={submit} noValidate aria-busy={saving}>
        {error && (
          <p className="callout callout--danger" role="alert" data-testid="apikey-create-error">
            {i18n._(error)}
          </p>
        )}
        <Field
          label={nameLabel}
          hint={<Trans id="apikey.name.hint">Say where the key is used, e.g. “Build server”.</Trans>}
          value={draft.name}
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          // The dialog opens to name the key.
          autoFocus
          readOnly={saving}
          data-testid="apikey-name"
          error={fieldError(i18n, errors?.name ?? undefined, nameLabel, [API_KEY_NAME_MAX])}
          onChange={(e) => actor.send({ type: 'user.name', value: e.target.value })}
        />
        <fieldset className="apikeys-rights" aria-describedby={rightsError ? `${formId}-rights-error` : undefined}>
          <legend className="field__label">
            <Trans id="apikey.rights">Rights</Trans>
          </legend>
          {API_KEY_RIGHTS.map((right) => (
            <label key={right} className="apikeys-right">
              <input
                type="checkbox"
                checked={draft.rights.includes(right)}
                disabled={saving}
                aria-invalid={rightsError ? true : undefined}
                data-testid={`apikey-right-${right}`}
                aria-describedby={`${formId}-${right}-help`}
                onChange={(e) => actor.send({ type: 'user.right', right, on: e.target.checked })}
              />
              <span>
                <strong>{i18n._(RIGHTS[right].label)}</strong>
                <span className="apikeys-right__help" id={`${formId}-${right}-help`}>
                  {i18n._(RIGHTS[right].help)}
                </span>
              </span>
            </label>
          ))}
          {rightsError && (
            <span className="field__error" id={`${formId}-rights-error`} role="alert">
              {rightsError}
            </span>
          )}
        </fieldset>
        <Field
          label={expiryLabel}
          type="date"
          min={min}
          max={max}
          value={draft.expiry}
          readOnly={saving}
          data-testid="apikey-expiry"
          hint={<Trans id="apikey.expiry.hint">Optional: leave it empty for a key that does not expire.</Trans>}
          error={fieldError(i18n, errors?.expiry ?? undefined, expiryLabel)}
          onChange={(e) => actor.send({ type: 'user.expiry', value: e.target.value })}
        />
      </form>
    </Modal>
  );
}

/** The new key's public key and secret, shown this once; closing asks "I have stored the secret". */
function CreatedDialog({ actor }: { actor: ApiKeysActorRef }) {
  const { t } = useLingui();
  const created = useSelector(actor, (s) => (s.matches({ ready: 'created' }) ? s.context.created : null));
  const stored = useSelector(actor, (s) => s.context.stored);
  const canClose = useSelector(actor, (s) => s.can({ type: 'user.close' }));
  const warningId = useId();
  const name = created?.key.name ?? '';
  const close = () => actor.send({ type: 'user.close' });
  return (
    <Modal
      open={created !== null}
      title={<Trans id="apikey.created.title">Your new API key</Trans>}
      // Escape closes only once the secret is stored (the machine's guard).
      onEscape={close}
      onClose={canClose ? close : undefined}
      footer={
        <Button variant="primary" disabled={!canClose} onClick={close} data-testid="apikey-created-close">
          <Trans id="apikey.created.close">Done</Trans>
        </Button>
      }
    >
      {created && (
        <div className="apikeys-created" data-testid="apikey-created">
          <p className="callout callout--warning" id={warningId}>
            <span className="callout__text">
              <strong>
                <Trans id="apikey.created.warning">Copy the secret now: it will not be shown again.</Trans>
              </strong>{' '}
              <Trans id="apikey.created.warning.more">
                Quire keeps only a fingerprint of it. If you lose it, revoke this key and create another.
              </Trans>
            </span>
          </p>
          <p>
            <Trans id="apikey.created.name">Key “{name}”, with the rights:</Trans>
          </p>
          <RightChips rights={created.key.rights} />
          <CopyValue
            value={created.key.public_key}
            label={t({ id: 'apikey.publicKey', message: 'Public key' })}
            testId="apikey-created-public"
            showLabel
          />
          <CopyValue
            value={created.secret}
            label={t({ id: 'apikey.secret', message: 'Secret' })}
            testId="apikey-created-secret"
            showLabel
          />
          <label className="apikeys-stored">
            <input
              type="checkbox"
              checked={stored}
              aria-describedby={warningId}
              data-testid="apikey-stored"
              onChange={(e) => actor.send({ type: 'user.stored', on: e.target.checked })}
            />
            <Trans id="apikey.created.stored">I have stored the secret</Trans>
          </label>
        </div>
      )}
    </Modal>
  );
}

/** "Revoke the key …?": programs using it stop at once. */
function RevokeConfirm({ actor }: { actor: ApiKeysActorRef }) {
  const key = useSelector(actor, (s) =>
    s.matches({ ready: 'confirmRevoke' }) || s.matches({ ready: 'revoking' }) ? s.context.revoking : null,
  );
  const busy = useSelector(actor, (s) => s.matches({ ready: 'revoking' }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'user.confirmRevoke' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'user.cancelRevoke' }));
  const cancel = () => {
    if (canCancel) actor.send({ type: 'user.cancelRevoke' });
  };
  const name = key?.name ?? '';
  return (
    <Modal
      open={key !== null}
      title={<Trans id="apikey.revoke.title">Revoke the key “{name}”?</Trans>}
      onEscape={cancel}
      onBackdrop={cancel}
      onClose={canCancel ? cancel : undefined}
      footer={
        <>
          <Button onClick={cancel} disabled={!canCancel}>
            <Trans id="apikey.revoke.cancel">Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            disabled={!canConfirm}
            aria-busy={busy}
            data-testid="apikey-revoke-confirm"
            onClick={() => actor.send({ type: 'user.confirmRevoke' })}
          >
            {busy ? <Trans id="apikey.revoke.busy">Revoking…</Trans> : <Trans id="apikey.revoke.confirm">Revoke the key</Trans>}
          </Button>
        </>
      }
    >
      <p>
        <Trans id="apikey.revoke.text">Programs using this key stop working at once. This cannot be undone.</Trans>
      </p>
    </Modal>
  );
}

/** How to call the API with a key: the two ways to authenticate, a curl example, the reference. */
function HowTo({ apiBase }: { apiBase: string }) {
  const v1 = `${apiBase}${API_V1_PREFIX}`;
  const example = `curl -H "Authorization: Bearer $QUIRE_API_SECRET" \\\n  "${v1}/publications"`;
  const keyHeader = API_KEY_HEADER;
  const expiresHeader = API_EXPIRES_HEADER;
  const signatureHeader = API_SIGNATURE_HEADER;
  return (
    <section className="apikeys-howto" aria-labelledby="apikeys-howto-title">
      <h3 id="apikeys-howto-title">
        <Trans id="apikey.howto.title">How to use the API</Trans>
      </h3>
      <p>
        <Trans id="apikey.howto.intro">Authenticate each call in one of two ways:</Trans>
      </p>
      <ol className="apikeys-howto__ways">
        <li>
          <Trans id="apikey.howto.signed">
            <strong>Signed requests</strong> (recommended): send your public key in <code>{keyHeader}</code>, an expiry (Unix time, at most
            an hour ahead) in <code>{expiresHeader}</code> and the HMAC-SHA256 signature of the request in <code>{signatureHeader}</code>.
            The secret itself never travels.
          </Trans>
        </li>
        <li>
          <Trans id="apikey.howto.bearer">
            <strong>The secret as a bearer token</strong>, over HTTPS only: <code>Authorization: Bearer qs_…</code>
          </Trans>
        </li>
      </ol>
      <p className="field__label">
        <Trans id="apikey.howto.example">Example: list your publications</Trans>
      </p>
      <pre className="apikeys-code" data-testid="apikey-curl">
        <code>{example}</code>
      </pre>
      <p>
        <a href={`${v1}/docs`} data-testid="apikey-docs">
          <Trans id="apikey.howto.docs">Read the API reference</Trans>
        </a>
      </p>
    </section>
  );
}

/** /account/apikey drawn from the API keys machine (every state is the machine's). */
export function ApiKeysView({ actor, apiBase, now }: { actor: ApiKeysActorRef; apiBase: string; now: number }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const items = useSelector(actor, (s) => s.context.items);
  const listError = useSelector(actor, (s) => (s.matches({ ready: 'list' }) ? s.context.error : null));
  const loadError = useSelector(actor, (s) => s.context.error);
  const canCreate = useSelector(actor, (s) => s.can({ type: 'user.openCreate' }));
  const title = <Trans id="menu.account.apikey">API keys</Trans>;
  if (state === 'loading') return <LoadingCard title={title} className="apikeys" />;
  if (state === 'failed')
    return <FailedCard title={title} className="apikeys" error={loadError} onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <section className="account-card apikeys" aria-labelledby="apikeys-title">
      <div className="apikeys-head">
        <h2 id="apikeys-title">{title}</h2>
        <Button variant="primary" disabled={!canCreate} data-testid="apikey-create" onClick={() => actor.send({ type: 'user.openCreate' })}>
          <Trans id="apikey.create">Create a key</Trans>
        </Button>
      </div>
      <p className="as-meta">
        <Trans id="apikey.intro">
          Programs use API keys to publish and manage your publications for you. Give each program its own key with only the rights it
          needs, and revoke a key as soon as it is no longer used.
        </Trans>
      </p>
      {listError && (
        <p className="callout callout--danger" role="alert" data-testid="apikey-error">
          {i18n._(listError)}
        </p>
      )}
      {items.length === 0 ? (
        <p className="apikeys-empty" data-testid="apikeys-empty">
          <Trans id="apikey.empty">You have no API keys yet.</Trans>
        </p>
      ) : (
        <ul className="apikeys-list card-list" aria-label={t({ id: 'apikey.list', message: 'Your API keys' })}>
          {items.map((item) => (
            <KeyCard key={item.id} actor={actor} item={item} now={now} />
          ))}
        </ul>
      )}
      <HowTo apiBase={apiBase} />
      <CreateDialog actor={actor} />
      <CreatedDialog actor={actor} />
      <RevokeConfirm actor={actor} />
    </section>
  );
}

/** The person's day (`YYYY-MM-DD`, local time). */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export default function ApiKeysSection(_: SectionProps) {
  const { api } = useApp();
  const config = useClientConfig();
  const now = useMemo(() => Date.now(), []);
  // useActorRef keeps the first logic it is given: later renders' providers are ignored.
  const actor = useActorRef(
    apiKeysMachine.provide({
      actors: {
        loadKeys: fromPromise(
          async ({ signal }) => (await api.call('account/apikey/', { method: 'GET', schema: ApiKeyListSchema, signal })).items,
        ),
        createKey: fromPromise(({ input, signal }) =>
          api.call('account/apikey/create', { method: 'POST', json: input, schema: ApiKeyCreatedSchema, signal, ignoreAlerts: true }),
        ),
        revokeKey: fromPromise(
          async ({ input, signal }) =>
            (
              await api.call('account/apikey/delete', {
                method: 'POST',
                json: { id: input.id },
                schema: ApiKeyListSchema,
                signal,
                ignoreAlerts: true,
              })
            ).items,
        ),
      },
    }),
    { input: { today: localDay(new Date(now)) } },
  );
  return <ApiKeysView actor={actor} apiBase={apiBaseUrl(config.api, globalThis.location?.href)} now={now} />;
}
