import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type { TourActorRef } from '../../../../machines/tour.machine';
import { Button } from '../ui/Button';
import type { TourStep } from './tours';
import './tour.css';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element a step points at, if it is on the page and shown. */
function targetOf(doc: Document, step: TourStep | undefined): HTMLElement | null {
  if (!step) return null;
  const el = doc.querySelector<HTMLElement>(`[data-tour="${step.target}"]`);
  return el && el.getClientRects().length > 0 ? el : null;
}

/**
 * The guided tour's step as a popover anchored to the element it points at (a native modal
 * <dialog>: focus moves into it and stays there, Tab cycles within, the page is dimmed but the
 * element). It renders the tour machine's state and sends its events: Next/Finish, Back, Skip (and
 * Escape), the arrow keys for next and back. A step whose element is missing shows in the middle.
 */
export function TourPopover({ actor, steps }: { actor: TourActorRef; steps: readonly TourStep[] }) {
  const { i18n, t } = useLingui();
  const showing = useSelector(actor, (s) => s.matches('step'));
  const index = useSelector(actor, (s) => s.context.step);
  const canBack = useSelector(actor, (s) => s.can({ type: 'user.back' }));
  const last = index >= steps.length - 1;
  const current = index + 1;
  const total = steps.length;
  const step = steps[index];
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const spotRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (showing && !d.open) d.showModal();
    if (!showing && d.open) d.close();
  }, [showing]);

  // Anchor the card to the step's element (kept in place on scroll and resize) and move focus in.
  useEffect(() => {
    const card = cardRef.current;
    const spot = spotRef.current;
    if (!showing || !card || !spot) return;
    const target = targetOf(card.ownerDocument, step);
    card.querySelector<HTMLElement>('.tour__primary')?.focus();
    if (!target) {
      card.classList.add('tour__card--centered');
      spot.classList.add('tour__spot--none');
      return;
    }
    card.classList.remove('tour__card--centered');
    spot.hidden = false;
    target.scrollIntoView({ block: 'center', inline: 'nearest' });
    return autoUpdate(target, card, () => {
      const rect = target.getBoundingClientRect();
      Object.assign(spot.style, {
        left: `${rect.left - 4}px`,
        top: `${rect.top - 4}px`,
        width: `${rect.width + 8}px`,
        height: `${rect.height + 8}px`,
      });
      void computePosition(target, card, {
        strategy: 'fixed',
        placement: 'bottom',
        middleware: [offset(12), flip(), shift({ padding: 8 })],
      }).then(({ x, y }) => Object.assign(card.style, { left: `${x}px`, top: `${y}px` }));
    });
  }, [showing, step]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      actor.send({ type: 'user.next' });
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      actor.send({ type: 'user.back' });
    } else if (e.key === 'Tab') {
      // Tab and Shift+Tab cycle within the card.
      const items = [...(cardRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = items[0];
      const lastItem = items[items.length - 1];
      const active = e.currentTarget.ownerDocument.activeElement;
      if (e.shiftKey && (active === first || !items.includes(active as HTMLElement))) {
        e.preventDefault();
        lastItem?.focus();
      } else if (!e.shiftKey && (active === lastItem || !items.includes(active as HTMLElement))) {
        e.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="tour"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        actor.send({ type: 'key.escape' });
      }}
    >
      <div ref={spotRef} className="tour__spot" aria-hidden="true" />
      <div ref={cardRef} className="tour__card">
        {showing && step && (
          <>
            <div className="tour__head">
              <p className="tour__count" aria-live="polite" aria-atomic="true">
                <Trans id="tour.step">
                  Step {current} of {total}
                </Trans>
              </p>
              <button
                type="button"
                className="btn btn--ghost btn--icon btn--sm"
                onClick={() => actor.send({ type: 'user.skip' })}
                aria-label={t({ id: 'tour.skip', message: 'Skip the tour' })}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
            <h2 className="tour__title" id={titleId}>
              {i18n._(step.title)}
            </h2>
            <p className="tour__body" id={bodyId}>
              {i18n._(step.body)}
            </p>
            <div className="tour__actions">
              <Button size="sm" disabled={!canBack} onClick={() => actor.send({ type: 'user.back' })}>
                <Trans id="tour.back">Back</Trans>
              </Button>
              <Button
                className="tour__primary"
                size="sm"
                variant="primary"
                onClick={() => actor.send({ type: last ? 'user.finish' : 'user.next' })}
              >
                {last ? <Trans id="tour.finish">Finish</Trans> : <Trans id="tour.next">Next</Trans>}
              </Button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
