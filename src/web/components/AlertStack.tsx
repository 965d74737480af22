import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AlertActorRef } from '../../../machines/alert.machine';
import type { AlertsActorRef } from '../../../machines/alerts.machine';

const ICONS = { info: 'i', success: '✓', warning: '!', danger: '✕' } as const;

export function AlertView({ actor }: { actor: AlertActorRef }) {
  const { i18n, t } = useLingui();
  const state = useSelector(actor, (s) => s.value);
  const { type, message, requestId, closable } = useSelector(actor, (s) => s.context);
  const canClose = useSelector(actor, (s) => s.can({ type: 'user.close' }));
  return (
    <div className={`alert alert--${type}`} data-state={state} role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}>
      <span className="alert__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <div className="alert__text">
        {i18n._(message.id, message.values)}
        {requestId && <span className="alert__id">{t({ id: 'alerts.requestId', message: `Request id: ${requestId}` })}</span>}
      </div>
      {closable && (
        <button
          type="button"
          className="alert__close"
          disabled={!canClose}
          onClick={() => actor.send({ type: 'user.close' })}
          aria-label={t({ id: 'commons.close', message: 'Close' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

/** The alerts of the queue; each alert renders its own machine. */
export function AlertList({ actor }: { actor: AlertsActorRef }) {
  const alerts = useSelector(actor, (s) => s.context.alerts);
  return alerts.map((a) => <AlertView key={a.key} actor={a.ref} />);
}

/** Renders the alert queue (the app renders it through ./AlertRegion.tsx, which loads this module on demand). */
export function AlertStack({ actor }: { actor: AlertsActorRef }) {
  return (
    <div className="alerts" aria-live="polite">
      <AlertList actor={actor} />
    </div>
  );
}
