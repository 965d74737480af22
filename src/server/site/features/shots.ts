import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC } from '../../auth/rules';
import { CACHE_IMMUTABLE } from '../../plugins/static';
import manifest from '../screenshots/shots.json';

/**
 * Screenshots of the real product on the feature pages, made from the running app by
 * `npm run screenshots` (src/tools/screenshots.mjs) into src/server/site/screenshots: WebP files whose
 * names carry their content hash, and shots.json with each one's file and size. `node build.mjs`
 * copies the folder beside the server bundle (dist/server/screenshots); the route below serves the
 * listed files at /site-shots/<file>, cached for good.
 */
export type ShotKey = 'publish' | 'books' | 'settings' | 'share' | 'reader' | 'stats';

export interface Shot {
  file: string;
  width: number;
  height: number;
}

const SHOTS = manifest as Partial<Record<ShotKey, Shot>>;
export const SHOTS_PREFIX = '/site-shots/';

/** A screenshot's URL and size, or undefined when the script has not made it. */
export function shot(key: ShotKey): (Shot & { src: string }) | undefined {
  const found = SHOTS[key];
  return found && { ...found, src: `${SHOTS_PREFIX}${found.file}` };
}

/** The screenshots folder: the nearest `screenshots/shots.json` above this module (source or bundle). */
export function findShotsDir(start = import.meta.dirname): string | undefined {
  let dir = start;
  for (;;) {
    for (const candidate of [path.join(dir, 'screenshots'), path.join(dir, 'site', 'screenshots')]) {
      if (existsSync(path.join(candidate, 'shots.json'))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** GET /site-shots/<file>: only the files shots.json lists (nothing else of the folder is reachable). */
export const screenshotRoutes: FastifyPluginAsync = async (app) => {
  const dir = findShotsDir();
  const files = new Set(Object.values(SHOTS).map((s) => s.file));
  app.get(`${SHOTS_PREFIX}:file`, { config: PUBLIC }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!dir || !files.has(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const body = await readFile(path.join(dir, file));
    return reply.header('cache-control', CACHE_IMMUTABLE).type('image/webp').send(body);
  });
};
