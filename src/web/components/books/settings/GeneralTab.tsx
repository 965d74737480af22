import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { DOCUMENT_VIEWS, LICENSE_MODES } from '../../../../contracts/books';
import { Link } from '../../../routing/link';
import { Field, Select } from '../../ui';
import { CheckField, useField } from './common';
import { LICENSE_LABELS, READ_MODE_LABELS, tr, VIEW_LABELS } from './labels';
import { PrivateOptions } from './PrivateOptions';
import { Scheduling } from './Scheduling';

/** General: title and description (one book), view, direction, license, explicit, folder, visibility, publication. */
export function GeneralTab({ actor }: { actor: BookSettingsActorRef }) {
  const { t, i18n } = useLingui();
  const bulk = useSelector(actor, (s) => s.context.ids.length > 1);
  const folders = useSelector(actor, (s) => s.context.folders);
  const name = useField(actor, 'name');
  const description = useField(actor, 'description');
  const view = useField(actor, 'document.view');
  const readMode = useField(actor, 'read_mode');
  const license = useField(actor, 'license_mode');
  const folder = useField(actor, 'subscription.id');
  const mode = useField(actor, 'publishing_mode');
  const descriptionId = useId();
  const modeName = useId();
  return (
    <div className="settings-grid">
      {bulk ? (
        <p className="settings-note settings-grid__wide">
          <Trans id="book.settings.bulkNote">Only the settings you change are applied to every selected publication.</Trans>
        </p>
      ) : (
        <>
          <div className="settings-grid__wide">
            <Field
              label={name.label}
              value={name.value}
              required
              maxLength={255}
              error={name.error}
              onChange={(e) => name.set(e.target.value)}
            />
          </div>
          <div className="field settings-grid__wide">
            <label className="field__label" htmlFor={descriptionId}>
              {description.label}
            </label>
            <textarea
              id={descriptionId}
              className="field__input settings-textarea"
              value={description.value}
              maxLength={5000}
              rows={3}
              onChange={(e) => description.set(e.target.value)}
            />
          </div>
        </>
      )}
      <Select
        label={view.label}
        value={view.value}
        onChange={(e) => view.set(e.target.value)}
        options={DOCUMENT_VIEWS.map((v) => ({ value: v, label: tr(i18n, VIEW_LABELS[v], v) }))}
      />
      <Select
        label={readMode.label}
        value={String(readMode.value)}
        onChange={(e) => readMode.set(Number(e.target.value))}
        options={[0, 1].map((m) => ({ value: String(m), label: tr(i18n, READ_MODE_LABELS[m], String(m)) }))}
      />
      {/* The licences' long names ("Creative Commons Attribution-NonCommercial-NoDerivs") take the whole row. */}
      <div className="settings-grid__wide">
        <Select
          label={license.label}
          value={license.value}
          onChange={(e) => license.set(e.target.value)}
          options={LICENSE_MODES.map((l) => ({ value: l, label: tr(i18n, LICENSE_LABELS[l], l) }))}
        />
      </div>
      <Select
        label={folder.label}
        value={folder.value ?? ''}
        error={folder.error}
        onChange={(e) => folder.set(e.target.value === '' ? null : e.target.value)}
        options={[
          { value: '', label: t({ id: 'book.settings.folder.none', message: 'No folder' }) },
          ...folders.map((f) => ({ value: f.id, label: f.name })),
        ]}
      />
      <Link href="/account/folders" className="settings-folders-link" data-testid="manage-folders">
        <Trans id="folders.manage">Manage folders</Trans>
      </Link>
      <div className="settings-grid__wide">
        <CheckField actor={actor} field="is_adult" />
      </div>
      <fieldset className="settings-fieldset settings-grid__wide">
        <legend>{mode.label}</legend>
        <label className="settings-check">
          <input type="radio" name={modeName} checked={mode.value === 1} onChange={() => mode.set(1)} />
          <Trans id="book.settings.public">Public</Trans>
        </label>
        <label className="settings-check">
          <input type="radio" name={modeName} checked={mode.value === 2} onChange={() => mode.set(2)} />
          <Trans id="book.settings.private">Private</Trans>
        </label>
        {mode.value === 2 && <PrivateOptions actor={actor} />}
      </fieldset>
      <div className="settings-grid__wide">
        <Scheduling actor={actor} />
      </div>
    </div>
  );
}
