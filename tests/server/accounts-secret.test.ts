import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { SECRET_SETTING } from '../../src/server/auth/secret';
import { getSetting } from '../../src/server/db/settings';
import { call, login, registerActive, uniqueEmail } from './accounts-support';
import { DIALECTS, testConfig } from './helpers';

describe.each(DIALECTS)('instance secret on %s', (dialect) => {
  it('is generated on the first start, kept in the settings table and reused by the next start', async () => {
    const config = await testConfig(dialect, { QUIRE_DEV: '1' });
    const first = await buildApp(config);
    let token: string;
    try {
      const stored = await getSetting(first.db, SECRET_SETTING);
      expect(stored).toMatch(/^[\w-]{64}$/);
      const ctx = { app: first, config, verifyCount: () => 0, advance: () => {} };
      const email = uniqueEmail('secret');
      await registerActive(ctx, email);
      token = (await login(ctx, email)).content.session.access_token;
    } finally {
      await first.close();
    }
    const second = await buildApp(config);
    try {
      // Tokens signed before the restart stay valid: same secret.
      expect((await call(second, '/profile/session', undefined, { token })).json().status).toBe('ok');
    } finally {
      await second.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });

  it('uses QUIRE_SECRET when set (nothing stored); another secret invalidates tokens (149)', async () => {
    const config = await testConfig(dialect, { QUIRE_DEV: '1', QUIRE_SECRET: 'first-secret-with-at-least-32-characters' });
    const app = await buildApp(config);
    let token: string;
    try {
      expect(await getSetting(app.db, SECRET_SETTING)).toBeUndefined();
      const ctx = { app, config, verifyCount: () => 0, advance: () => {} };
      const email = uniqueEmail('env-secret');
      await registerActive(ctx, email);
      token = (await login(ctx, email)).content.session.access_token;
    } finally {
      await app.close();
    }
    const rotated = await buildApp({ ...config, secret: 'another-secret-with-at-least-32-characters' });
    try {
      const res = await call(rotated, '/profile/session', undefined, { token });
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'SESSION', code: 149 } });
    } finally {
      await rotated.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
