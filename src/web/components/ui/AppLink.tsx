import type { AnchorHTMLAttributes } from 'react';
import { isSitePath } from '../../../contracts/pages';
import { Link } from '../../routing/link';

/**
 * A link: the app's own pages through the router, the server-rendered site pages (pricing, terms,
 * feature pages: contracts/pages.ts SITE_PATHS) and other sites as plain links (a full page load).
 */
export function AppLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return href.startsWith('/') && !isSitePath(href) ? <Link href={href} {...rest} /> : <a href={href} {...rest} />;
}

/** Whether the site has this page: a link to a site page that is not there yet is not shown. */
export const hasSitePage = (href: string): boolean => isSitePath(href);
