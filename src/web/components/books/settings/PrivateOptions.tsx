import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { shownPrivateLink } from '../../../../../machines/book-settings/form';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { type CopyActorRef, copyMachine } from '../../../../../machines/share/copy.machine';
import { clipboardText } from '../../../share/clipboard';
import { Button } from '../../ui';
import { CheckField } from './common';

/**
 * Renewing the private link (issue 12): a button, its confirmation, the request and its outcome, each a
 * state of the book settings machine.
 */
function RenewLink({ actor }: { actor: BookSettingsActorRef }) {
  const questionId = useId();
  const confirming = useSelector(actor, (s) => s.matches({ editing: 'confirmingRenew' }));
  const renewing = useSelector(actor, (s) => s.matches('renewing'));
  const renewed = useSelector(actor, (s) => s.matches({ editing: { idle: 'renewed' } }));
  const failed = useSelector(actor, (s) => s.matches({ editing: { idle: 'renewFailed' } }));
  const canRenew = useSelector(actor, (s) => s.can({ type: 'user.renewLink' }));
  if (confirming) {
    return (
      <fieldset className="settings-renew settings-renew--confirm" aria-describedby={questionId}>
        <p className="settings-note" id={questionId}>
          <Trans id="book.settings.renew.question">
            Make a new private link? The current link, and every page address it gave, stops working at once: readers who have it lose
            access. Only people you send the new link to can read the publication.
          </Trans>
        </p>
        <div className="settings-renew__actions">
          <Button size="sm" variant="danger" onClick={() => actor.send({ type: 'user.confirmRenew' })}>
            <Trans id="book.settings.renew.confirm">Renew the link</Trans>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.cancelRenew' })}>
            <Trans id="book.settings.renew.cancel">Keep the current link</Trans>
          </Button>
        </div>
      </fieldset>
    );
  }
  return (
    <div className="settings-renew">
      <Button
        size="sm"
        disabled={!canRenew}
        aria-busy={renewing}
        data-testid="renew-private-link"
        onClick={() => actor.send({ type: 'user.renewLink' })}
      >
        {renewing ? (
          <Trans id="book.settings.renew.busy">Renewing the link…</Trans>
        ) : (
          <Trans id="book.settings.renew.button">Renew private link</Trans>
        )}
      </Button>
      <span className="settings-note" aria-live="polite">
        {renewed && <Trans id="book.settings.renew.done">New link made: the previous one no longer opens the publication.</Trans>}
        {failed && <Trans id="book.settings.renew.failed">The link was not renewed: the current link still works.</Trans>}
      </span>
    </div>
  );
}

/** The copy machine with the browser's clipboard. */
const clipboardCopy = copyMachine.provide({ actors: { copyText: clipboardText } });

/**
 * The private link and its Copy button: the copy machine's states (machines/share/copy.machine.ts) —
 * "Copied." for a second, or the link could not be copied.
 */
export function PrivateLinkCopy({ copy, link }: { copy: CopyActorRef; link: string }) {
  const { t } = useLingui();
  const linkId = useId();
  const state = useSelector(copy, (s) => s.value);
  return (
    <>
      <label className="field__label" htmlFor={linkId}>
        <Trans id="book.settings.privateLink">Link for your readers</Trans>
      </label>
      <div className="settings-copy">
        <input id={linkId} className="field__input" readOnly value={link} onFocus={(e) => e.target.select()} />
        <Button size="sm" aria-busy={state === 'copying'} onClick={() => copy.send({ type: 'user.copy', text: link })}>
          <Trans id="book.settings.copy">Copy</Trans>
        </Button>
      </div>
      <span className="field__hint" aria-live="polite">
        {state === 'copied' && t({ id: 'book.settings.copied', message: 'Copied.' })}
        {state === 'failed' &&
          t({ id: 'share.copy.msg.error', message: 'The link could not be copied. Select it above and copy it yourself.' })}
      </span>
    </>
  );
}

/**
 * The private-options block (SPEC §2: shown for publishing_mode 2): the private link on or off and, once
 * saved on, the link to copy (url.private of the book) and its renewal.
 */
export function PrivateOptions({ actor }: { actor: BookSettingsActorRef }) {
  const on = useSelector(actor, (s) => s.context.values.private_url === 1);
  const link = useSelector(actor, (s) => shownPrivateLink(s.context.values, s.context.saved, s.context.book));
  const copy = useActorRef(clipboardCopy);
  const absolute = link ? new URL(link, globalThis.location?.href ?? 'http://localhost/').href : '';
  return (
    <div className="settings-private" data-testid="private-options">
      <CheckField actor={actor} field="private_url" />
      {on && link && (
        <div className="field">
          <PrivateLinkCopy copy={copy} link={absolute} />
          <RenewLink actor={actor} />
        </div>
      )}
      {on && !link && (
        <p className="settings-note">
          <Trans id="book.settings.privateLinkAfterSave">The link to share appears here once saved.</Trans>
        </p>
      )}
    </div>
  );
}
