import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { BlogActorRef } from '../../../../machines/blog.machine';
import { useSelector } from '../../app/use-selector';

/** The unfolded submenu loads on first use: it is not part of the first paint (initial JS budget). */
const ResourcesPanel = lazy(() => import('./BlogTeasers').then((m) => ({ default: m.ResourcesPanel })));

/**
 * The header's "Resources" submenu (SPEC §2 Header: blog list in a resources submenu): the blog
 * teasers, new ones marked, and the blog's index. A menu button (WAI-ARIA pattern), like the account
 * menu; a dot on the button when a post is new.
 */
export function ResourcesMenu({ actor }: { actor: BlogActorRef | null }) {
  const { t } = useLingui();
  const hasNew = useSelector(actor ?? undefined, (s) => s?.context.posts.some((p) => p.is_new) ?? false) ?? false;
  // Presentation only: whether the submenu is unfolded.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const onKey = (e: KeyboardEvent) => {
    if (!open) return;
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard navigation of the menu items (WAI-ARIA menu button pattern)
    <div className="resources-menu" ref={root} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        className="btn btn--ghost resources-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Trans id="header.resources">Resources</Trans>
        {hasNew && (
          <span className="resources-menu__dot">
            <span className="visually-hidden">{t({ id: 'blog.hasNew', message: 'new posts' })}</span>
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ResourcesPanel actor={actor} id={menuId} />
        </Suspense>
      )}
    </div>
  );
}
