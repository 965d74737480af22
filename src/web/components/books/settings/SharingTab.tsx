import { useLingui } from '@lingui/react/macro';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { COMMENT_MODES } from '../../../../contracts/books';
import { Select } from '../../ui';
import { CheckField, useField } from './common';
import { COMMENT_LABELS, tr } from './labels';

/** Sharing: download and print (checked = 2), share buttons, comments (4 accept, 1 moderate, 0 refuse), subscribe. */
export function SharingTab({ actor }: { actor: BookSettingsActorRef }) {
  const { i18n } = useLingui();
  const comments = useField(actor, 'comment_mode');
  return (
    <div className="settings-grid">
      <CheckField actor={actor} field="download_mode" on={2} />
      <CheckField actor={actor} field="print_mode" on={2} />
      <CheckField actor={actor} field="share_mode" />
      <CheckField actor={actor} field="subscribe_mode" />
      <Select
        label={comments.label}
        value={String(comments.value)}
        onChange={(e) => comments.set(Number(e.target.value))}
        options={[...COMMENT_MODES].reverse().map((m) => ({ value: String(m), label: tr(i18n, COMMENT_LABELS[m], String(m)) }))}
      />
    </div>
  );
}
