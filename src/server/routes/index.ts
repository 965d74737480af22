import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_VERSION } from '../../contracts/envelope';
import apiDocsRoutes from '../api-docs/routes';
import { ApiError } from '../envelope';
import apiKeyRoutes from './account/apikeys';
import folderRoutes from './account/folders';
import accountRoutes from './account/index';
import managerRoutes from './account/managers';
import presetRoutes from './account/presets';
import profileAccountRoutes from './account/profile';
import statsRoutes from './account/stats';
import beaconSharesRoutes from './beacon-shares';
import billingRoutes from './billing/index';
import blogRoutes from './blog/index';
import publishingRoutes from './book/index';
import commentRoutes from './comments/index';
import contactRoutes from './contact/index';
import favoriteRoutes from './favorites/index';
import libraryRoutes from './library/index';
import oauth2Routes from './oauth2/index';
import privacyRoutes from './privacy/index';
import profileRoutes from './profile/index';
import publicRoutes from './public/index';
import readerRoutes from './reader/index';
import searchRoutes from './search/index';
import triggerRoutes from './triggers/index';

/**
 * Every API area, registered under the api prefix (`/api`). Convention: one folder per area,
 * `src/server/routes/<area>/index.ts`, default-exporting a Fastify plugin whose routes declare
 * their path below `/api` (e.g. `/public/status`) and who may call them (`config: PUBLIC`,
 * `owner({ 'body.id': 'book' })`…, see ../auth/rules.ts), validate input with `parse(schema, data)`
 * and answer with `ok(reply, content)` or throw `new ApiError(name)`.
 */
export const AREAS: FastifyPluginAsync[] = [
  publicRoutes,
  accountRoutes,
  profileRoutes,
  oauth2Routes,
  publishingRoutes,
  readerRoutes,
  commentRoutes,
  beaconSharesRoutes,
  triggerRoutes,
  presetRoutes,
  folderRoutes,
  searchRoutes,
  contactRoutes,
  blogRoutes,
  libraryRoutes,
  favoriteRoutes,
  privacyRoutes,
  profileAccountRoutes,
  statsRoutes,
  // The public API's OpenAPI document and reference page (issue 18; {api}/v1/openapi.json, {api}/v1/docs).
  apiDocsRoutes,
  apiKeyRoutes,
  // Orders and invoices (issue 21).
  billingRoutes,
  // Managers and association accounts (issue 20).
  managerRoutes,
];

/**
 * Every data call carries `v=2` in its query (SPEC §7). Browser navigations that other sites start
 * (an OAuth2 provider's redirect back) are not data calls: their route sets `config.skipApiVersion`.
 */
async function requireApiVersion(request: FastifyRequest): Promise<void> {
  if ((request.routeOptions.config as { skipApiVersion?: boolean } | undefined)?.skipApiVersion) return;
  const { v } = (request.query ?? {}) as { v?: unknown };
  if (v !== String(API_VERSION)) {
    throw new ApiError('unsupportedVersion', { message: `query parameter v=${API_VERSION} is required` });
  }
}

/** The `/api` scope: version check, then every area (plus `extra`, e.g. test-only routes). */
export function apiRoutes(extra: FastifyPluginAsync[] = []): FastifyPluginAsync {
  return async (api) => {
    api.addHook('onRequest', requireApiVersion);
    for (const area of [...AREAS, ...extra]) await api.register(area);
  };
}
