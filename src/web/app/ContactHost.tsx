import { lazy, Suspense } from 'react';
import { contactOpening } from './contact-modal';
import { useApp } from './context';
import { useSelector } from './use-selector';

// The modal (machine and views) loads when it first opens (most visits never do).
const ContactModalView = lazy(() => import('./ContactModalView'));

/** Renders the contact modal while the modal stack holds it (./contact-modal.ts): one actor per opening. */
export function ContactHost() {
  const { modals } = useApp();
  const subject = useSelector(modals, (s) => contactOpening(s.context.stack));
  if (!subject) return null;
  return (
    <Suspense fallback={null}>
      <ContactModalView key={subject} subject={subject} />
    </Suspense>
  );
}
