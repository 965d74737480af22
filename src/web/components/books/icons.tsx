/** Inline pictures of the book list. Decorative (aria-hidden): the buttons carry the names. */

import type { ReactNode } from 'react';

function Svg({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 20 20" className="icon">
      {children}
    </svg>
  );
}

export function GearIcon() {
  return (
    <Svg>
      <circle cx="10" cy="10" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M10 2.2v2.1M10 15.7v2.1M2.2 10h2.1M15.7 10h2.1M4.5 4.5l1.5 1.5M14 14l1.5 1.5M4.5 15.5 6 14M14 6l1.5-1.5"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </Svg>
  );
}

export function TrashIcon() {
  return (
    <Svg>
      <path
        d="M3.5 5.5h13M8 5.5V3.5h4v2M5.5 5.5l.8 11h7.4l.8-11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <path d="M8.5 8.5v5M11.5 8.5v5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </Svg>
  );
}

export function GridIcon() {
  return (
    <Svg size={16}>
      <path
        d="M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </Svg>
  );
}

export function ListIcon() {
  return (
    <Svg size={16}>
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </Svg>
  );
}

export function DocumentIcon() {
  return (
    <Svg size={32}>
      <path d="M5 2.5h7l3.5 3.5v11.5H5z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
      <path d="M12 2.5V6h3.5M7.5 10h5M7.5 13h5" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
    </Svg>
  );
}

export function ShareIcon() {
  return (
    <Svg>
      <circle cx="14.5" cy="4.5" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="5.5" cy="10" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="14.5" cy="15.5" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M7.3 9 12.7 5.6M7.3 11l5.4 3.4" stroke="currentColor" strokeWidth="1.6" />
    </Svg>
  );
}

export function EmbedIcon() {
  return (
    <Svg>
      <path
        d="M7 5.5 2.5 10 7 14.5M13 5.5l4.5 4.5-4.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Svg>
  );
}
