import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Button } from '../../ui';
import { type BookSettingsActor, CheckField } from './common';

/**
 * The private-options block (SPEC §2: shown for publishing_mode 2): the private link on or off and, once
 * saved on, the link to copy (url.private of the book).
 */
export function PrivateOptions({ actor }: { actor: BookSettingsActor }) {
  const { t } = useLingui();
  const linkId = useId();
  const on = useSelector(actor, (s) => s.context.values.private_url === 1);
  const link = useSelector(actor, (s) => (s.context.saved.private_url === 1 ? s.context.book?.url.private : undefined));
  const [copied, setCopied] = useState<boolean | null>(null);
  const absolute = link ? new URL(link, globalThis.location?.href ?? 'http://localhost/').href : '';
  const copy = () =>
    navigator.clipboard.writeText(absolute).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="settings-private" data-testid="private-options">
      <CheckField actor={actor} field="private_url" />
      {on && link && (
        <div className="field">
          <label className="field__label" htmlFor={linkId}>
            <Trans id="book.settings.privateLink">Link for your readers</Trans>
          </label>
          <div className="settings-copy">
            <input id={linkId} className="field__input" readOnly value={absolute} onFocus={(e) => e.target.select()} />
            <Button size="sm" onClick={copy}>
              <Trans id="book.settings.copy">Copy</Trans>
            </Button>
          </div>
          <span className="field__hint" aria-live="polite">
            {copied === true && t({ id: 'book.settings.copied', message: 'Copied.' })}
            {copied === false &&
              t({ id: 'share.copy.msg.error', message: 'The link could not be copied. Select it above and copy it yourself.' })}
          </span>
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
