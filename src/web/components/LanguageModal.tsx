import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { FLAGS, LANGUAGES } from '../../../machines/constants';
import { LANGUAGE_NAMES } from '../../contracts/languages';
import { useApp } from '../app/context';
import { Modal } from './ui';

export function LanguageModal() {
  const { t } = useLingui();
  const { modals, language } = useApp();
  const open = useSelector(modals, (s) => s.context.stack.some((m) => m.id === 'language'));
  const current = useSelector(language, (s) => s.context.language);
  const pending = useSelector(language, (s) => (s.matches('switching') ? s.context.requested : null));
  const close = () => modals.send({ type: 'modal.close', id: 'language' });
  return (
    <Modal
      open={open}
      title={<Trans id="language.title">Choose your language</Trans>}
      onEscape={() => modals.send({ type: 'key.escape' })}
      onBackdrop={() => modals.send({ type: 'backdrop.click' })}
      onClose={close}
    >
      <ul className="lang-list" aria-label={t({ id: 'language.title', message: 'Choose your language' })}>
        {LANGUAGES.map((l) => (
          <li key={l}>
            <button
              type="button"
              className="lang-list__item"
              lang={l}
              aria-current={l === current ? 'true' : undefined}
              aria-busy={l === pending || undefined}
              onClick={() => {
                language.send({ type: 'user.choose', language: l });
                close();
              }}
            >
              <span className={`flag flag--${FLAGS[l]}`} aria-hidden="true" />
              <span>{LANGUAGE_NAMES[l]}</span>
              {l === current && (
                <span className="lang-list__check" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
