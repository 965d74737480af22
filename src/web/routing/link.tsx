import type { ComponentProps, MouseEvent } from 'react';
import { navigate, usePathname } from './history';

/**
 * The app's links and location hook on the browser's history (./history.ts: the same events the app
 * root follows, src/web/app/App.tsx). They do what wouter's `Link` and `useLocation`
 * do with its default router (no base path), without its router, routes and path matcher, which the
 * app does not use (its routes are the router machine's, src/web/pages/routes.ts): issue 14's first load.
 */

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The current path and a navigation (history push, or replace). */
export function useLocation(): [string, Navigate] {
  return [usePathname(), navigate];
}

/** A link to a page of the app: a plain click navigates in the page; a modified or middle click is the browser's. */
export function Link({ href, onClick, ...rest }: ComponentProps<'a'> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return;
    onClick?.(event);
    if (!event.defaultPrevented) {
      event.preventDefault();
      navigate(href);
    }
  };
  return <a href={href} {...rest} onClick={follow} />;
}
