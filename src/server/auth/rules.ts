import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ApiKeyRight } from '../../contracts/api-keys';
import type { ErrorName } from '../../contracts/errors';
import { menuItem, pageOfApiPath } from '../../contracts/gating';
import { API_PREFIX } from '../envelope';

/**
 * Every route declares who may call it (issue 12: the authorization matrix), in its options:
 * `app.get('/account/book/get', { preHandler: app.requireSession, config: owner({ 'query.id': 'book' }) }, …)`.
 * The app refuses to start when a route has no rule, or when the rule and the session guard
 * disagree (registerAuthRules). tests/server/authz-matrix.test.ts walks the rules: every id a rule
 * names is tried as anonymous, as its owner and as two other accounts.
 */

/** What an id names (`session` and `trustedDevice`: a profile's own, /account/security). */
export type Resource =
  | 'book'
  | 'folder'
  | 'integration'
  | 'trigger'
  | 'comment'
  | 'account'
  | 'session'
  | 'trustedDevice'
  | 'skin'
  | 'background'
  | 'logo'
  | 'favorite'
  /** An API key of the account (issue 18, /account/apikey). */
  | 'apiKey'
  /** An API user's webhook endpoint (api_webhooks, issue 18). */
  | 'webhook'
  /** A manager's child account (manager_links, issue 20). */
  | 'child';

/** Where a route reads an id: a path parameter, a query parameter or a body field (as sent). */
export type IdField = `params.${string}` | `query.${string}` | `body.${string}`;

/** One id a route takes. */
export interface IdRule {
  resource: Resource;
  /** A list of ids (bulk calls): each one that is not the caller's is refused on its own. */
  list?: boolean;
  /**
   * How an id that is not the caller's is answered (always exactly like an unknown id): the
   * resource's not-found error by default (NOT_FOUND), another error, or `empty` for a filter that
   * then selects nothing.
   */
  refusal?: ErrorName | 'empty';
  /** The id is written inside a URL path (oEmbed's `url=`): the path, `{id}` standing for the id. */
  path?: string;
  /** The id is sent after this prefix (`resource:` in a book's skin, background or logo). */
  prefix?: string;
}

export type IdRules = Partial<Record<IdField, Resource | IdRule>>;

export type AuthRule =
  /** Anyone, and nothing in the call names something private (sign-in, assets, health, beacon). */
  | { access: 'public' }
  /** A signed-in caller acting on their own account; no id of anything in the call. */
  | { access: 'signedIn' }
  /**
   * A signed-in caller, and every id names one of the caller's own things: another account's id is
   * answered exactly like an unknown one (no existence leak) and changes nothing.
   */
  | { access: 'owner'; ids: IdRules }
  /**
   * A publication behind the reader's gates (reader/access.ts): a private book only with its token
   * (`key`: the private link's or the page images') or to its owner; scheduled, deactivated and
   * blocked books not to others. `signedIn`: the call also needs a session (posting a comment).
   * `ids`: further ids the call takes, checked against the book (a lead's trigger).
   */
  | { access: 'reader'; book: IdField; token: IdField; key: 'link' | 'pages'; signedIn?: boolean; ids?: IdRules }
  /**
   * Public pages and listings (overview, publisher page, library widget, oEmbed): only publicly
   * listed publications (public, published, valid, converted, not scheduled ahead) show, to anyone,
   * the owner included; any other book is answered like an unknown id.
   */
  | { access: 'listed'; ids: IdRules }
  /**
   * The public API v1 (issue 18, src/server/routes/v1): an API key of an account whose plan has API keys,
   * holding this right (no session: the key authenticates, ./routes/v1/auth.ts). Every id names one of
   * the key's account's things: another account's id is answered exactly like an unknown one.
   */
  | { access: 'apiKey'; right: ApiKeyRight; ids: IdRules };

/** The answer to an id that is not the caller's, by resource (unless the IdRule says otherwise). */
export const NOT_FOUND: Record<Resource, ErrorName> = {
  book: 'bookNotFound',
  folder: 'folderNotFound',
  integration: 'integrationNotFound',
  trigger: 'triggerNotFound',
  comment: 'commentNotFound',
  // The account's library items (issue 16).
  skin: 'libraryNotFound',
  background: 'libraryNotFound',
  logo: 'libraryNotFound',
  // A favourite is named by its book's id: one of the caller's favourites (whatever became of the book).
  favorite: 'favoriteNotFound',
  webhook: 'webhookNotFound',
  // Accounts are only named by public pages (publisher, widget), which list what is public of any id.
  account: 'unknownCall',
  session: 'sessionNotFound',
  trustedDevice: 'deviceNotFound',
  apiKey: 'apiKeyNotFound',
  child: 'childNotFound',
};

/** Route config fragments: `config: PUBLIC`, `config: { ...PUBLIC, ...rateLimit(5, '1 minute') }`. */
/**
 * Frozen: plugins write into a route's config (@fastify/helmet puts a route's `helmet` there), and a
 * shared object would carry one route's settings to every route that names it — a page's strict CSP
 * reached the app shell at `/` that way. A route with options of its own spreads a fresh copy
 * (`config: { ...PUBLIC }`); writing into the frozen one fails when the app starts.
 */
