/**
 * The design system's small pictures, drawn in `currentColor` so they follow the text. Decorative
 * (aria-hidden): the element that carries one also carries its meaning in words.
 */

/** A closed padlock: a feature the plan does not include (locked menu and navigation entries). */
export function LockIcon({ size = 16 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 20 20" className="icon icon--lock">
      <rect x="4" y="8.5" width="12" height="9" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M7 8.5V6.2a3 3 0 0 1 6 0v2.3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="10" cy="13" r="1.3" fill="currentColor" />
    </svg>
  );
}

/** A chevron pointing down (a disclosure that opens below); rotate it with CSS when open. */
export function ChevronIcon({ size = 16 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 20 20" className="icon icon--chevron">
      <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
