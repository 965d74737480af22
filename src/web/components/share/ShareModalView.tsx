import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { CopyActorRef } from '../../../../machines/share/copy.machine';
import type { ShareActorRef } from '../../../../machines/share.machine';
import { SHARE_SERVICES, type ShareService } from '../../../contracts/share';
import { Button, Modal } from '../ui';
import './share.css';

/** Service names are brands: not translated. */
const SERVICE_NAMES: Record<Exclude<ShareService, 'mail'>, string> = {
  facebook: 'Facebook',
  x: 'X',
  tumblr: 'Tumblr',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
};

/** 20 px marks of each service (simple shapes, no third-party assets). */
const ICONS: Record<ShareService, string> = {
  facebook: 'M13 21v-8h3l.5-3.5H13V7.8c0-1 .3-1.7 1.8-1.7h1.8V3a24 24 0 0 0-2.7-.1C11.3 2.9 9.5 4.5 9.5 7.4v2.1H6.5V13h3v8z',
  x: 'M4 4l6.7 8.9L4.3 20h1.5l5.6-6.2 4.6 6.2H20l-7-9.4L19 4h-1.5l-5.2 5.7L8 4z',
  tumblr: 'M14.6 21c-2.9 0-5-1.5-5-5v-5.6H7V7.3c2.9-.8 4.1-3.3 4.3-5.3h3v4.8h3.5v3.6h-3.5v4.9c0 1.5.8 2 2 2h1.7V21z',
  pinterest:
    'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.2-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.4 1.8-2.4.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.1-1.9 3.1-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.1c0 .2-.2.2-.4.1-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2z',
  linkedin:
    'M5 3.5A1.8 1.8 0 1 1 5 7a1.8 1.8 0 0 1 0-3.5zM3.5 9h3v11.5h-3zM9 9h2.9v1.6c.4-.8 1.4-1.8 3.1-1.8 3.2 0 3.8 2.1 3.8 4.9v6.8h-3v-6c0-1.4 0-3.3-2-3.3s-2.3 1.6-2.3 3.2v6.1H9z',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
};

/** The share modal's markup for one actor of the share machine (stories render it from any state). */
export function ShareModalView({ actor }: { actor: ShareActorRef }) {
  const { t } = useLingui();
  const snap = useSelector(actor, (s) => s);
  const { target } = snap.context;
  const name = target.name;
  const service = snap.context.lastService ?? '';
  const close = () => actor.send({ type: 'user.close' });
  const title =
    target.kind === 'book' ? (
      <Trans id="share.title.book">Share “{name}”</Trans>
    ) : (
      <Trans id="share.title.account">Share {name}’s page</Trans>
    );
  const copy = snap.children.copy as CopyActorRef | undefined;
  const serviceFailed = snap.matches({ open: 'failed' });

  return (
    <Modal open={snap.status === 'active'} title={title} onEscape={close} onBackdrop={close} onClose={close}>
      {snap.matches('loading') && (
        <p className="share__note" aria-busy="true">
          <Trans id="share.loading">Loading…</Trans>
        </p>
      )}
      {snap.matches('off') && (
        <p className="share__note" role="status" data-testid="share-off">
          <Trans id="share.off">Sharing is turned off for this publication. Its owner can turn it on in its sharing settings.</Trans>
        </p>
      )}
      {snap.matches('open') && (
        <div className="share">
          <ul className="share__services" aria-label={t({ id: 'share.services', message: 'Share on' })}>
            {SHARE_SERVICES.map((service) => (
              <li key={service}>
                <button
                  type="button"
                  className={`share__service share__service--${service}`}
                  data-service={service}
                  disabled={!snap.can({ type: 'user.share', service })}
                  onClick={() => actor.send({ type: 'user.share', service })}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d={ICONS[service]} />
                  </svg>
                  <span>{service === 'mail' ? t({ id: 'share.service.mail', message: 'E-mail' }) : SERVICE_NAMES[service]}</span>
                </button>
              </li>
            ))}
          </ul>
          {serviceFailed && (
            <p className="share__error" role="alert">
              <Trans id="share.error">This service cannot be used for sharing ({service}).</Trans>{' '}
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'user.dismissError' })}>
                <Trans id="share.dismiss">OK</Trans>
              </Button>
            </p>
          )}
          {copy && <ShareCopy actor={actor} copy={copy} url={target.url} />}
        </div>
      )}
    </Modal>
  );
}

/**
 * The link and its Copy button: the share machine's `copy` child (machines/share/copy.machine.ts) —
 * copying, "Copied!" for a second, or the link could not be copied. The click goes to the share
 * machine, which has its child copy the target's URL.
 */
function ShareCopy({ actor, copy, url }: { actor: ShareActorRef; copy: CopyActorRef; url: string }) {
  const state = useSelector(copy, (s) => s.value);
  const canCopy = useSelector(copy, (s) => s.can({ type: 'user.copy', text: url }));
  return (
    <div className="share__copy">
      <label className="field__label" htmlFor="share-link">
        <Trans id="share.link">Link</Trans>
      </label>
      <div className="share__copy-row">
        <input
          id="share-link"
          className="field__input share__url"
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          variant={state === 'copied' ? 'primary' : 'default'}
          disabled={!canCopy}
          onClick={() => actor.send({ type: 'user.copy' })}
          data-state={state}
        >
          {state === 'copied' ? <Trans id="share.copy.msg.success">Copied!</Trans> : <Trans id="share.copy">Copy link</Trans>}
        </Button>
      </div>
      <p className="share__status" aria-live="polite">
        {state === 'copied' && <Trans id="share.copy.msg.success.long">The link is in your clipboard.</Trans>}
      </p>
      {state === 'failed' && (
        <p className="share__error" role="alert">
          <Trans id="share.copy.msg.error">The link could not be copied. Select it above and copy it yourself.</Trans>
        </p>
      )}
    </div>
  );
}
