import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageContext } from './context';
import { EXPLORER_PAGE } from './explorer';
import { FEATURE_SITE_PAGES } from './features/render';
import { PRICING_PAGE } from './pricing';
import { PRIVACY_PAGE } from './privacy';
import { TERMS_PAGE } from './terms';

/**
 * The server-rendered pages of the public site (issue "The public site"): each path of
 * contracts/pages.ts SITE_PATHS has one entry here (tests/server/site.test.ts checks both lists agree),
 * rendered inside the site frame (site/layout.tsx SitePage) by routes/site.ts.
 */
export interface SiteAnswer {
  /** 200 unless said otherwise. */
  status?: number;
  html: string;
  /** What depends on the visitor (signed in, their choices) stays out of shared caches. */
  personal?: boolean;
}

export interface SitePageDefinition {
  path: string;
  render: (ctx: PageContext, request: FastifyRequest, app: FastifyInstance) => SiteAnswer | Promise<SiteAnswer>;
}

export const SITE_PAGES: readonly SitePageDefinition[] = [PRICING_PAGE, TERMS_PAGE, EXPLORER_PAGE, PRIVACY_PAGE, ...FEATURE_SITE_PAGES];
