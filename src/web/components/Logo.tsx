export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="5" width="13" height="22" rx="2" fill="var(--c-brand)" />
        <path d="M17 5h11a2 2 0 0 1 2 2v18a2 2 0 0 1-2 2H17z" fill="var(--c-accent)" />
        <path d="M15 5c1.2 0 2 .8 2 2v20c0-1.2-.8-2-2-2z" fill="var(--c-brand-strong)" />
      </svg>
      <span className="logo__word">Quire</span>
    </span>
  );
}