export const PUBLIC = Object.freeze({ auth: Object.freeze({ access: 'public' }) } as const satisfies { auth: AuthRule });
export const SIGNED_IN = Object.freeze({ auth: Object.freeze({ access: 'signedIn' }) } as const satisfies { auth: AuthRule });
export const owner = (ids: IdRules): { auth: AuthRule } => ({ auth: { access: 'owner', ids } });
export const listed = (ids: IdRules): { auth: AuthRule } => ({ auth: { access: 'listed', ids } });
export const apiKeyRule = (right: ApiKeyRight, ids: IdRules = {}): { auth: AuthRule } => ({ auth: { access: 'apiKey', right, ids } });
export const reader = (rule: Omit<Extract<AuthRule, { access: 'reader' }>, 'access'>): { auth: AuthRule } => ({
  auth: { access: 'reader', ...rule },
});

/**
 * A signed-in route of a gated account page (SPEC §6 menu gating) names the page's key in the one
 * gating table (src/contracts/gating.ts ACCOUNT_MENU): `config: { ...SIGNED_IN, ...gated('theme') }`.
 * `app.requireSession` then refuses a caller whose menu shows that page locked or removed
 * (`featureLocked`), so the menu, the account navigation and the server read one rule. The table names
 * each page's API paths (`api`): a route there without its page's gate, or with another page's, stops
 * the app from starting.
 */
export const gated = (key: string): { gate: string } => ({ gate: key });

/** A route and its rule, as the app registered it. */
export interface RuledRoute {
  method: string;
  url: string;
  rule: AuthRule | undefined;
  /** The route runs app.requireSession before its handler. */
  guarded: boolean;
  /** The account page (ACCOUNT_MENU key) whose gates the caller must pass. */
  gate?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required on every route; see registerAuthRules). */
    auth?: AuthRule;
    /** The gated account page the route belongs to (see `gated`). */
    gate?: string;
  }
  interface FastifyInstance {
    /** Every route (each method) with its authorization rule, filled and checked when the app gets ready. */
    routeRules: RuledRoute[];
  }
}

const ACCESS = new Set(['public', 'signedIn', 'owner', 'reader', 'listed', 'apiKey']);
/** Whether a rule's routes run app.requireSession (registerAuthRules checks that they do). */
export const needsSession = (rule: AuthRule) =>
  rule.access === 'signedIn' || rule.access === 'owner' || (rule.access === 'reader' && !!rule.signedIn);

/** Why a route's rule is wrong, or undefined when it is right. */
export function ruleProblem(route: RuledRoute): string | undefined {
  const { rule } = route;
  if (!rule || typeof rule !== 'object' || !ACCESS.has(rule.access)) return 'declares no authorization rule (config.auth)';
  if (needsSession(rule) && !route.guarded) return `is "${rule.access}" but has no app.requireSession preHandler`;
  if (!needsSession(rule) && route.guarded) return `is "${rule.access}" but runs app.requireSession (declare it signed-in)`;
  if ((rule.access === 'owner' || rule.access === 'listed') && Object.keys(rule.ids).length === 0)
    return `is "${rule.access}" without any id`;
  if (route.gate !== undefined) {
    if (!menuItem(route.gate)) return `names the gate "${route.gate}", which is no account page of the gating table`;
    if (!route.guarded) return `names the gate "${route.gate}" but has no app.requireSession preHandler`;
  }
  const page = expectedGate(route.url);
  if (page !== undefined && page !== route.gate) {
    const named = route.gate === undefined ? 'names no gate' : `names the gate "${route.gate}"`;
    return `belongs to the account page "${page}" (the gating table's api) but ${named}: spread gated('${page}')`;
  }
  if (page === undefined && route.gate !== undefined && menuItem(route.gate)?.api !== undefined)
    return `names the gate "${route.gate}" but is none of that page's API paths in the gating table (its api)`;
  return undefined;
}

/** The gate a route's URL must name by the gating table's `api` paths (undefined: none). */
export function expectedGate(url: string): string | undefined {
  if (!url.startsWith(`${API_PREFIX}/`)) return undefined;
  return pageOfApiPath(url.slice(API_PREFIX.length))?.key;
}

/**
 * Collects every route with its rule (`app.routeRules`, from an onRoute hook) and, when the app gets
 * ready, refuses to start if any route lacks a rule or contradicts it. Register before any route.
 */
export function registerAuthRules(app: FastifyInstance): void {
  const added: RouteOptions[] = [];
  const routes: RuledRoute[] = [];
  app.decorate('routeRules', routes);
  app.addHook('onRoute', (route) => {
    added.push(route);
  });
  app.addHook('onReady', async () => {
    // Read when ready, after every onRoute hook ran: a plugin's scope may declare its routes' rule.
    routes.length = 0;
    for (const route of added) {
      const rule = route.config?.auth;
      const gate = route.config?.gate;
      const guarded = [route.preHandler ?? []].flat().includes(app.requireSession);
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, rule, guarded, ...(gate !== undefined ? { gate } : {}) });
    }
    const problems = routes.flatMap((route) => {
      const problem = ruleProblem(route);
      return problem ? [`${route.method} ${route.url} ${problem}`] : [];
    });
    if (problems.length > 0) throw new Error(`routes without a valid authorization rule:\n  ${problems.join('\n  ')}`);
  });
}
