import type { ContactSubject } from '../../contracts/contact';

/** The modal stack's ids of the contact modal's two variants (SPEC §2 Other). */
export const CONTACT_MODAL_IDS: Record<ContactSubject, string> = { support: 'contact', deletion: 'contact.deletion' };

/** Opens the contact modal (footer, /contact…): `modals.send(openContact('deletion'))`. */
export const openContact = (subject: ContactSubject = 'support') => ({ type: 'modal.open' as const, id: CONTACT_MODAL_IDS[subject] });

/** Which variant the modal stack shows (the topmost), or null when it is closed. */
export function contactOpening(stack: readonly { id: string }[]): ContactSubject | null {
  const entry = [...stack].reverse().find((m) => m.id === CONTACT_MODAL_IDS.support || m.id === CONTACT_MODAL_IDS.deletion);
  if (!entry) return null;
  return entry.id === CONTACT_MODAL_IDS.deletion ? 'deletion' : 'support';
}
