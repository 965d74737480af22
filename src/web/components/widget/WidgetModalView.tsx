import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { embedCode, type WidgetActorRef } from '../../../../machines/widget.machine';
import { libraryFrameHeight } from '../../../contracts/widget';
import { Button, Modal } from '../ui';
import { BookOptions, LibraryOptions } from './WidgetOptionsForm';
import './widget.css';

/** Tallest preview frame in the modal (a taller widget scrolls inside it). */
const PREVIEW_MAX_PX = 480;

/**
 * The widget modal's view of a widget actor: options beside a live preview (the real library page
 * or reader in an iframe, re-rendered by the machine); the code to paste and its copy button are the
 * modal's footer, always in view.
 */
export function WidgetModalView({ actor, onClose }: { actor: WidgetActorRef; onClose: () => void }) {
  const { t } = useLingui();
  const codeId = useId();
  const mode = useSelector(actor, (s) => s.context.mode);
  const name = useSelector(actor, (s) => s.context.name);
  const preview = useSelector(actor, (s) => s.context.preview);
  const height = useSelector(actor, (s) => Math.min(PREVIEW_MAX_PX, libraryFrameHeight(s.context.options)));
  const code = useSelector(actor, (s) => embedCode(s.context));
  const waiting = useSelector(actor, (s) => s.matches({ preview: 'waiting' }));
  const copy = useSelector(actor, (s) => (s.matches({ copy: 'copied' }) ? 'copied' : s.matches({ copy: 'failed' }) ? 'failed' : 'idle'));
  const canCopy = useSelector(actor, (s) => s.can({ type: 'user.copy' }));

  return (
    <Modal
      open
      title={
        mode === 'book' ? (
          <Trans id="widget.title.book">Embed “{name}”</Trans>
        ) : (
          <Trans id="widget.title.library">Embed the library of {name}</Trans>
        )
      }
      onEscape={onClose}
      onBackdrop={onClose}
      onClose={onClose}
      // The code and its copy button stay in view while the options and the preview scroll (issue 22).
      footer={
        <section className="widget-modal__code">
          <label className="field__label" htmlFor={codeId}>
            <Trans id="widget.code">Code to paste into your page</Trans>
          </label>
          <textarea id={codeId} className="widget-code" readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} />
          <div className="widget-modal__copy">
            <Button variant="primary" disabled={!canCopy} onClick={() => actor.send({ type: 'user.copy' })}>
              {copy === 'copied' ? <Trans id="widget.copied">Copied</Trans> : <Trans id="widget.copy">Copy the code</Trans>}
            </Button>
            <span className="widget-modal__status" role="status">
              {copy === 'copied' && <Trans id="widget.copy.success">The code is in your clipboard.</Trans>}
            </span>
            {copy === 'failed' && (
              <span className="field__error" role="alert">
                {/* SPEC §8: the catalogue's copy failure (its text comes from the share modal's entry). */}
                {t({ id: 'share.copy.msg.error' })}
              </span>
            )}
          </div>
        </section>
      }
    >
      <div className="widget-modal">
        <section className="widget-modal__options" aria-label={t({ id: 'widget.options', message: 'Options' })}>
          {mode === 'book' ? <BookOptions actor={actor} /> : <LibraryOptions actor={actor} />}
        </section>
        <section className="widget-modal__preview" aria-busy={waiting}>
          <h3 className="widget-modal__heading">
            <Trans id="widget.preview">Preview</Trans>
          </h3>
          <div className={`widget-preview${mode === 'book' ? ' widget-preview--book' : ''}`}>
            <iframe
              src={preview}
              title={t({ id: 'widget.preview.frame', message: 'Preview of the embed' })}
              style={mode === 'book' ? undefined : { height }}
              data-testid="widget-preview"
            />
          </div>
        </section>
      </div>
    </Modal>
  );
}
