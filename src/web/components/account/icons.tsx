import type { UsageContext } from '../../../contracts/accounts';

/**
 * Inline pictures of the account views. Decorative (aria-hidden); colours come from account.css
 * classes so they follow the design tokens.
 */

export function InfoIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20" className="icon">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 9v5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="10" cy="6.2" r="1.1" fill="currentColor" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20" className="icon">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="m6.2 10.3 2.5 2.5 5-5.3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function WarningIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20" className="icon">
      <path d="M10 2.5 18.2 17H1.8z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M10 8v4.2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="10" cy="14.6" r="1.05" fill="currentColor" />
    </svg>
  );
}

export function EyeIcon({ off }: { off?: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" className="icon">
      <path
        d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.7" />
      {off && <path d="M4 4 20 20" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />}
    </svg>
  );
}

export function ArrowLeftIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="16" height="16" className="icon">
      <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The big picture atop a result view (inbox, success, failure, second factor, thanks). */
export function Illustration({ kind }: { kind: 'mail' | 'success' | 'error' | 'shield' | 'bell' }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 96 96" width="96" height="96" className={`illus illus--${kind}`}>
      <circle className="illus__halo" cx="48" cy="48" r="46" />
      {kind === 'mail' && (
        <g>
          <rect className="illus__paper" x="20" y="30" width="56" height="38" rx="6" />
          <rect className="illus__stroke" x="20" y="30" width="56" height="38" rx="6" fill="none" strokeWidth="3" />
          <path className="illus__stroke" d="m22 33 26 19 26-19" fill="none" strokeWidth="3" strokeLinejoin="round" />
          <circle className="illus__badge" cx="72" cy="30" r="10" />
          <path d="m67.5 30.2 3.2 3.2 5.8-6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        </g>
      )}
      {kind === 'success' && (
        <g>
          <circle className="illus__badge" cx="48" cy="48" r="24" />
          <path d="m37 48.5 7.5 7.5L60 40.5" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        </g>
      )}
      {kind === 'error' && (
        <g>
          <circle className="illus__badge" cx="48" cy="48" r="24" />
          <path d="M48 36v15" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
          <circle cx="48" cy="60" r="3.2" fill="#fff" />
        </g>
      )}
      {kind === 'shield' && (
        <g>
          <path className="illus__paper" d="M48 18 72 27v18c0 16-10.5 27-24 32-13.5-5-24-16-24-32V27z" />
          <path className="illus__stroke" d="M48 18 72 27v18c0 16-10.5 27-24 32-13.5-5-24-16-24-32V27z" fill="none" strokeWidth="3" />
          <rect className="illus__badge" x="38" y="44" width="20" height="15" rx="3" />
          <path className="illus__stroke" d="M42 44v-4a6 6 0 0 1 12 0v4" fill="none" strokeWidth="3" />
        </g>
      )}
      {kind === 'bell' && (
        <g>
          <path className="illus__paper" d="M30 62V46a18 18 0 0 1 36 0v16l5 6H25z" />
          <path className="illus__stroke" d="M30 62V46a18 18 0 0 1 36 0v16l5 6H25z" fill="none" strokeWidth="3" strokeLinejoin="round" />
          <path className="illus__stroke" d="M42 72a6 6 0 0 0 12 0" fill="none" strokeWidth="3" strokeLinecap="round" />
          <circle className="illus__badge" cx="66" cy="30" r="8" />
        </g>
      )}
    </svg>
  );
}

/** The picture of a usage-context choice card. */
export function ContextIcon({ context }: { context: UsageContext }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" width="40" height="40" className="choice-card__icon">
      <rect className="choice-card__icon-bg" width="40" height="40" rx="10" />
      {context === 'ind' && (
        <g className="choice-card__icon-fg" fill="none" strokeWidth="2.2" strokeLinecap="round">
          <circle cx="20" cy="15" r="5" />
          <path d="M10.5 31c1.4-5.4 5-8 9.5-8s8.1 2.6 9.5 8" />
        </g>
      )}
      {context === 'edu' && (
        <g className="choice-card__icon-fg" fill="none" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 16 14-6 14 6-14 6z" />
          <path d="M12 19v6.5c2.2 2.3 5 3.5 8 3.5s5.8-1.2 8-3.5V19" />
          <path d="M34 16v8" />
        </g>
      )}
      {context === 'pro' && (
        <g className="choice-card__icon-fg" fill="none" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="8" y="14" width="24" height="16" rx="3" />
          <path d="M15.5 14v-2.5a2 2 0 0 1 2-2h5a2 2 0 0 1 2 2V14" />
          <path d="M8 21h24" />
        </g>
      )}
    </svg>
  );
}
