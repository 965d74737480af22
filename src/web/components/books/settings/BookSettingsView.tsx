import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { FIELD_TAB, SETTINGS_TABS, type SettingsTab } from '../../../../../machines/book-settings/form';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { Button, Modal, Tabs } from '../../ui';
import { GeneralTab } from './GeneralTab';
import { OWN_ERRORS, TAB_LABELS, tr } from './labels';
import { BrandingTab, DesignTab, SoundTab } from './PresentationTabs';
import { SharingTab } from './SharingTab';
import './settings.css';

// The trigger tab is its own chunk (H3's module): loaded when the tab is opened.
const TriggerTab = lazy(() => import('./TriggerTab'));

function Loading() {
  return (
    <p className="settings-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" /> <Trans id="commons.loading">Loading…</Trans>
    </p>
  );
}

function Triggers({ actor }: { actor: BookSettingsActorRef }) {
  const bookId = useSelector(actor, (s) => (s.context.ids.length === 1 ? s.context.ids[0] : undefined));
  const downloadMode = useSelector(actor, (s) => s.context.values.download_mode);
  const printMode = useSelector(actor, (s) => s.context.values.print_mode);
  if (!bookId) {
    return (
      <p className="settings-note">
        <Trans id="book.settings.trigger.bulk">
          Triggers are set for each publication: open the settings of one publication to change them.
        </Trans>
      </p>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <TriggerTab bookId={bookId} downloadMode={downloadMode} printMode={printMode} />
    </Suspense>
  );
}

function Panel({ actor, tab }: { actor: BookSettingsActorRef; tab: SettingsTab }) {
  switch (tab) {
    case 'general':
      return <GeneralTab actor={actor} />;
    case 'sharing':
      return <SharingTab actor={actor} />;
    case 'branding':
      return <BrandingTab actor={actor} />;
    case 'design':
      return <DesignTab actor={actor} />;
    case 'sound':
      return <SoundTab actor={actor} />;
    default:
      return <Triggers actor={actor} />;
  }
}

/**
 * The book settings modal, rendered from its machine (SPEC §2 Book settings modal): loading, the six tabs
 * (a warning mark on those with an invalid field), the form error, "save as presets", cancel and save.
 */
export function BookSettingsView({ actor }: { actor: BookSettingsActorRef }) {
  const { t, i18n } = useLingui();
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('checkingRights'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const tab = useSelector(actor, (s) => s.context.tab);
  const count = useSelector(actor, (s) => s.context.ids.length);
  const name = useSelector(actor, (s) => s.context.saved.name);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const savePresets = useSelector(actor, (s) => s.context.savePresets);
  const canClose = useSelector(actor, (s) => s.can({ type: 'user.close' }));
  const canSave = useSelector(actor, (s) => s.matches('editing'));
  const close = () => {
    if (canClose) actor.send({ type: 'user.close' });
  };
  const warned = new Set(Object.keys(errors).map((f) => FIELD_TAB[f as keyof typeof FIELD_TAB]));
  const title =
    count > 1
      ? t({ id: 'book.settings.titleMany', message: `Settings of ${count} publications` })
      : name
        ? t({ id: 'book.settings.title', message: `Settings of “${name}”` })
        : t({ id: 'book.settings.short', message: 'Settings' });

  const footer = loading ? undefined : (
    <div className="settings-foot">
      <label className="settings-check">
        <input
          type="checkbox"
          checked={savePresets}
          disabled={!canSave}
          onChange={(e) => actor.send({ type: 'user.savePresets', on: e.target.checked })}
        />
        <Trans id="book.settings.savePresets">Use these presentation choices for my next uploads</Trans>
      </label>
      <div className="settings-foot__actions">
        <Button variant="ghost" onClick={close} disabled={!canClose}>
          <Trans id="commons.cancel">Cancel</Trans>
        </Button>
        <Button variant="primary" disabled={!canSave} aria-busy={saving} onClick={() => actor.send({ type: 'user.save', now: Date.now() })}>
          {saving ? <Trans id="book.settings.saving">Saving…</Trans> : <Trans id="book.settings.save">Save</Trans>}
        </Button>
      </div>
    </div>
  );

  return (
    <Modal open title={title} onEscape={close} onClose={canClose ? close : undefined} footer={footer}>
      <div className="book-settings" aria-busy={loading || saving}>
        {loading ? (
          <Loading />
        ) : (
          <>
            {formError && (
              <p className="settings-error" role="alert">
                {tr(i18n, OWN_ERRORS[formError], formError)}
              </p>
            )}
            <Tabs
              label={t({ id: 'book.settings.tabs', message: 'Settings sections' })}
              selected={tab}
              onSelect={(key) => actor.send({ type: 'user.tab', tab: key })}
              items={SETTINGS_TABS.map((key) => ({ key, label: i18n._(TAB_LABELS[key]), warning: warned.has(key) }))}
            >
              <Panel actor={actor} tab={tab} />
            </Tabs>
          </>
        )}
      </div>
    </Modal>
  );
}
