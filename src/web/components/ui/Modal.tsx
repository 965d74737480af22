import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape was pressed (the modal stack machine decides whether it closes). */
  onEscape: () => void;
  /** The backdrop was clicked. */
  onBackdrop?: () => void;
  /** Shows a close button when given. */
  onClose?: (() => void) | undefined;
  full?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A native <dialog> shown modally: the browser traps focus and makes the page inert. Escape and
 * backdrop clicks are reported, not acted on, so the modal stack machine stays the one source of truth.
 */
export function Modal({ open, title, onEscape, onBackdrop, onClose, full, footer, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useLingui();

  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Chromium may close a dialog on a repeated Escape without a cancel event (close watcher): report
  // it as Escape, and show the dialog again if the machine keeps it open.
  const onNativeClose = () => {
    if (!openRef.current) return;
    onEscape();
    setTimeout(() => {
      const d = ref.current;
      if (d && openRef.current && !d.open) d.showModal();
    }, 0);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape is its keyboard equivalent (onCancel).
    <dialog
      ref={ref}
      className={`modal${full ? ' modal--full' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onEscape();
      }}
      onClose={onNativeClose}
      onClick={(e) => {
        if (e.target === ref.current) onBackdrop?.();
      }}
    >
      {open && (
        <>
          <div className="modal__head">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            {onClose && (
              <button
                type="button"
                className="btn btn--ghost btn--icon"
                onClick={onClose}
                aria-label={t({ id: 'commons.close', message: 'Close' })}
              >
                <span aria-hidden="true">✕</span>
              </button>
            )}
          </div>
          <div className="modal__body">{children}</div>
          {footer && <div className="modal__foot">{footer}</div>}
        </>
      )}
    </dialog>
  );
}
