import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClientConfigSchema } from '../../src/contracts/client-config-schema';
import { ConfigError, loadConfig, publicClientConfig } from '../../src/server/config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: path.resolve('data'),
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: path.resolve('data/quire.db') },
      smtpUrl: undefined,
      dev: false,
      publicUrl: 'http://localhost:3000',
      publicHosts: [],
      logLevel: 'info',
      requestLog: { slowMs: 1000, summaryMs: 300_000 },
      publicDir: path.resolve('dist/public'),
      trustProxy: false,
      hosts: {
        api: '/api',
        data: '/api',
        dataSecure: '/api',
        upload: '/api',
        viewer: '',
        embed: '',
        static: '',
        skins: '',
        thumbs: '',
        beacon: '',
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      QUIRE_DATA_DIR: '/srv/quire',
      QUIRE_PORT: '8080',
      QUIRE_HOST: '127.0.0.1',
      QUIRE_DATABASE_URL: 'postgres://quire:secret@db:5432/quire',
      QUIRE_SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      QUIRE_DEV: '1',
      QUIRE_PUBLIC_URL: 'https://books.example.com/',
      QUIRE_LOG_LEVEL: 'debug',
      QUIRE_LOG_SLOW: '250',
      QUIRE_LOG_SUMMARY: '60',
      QUIRE_PUBLIC_DIR: '/srv/quire-client',
      QUIRE_TRUST_PROXY: '1',
      QUIRE_PUBLIC_HOSTS: 'https://alt.example.com/, HTTP://Intranet.example:8080,https://alt.example.com:443',
      QUIRE_API_URL: 'https://api.example.com/v/',
      QUIRE_DATA_URL: 'https://data.example.com',
      QUIRE_VIEWER_URL: '/viewer/',
      QUIRE_STATIC_URL: 'https://cdn.example.com/static',
      QUIRE_THUMBS_URL: 'https://thumbs.example.com',
    });
    expect(config).toMatchObject({
      dataDir: '/srv/quire',
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://quire:secret@db:5432/quire' },
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      dev: true,
      publicUrl: 'https://books.example.com',
      publicHosts: ['https://alt.example.com', 'http://intranet.example:8080'],
      logLevel: 'debug',
      requestLog: { slowMs: 250, summaryMs: 60_000 },
      publicDir: '/srv/quire-client',
      trustProxy: true,
      hosts: {
        api: 'https://api.example.com/v',
        data: 'https://data.example.com',
        dataSecure: 'https://data.example.com',
        upload: 'https://api.example.com/v',
        viewer: '/viewer',
        embed: '',
        static: 'https://cdn.example.com/static',
        thumbs: 'https://thumbs.example.com',
      },
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ QUIRE_PORT: '', QUIRE_DATABASE_URL: '', QUIRE_API_URL: '' })).toMatchObject({
      port: 3000,
      database: { kind: 'sqlite' },
      hosts: { api: '/api' },
    });
  });

  it.each([
    ['QUIRE_PORT', 'abc', 'QUIRE_PORT: must be an integer between 1 and 65535 (got "abc")'],
    ['QUIRE_PORT', '0', 'QUIRE_PORT: must be an integer between 1 and 65535 (got "0")'],
    ['QUIRE_PORT', '70000', 'QUIRE_PORT: must be an integer between 1 and 65535'],
    ['QUIRE_PORT', '3000.5', 'QUIRE_PORT: must be an integer'],
    ['QUIRE_DATABASE_URL', 'mysql://db/quire', 'QUIRE_DATABASE_URL: must be a postgres:// URL'],
    ['QUIRE_DATABASE_URL', 'quire.db', 'QUIRE_DATABASE_URL: must be a postgres:// URL'],
    ['QUIRE_DEV', 'yes', 'QUIRE_DEV: must be 0 or 1 (got "yes")'],
    ['QUIRE_TRUST_PROXY', 'true', 'QUIRE_TRUST_PROXY: must be 0 or 1'],
    ['QUIRE_API_URL', 'ftp://files.example.com', 'QUIRE_API_URL: must be an absolute http(s) URL or a path starting with /'],
    ['QUIRE_VIEWER_URL', 'cdn.example.com', 'QUIRE_VIEWER_URL: must be an absolute http(s) URL or a path'],
    ['QUIRE_BEACON_URL', '//cdn.example.com', 'QUIRE_BEACON_URL: must be an absolute http(s) URL or a path'],
    ['QUIRE_DATA_SECURE_URL', 'https://data.example.com/?x=1', 'QUIRE_DATA_SECURE_URL: must be'],
    ['QUIRE_PUBLIC_URL', '/relative', 'QUIRE_PUBLIC_URL: must be an absolute http(s) URL'],
    ['QUIRE_PUBLIC_HOSTS', 'alt.example.com', 'QUIRE_PUBLIC_HOSTS: must be a comma-separated list of http(s) origins'],
    ['QUIRE_PUBLIC_HOSTS', 'https://alt.example.com/quire', 'QUIRE_PUBLIC_HOSTS: must be a comma-separated list of http(s) origins'],
    ['QUIRE_PUBLIC_HOSTS', 'https://alt.example.com,', 'QUIRE_PUBLIC_HOSTS: must be'],
    ['QUIRE_PUBLIC_HOSTS', 'https://user@alt.example.com', 'QUIRE_PUBLIC_HOSTS: must be'],
    ['QUIRE_PUBLIC_HOSTS', 'https://alt.example.com/?x', 'QUIRE_PUBLIC_HOSTS: must be'],
    ['QUIRE_PUBLIC_HOSTS', 'ftp://alt.example.com', 'QUIRE_PUBLIC_HOSTS: must be'],
    ['QUIRE_SMTP_URL', 'http://mail.example.com', 'QUIRE_SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['QUIRE_LOG_LEVEL', 'verbose', 'QUIRE_LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    ['QUIRE_HOST', 'local host', 'QUIRE_HOST: must be a host name or IP address'],
    ['QUIRE_LOG_SLOW', '1s', 'QUIRE_LOG_SLOW: must be a number of milliseconds between 0 and 3600000 (0 = off) (got "1s")'],
    ['QUIRE_LOG_SLOW', '3600001', 'QUIRE_LOG_SLOW: must be a number of milliseconds'],
    ['QUIRE_LOG_SLOW', '-5', 'QUIRE_LOG_SLOW: must be a number of milliseconds'],
    ['QUIRE_LOG_SUMMARY', '5m', 'QUIRE_LOG_SUMMARY: must be a number of seconds between 0 and 86400 (0 = off) (got "5m")'],
    ['QUIRE_LOG_SUMMARY', '86401', 'QUIRE_LOG_SUMMARY: must be a number of seconds'],
  ])('names %s when it is %j', (name, value, message) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(message);
    expect(error.variables).toEqual([name]);
  });

  it('turns slow-request logging and the request summary off with 0', () => {
    expect(loadConfig({ QUIRE_LOG_SLOW: '0', QUIRE_LOG_SUMMARY: '0' }).requestLog).toEqual({ slowMs: 0, summaryMs: 0 });
  });

  it('defaults the public URL to http://localhost:$QUIRE_PORT, never anything a request could name', () => {
    expect(loadConfig({ QUIRE_PORT: '4390' }).publicUrl).toBe('http://localhost:4390');
    expect(loadConfig({ QUIRE_PORT: '4390', QUIRE_PUBLIC_URL: 'https://books.example.com/quire/' }).publicUrl).toBe(
      'https://books.example.com/quire',
    );
  });

  it('takes QUIRE_PUBLIC_HOSTS only behind a trusted proxy', () => {
    const error = configError({ QUIRE_PUBLIC_HOSTS: 'https://alt.example.com' });
    expect(error.message).toBe('QUIRE_PUBLIC_HOSTS: is only used behind a trusted proxy (QUIRE_TRUST_PROXY=1)');
    expect(error.variables).toEqual(['QUIRE_PUBLIC_HOSTS']);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '1', QUIRE_PUBLIC_HOSTS: ' https://alt.example.com ' }).publicHosts).toEqual([
      'https://alt.example.com',
    ]);
    expect(loadConfig({ QUIRE_TRUST_PROXY: '1' }).publicHosts).toEqual([]);
  });

  it('lists every bad variable at once', () => {
    const error = configError({ QUIRE_PORT: 'x', QUIRE_DEV: '2', QUIRE_EMBED_URL: 'nope' });
    expect(error.variables).toEqual(['QUIRE_PORT', 'QUIRE_DEV', 'QUIRE_EMBED_URL']);
    expect(error.message.split('; ')).toHaveLength(3);
  });
});

describe('publicClientConfig', () => {
  it('gives the browser hosts, dev flag and languages, and nothing secret', () => {
    const config = loadConfig({
      QUIRE_DEV: '1',
      QUIRE_DATABASE_URL: 'postgres://quire:secret@db/quire',
      QUIRE_SMTP_URL: 'smtp://user:secret@mail',
      QUIRE_DATA_DIR: '/srv/private',
    });
    const pub = publicClientConfig(config);
    const { thumbs, ...hosts } = config.hosts;
    expect(pub).toEqual({
      ...hosts,
      thumbnails: thumbs,
      dev: true,
      captcha: 'none',
      recaptchaSiteKey: '',
      social: [],
      helpUrl: '',
      developersUrl: '',
      scripts: { support_chat: '', page_testing: '' },
      tracker: '',
      billing: [],
    });
    // The browser parses it with the shared contract without falling back to defaults.
    expect(v.parse(ClientConfigSchema, JSON.parse(JSON.stringify(pub)))).toEqual(pub);
    expect(JSON.stringify(pub)).not.toMatch(/secret|private|smtp|postgres/);
  });

  it('gives the help centre and developer site when configured, refusing anything but an http(s) URL', () => {
    const pub = publicClientConfig(
      loadConfig({ QUIRE_HELP_URL: 'https://help.example.org/quire', QUIRE_DEVELOPERS_URL: 'https://dev.example.org' }),
    );
    expect(pub).toMatchObject({ helpUrl: 'https://help.example.org/quire', developersUrl: 'https://dev.example.org/' });
    for (const bad of ['javascript:alert(1)', '/help', 'https://user:pw@help.example.org', 'nope'])
      expect(() => loadConfig({ QUIRE_HELP_URL: bad }), bad).toThrow(/QUIRE_HELP_URL: must be an absolute http\(s\) URL/);
  });

  it('names the captcha and gives the reCAPTCHA site key, never its secret', () => {
    expect(publicClientConfig(loadConfig({}))).toMatchObject({ captcha: 'altcha', recaptchaSiteKey: '' });
    const config = loadConfig({
      QUIRE_CAPTCHA: 'recaptcha',
      QUIRE_RECAPTCHA_SECRET: 'server-secret-key-123',
      QUIRE_RECAPTCHA_SITE_KEY: 'public-site-key-456',
      QUIRE_SECRET: 'x'.repeat(40),
    });
    const pub = publicClientConfig(config);
    expect(pub).toMatchObject({ captcha: 'recaptcha', recaptchaSiteKey: 'public-site-key-456' });
    expect(JSON.stringify(pub)).not.toMatch(/server-secret|xxxx/);
    expect(v.parse(ClientConfigSchema, JSON.parse(JSON.stringify(pub)))).toEqual(pub);
  });

  it('old pages without the captcha fields still parse', () => {
    const old = v.parse(ClientConfigSchema, { api: '/api', dev: false });
    expect(old).toMatchObject({ captcha: 'altcha', recaptchaSiteKey: '' });
  });
});

describe('sign-in settings', () => {
  it('has defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      secret: undefined,
      captcha: 'altcha',
      recaptcha: undefined,
      mailFrom: 'Quire <no-reply@localhost>',
      tokenTtl: 3600,
      filesizeLimits: { FREE: 100 * 1024 * 1024, PREMIUM: 500 * 1024 * 1024, PLATINUM: 1024 * 1024 * 1024 },
      prices: {},
    });
  });

  it("reads the plans' prices (QUIRE_PRICES)", () => {
    expect(loadConfig({ QUIRE_PRICES: 'PREMIUM=9.90 EUR/month, PLATINUM=290 EUR/year' }).prices).toEqual({
      PREMIUM: { amount: 9.9, currency: 'EUR', period: 'month' },
      PLATINUM: { amount: 290, currency: 'EUR', period: 'year' },
    });
  });

  it('reads them', () => {
    const config = loadConfig({
      QUIRE_SECRET: 'a-long-secret-of-at-least-32-characters!',
      QUIRE_CAPTCHA: 'recaptcha',
      QUIRE_RECAPTCHA_SECRET: '6LcSecretSecretSecret',
      QUIRE_RECAPTCHA_SITE_KEY: '6LcSiteSiteSiteSite',
      QUIRE_MAIL_FROM: 'Books <books@example.com>',
      QUIRE_TOKEN_TTL: '600',
      QUIRE_FILESIZE_LIMITS: 'free=10M, PLATINUM=2G',
    });
    expect(config).toMatchObject({
      secret: 'a-long-secret-of-at-least-32-characters!',
      captcha: 'recaptcha',
      recaptcha: { secret: '6LcSecretSecretSecret', siteKey: '6LcSiteSiteSiteSite' },
      mailFrom: 'Books <books@example.com>',
      tokenTtl: 600,
      filesizeLimits: { FREE: 10 * 1024 * 1024, PREMIUM: 500 * 1024 * 1024, PLATINUM: 2 * 1024 * 1024 * 1024 },
    });
    expect(loadConfig({ QUIRE_MAIL_FROM: 'plain@example.com', QUIRE_CAPTCHA: 'none', QUIRE_DEV: '1' })).toMatchObject({
      mailFrom: 'plain@example.com',
      captcha: 'none',
    });
  });

  it.each([
    [{ QUIRE_SECRET: 'too-short' }, ['QUIRE_SECRET']],
    [{ QUIRE_CAPTCHA: 'hcaptcha' }, ['QUIRE_CAPTCHA']],
    [{ QUIRE_CAPTCHA: 'none' }, ['QUIRE_CAPTCHA']],
    [{ QUIRE_CAPTCHA: 'recaptcha' }, ['QUIRE_RECAPTCHA_SECRET', 'QUIRE_RECAPTCHA_SITE_KEY']],
    [{ QUIRE_CAPTCHA: 'recaptcha', QUIRE_RECAPTCHA_SECRET: '6LcSecretSecretSecret' }, ['QUIRE_RECAPTCHA_SITE_KEY']],
    [{ QUIRE_MAIL_FROM: 'not an address' }, ['QUIRE_MAIL_FROM']],
    [{ QUIRE_MAIL_FROM: 'A <a@b.c>\nBcc: x@y.z' }, ['QUIRE_MAIL_FROM']],
    [{ QUIRE_TOKEN_TTL: '0' }, ['QUIRE_TOKEN_TTL']],
    [{ QUIRE_TOKEN_TTL: '1h' }, ['QUIRE_TOKEN_TTL']],
    [{ QUIRE_FILESIZE_LIMITS: 'GOLD=1G' }, ['QUIRE_FILESIZE_LIMITS']],
    [{ QUIRE_FILESIZE_LIMITS: 'FREE=0' }, ['QUIRE_FILESIZE_LIMITS']],
    [{ QUIRE_PRICES: 'PREMIUM=9.90' }, ['QUIRE_PRICES']],
    [{ QUIRE_PRICES: 'PREMIUM=9.90 XYZ/month' }, ['QUIRE_PRICES']],
    [{ QUIRE_PRICES: 'GOLD=9 EUR/month' }, ['QUIRE_PRICES']],
    [{ QUIRE_PRICES: 'PREMIUM=9 EUR/month,PREMIUM=10 EUR/month' }, ['QUIRE_PRICES']],
    [{ QUIRE_PRICES: 'PREMIUM=9.999 EUR/week' }, ['QUIRE_PRICES']],
    [{ QUIRE_SUPPORT_EMAIL: 'support' }, ['QUIRE_SUPPORT_EMAIL']],
    [{ QUIRE_SUPPORT_EMAIL: 'a@b.c\nBcc: x@y.z' }, ['QUIRE_SUPPORT_EMAIL']],
    [{ QUIRE_BLOG_FEED_URL: 'ftp://blog.example/feed' }, ['QUIRE_BLOG_FEED_URL']],
    [{ QUIRE_BLOG_FEED_URL: 'feed.xml' }, ['QUIRE_BLOG_FEED_URL']],
  ])('refuses %j naming %j', (env, names) => {
    const error = configError(env as Record<string, string>);
    expect(error.variables).toEqual(names);
    for (const name of names) expect(error.message).toContain(name);
  });
});

describe('contact and blog settings', () => {
  it('has no support address and no feed by default, and reads them when set', () => {
    expect(loadConfig({})).toMatchObject({ supportEmail: undefined, blogFeedUrl: undefined });
    expect(
      loadConfig({ QUIRE_SUPPORT_EMAIL: 'help@books.example', QUIRE_BLOG_FEED_URL: 'https://blog.example/{lang}/feed.xml' }),
    ).toMatchObject({ supportEmail: 'help@books.example', blogFeedUrl: 'https://blog.example/{lang}/feed.xml' });
  });
});

describe('CSP with the reCAPTCHA option', () => {
  it('admits Google reCAPTCHA scripts and frames only when QUIRE_CAPTCHA=recaptcha', async () => {
    const { cspDirectives } = await import('../../src/server/plugins/security');
    const strict = cspDirectives(loadConfig({}));
    expect(strict['script-src']).toEqual(["'self'"]);
    expect(strict['frame-src']).toBeUndefined();
    const withRecaptcha = cspDirectives(
      loadConfig({ QUIRE_CAPTCHA: 'recaptcha', QUIRE_RECAPTCHA_SECRET: 's'.repeat(20), QUIRE_RECAPTCHA_SITE_KEY: 'k'.repeat(20) }),
    );
    expect(withRecaptcha['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    // Our own reader stays framable beside them (the feature pages' live demo).
    expect(withRecaptcha['frame-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(withRecaptcha['object-src']).toEqual(["'none'"]);
  });

  it('admits frames of the reader on its own origin (QUIRE_VIEWER_URL), and only then', async () => {
    const { cspDirectives } = await import('../../src/server/plugins/security');
    const remote = cspDirectives(loadConfig({ QUIRE_VIEWER_URL: 'https://read.quire.example/books' }));
    expect(remote['frame-src']).toEqual(["'self'", 'https://read.quire.example']);
    expect(remote['script-src']).toEqual(["'self'"]);
    expect(cspDirectives(loadConfig({ QUIRE_VIEWER_URL: '/viewer' }))['frame-src']).toBeUndefined();
  });
});

describe('billing in the client configuration (issue 21)', () => {
  it('names the providers the server sells with, none without billing, and never a secret', async () => {
    const { BILLING_ENV } = await import('./billing-support');
    expect(publicClientConfig(loadConfig({})).billing).toEqual([]);
    const env = {
      ...BILLING_ENV,
      QUIRE_BILLING_PROVIDERS: 'stripe,manual',
      QUIRE_STRIPE_SECRET_KEY: 'sk_test_quire0123456789',
      QUIRE_STRIPE_WEBHOOK_SECRET: 'whsec_quireTestSecret0123456789',
    };
    const pub = publicClientConfig(loadConfig(env));
    expect(pub.billing).toEqual(['stripe', 'manual']);
    expect(v.parse(ClientConfigSchema, JSON.parse(JSON.stringify(pub)))).toEqual(pub);
    expect(JSON.stringify(pub)).not.toMatch(/sk_test|whsec|IBAN/);
  });
});

describe('third-party scripts and the marketing tracker (SPEC §7)', () => {
  it('are off by default: nothing in the client config, the CSP names no other origin', async () => {
    const { appCspDirectives } = await import('../../src/server/plugins/security');
    const config = loadConfig({});
    expect(config.scripts).toEqual({ support_chat: undefined, page_testing: undefined });
    expect(publicClientConfig(config)).toMatchObject({ scripts: { support_chat: '', page_testing: '' }, tracker: '' });
    const csp = appCspDirectives(config);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
  });

  it('admits exactly the configured script origins to scripts, connections and frames of the app', async () => {
    const { appCspDirectives, cspDirectives } = await import('../../src/server/plugins/security');
    const config = loadConfig({
      QUIRE_SUPPORT_CHAT_URL: 'https://chat.example.com/widget/loader.js?id=42',
      QUIRE_PAGE_TESTING_URL: '/vendor/page-testing.js',
      QUIRE_TRACKER: 'dataLayer',
    });
    expect(publicClientConfig(config)).toMatchObject({
      scripts: { support_chat: 'https://chat.example.com/widget/loader.js?id=42', page_testing: '/vendor/page-testing.js' },
      tracker: 'dataLayer',
    });
    const csp = appCspDirectives(config);
    expect(csp['script-src']).toEqual(["'self'", 'https://chat.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://chat.example.com']);
    // Frames of our own origin stay allowed (the policy without frame-src framed what default-src allows).
    expect(csp['frame-src']).toEqual(["'self'", 'https://chat.example.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    // The reader and the public pages load none of them.
    expect(cspDirectives(config)['script-src']).toEqual(["'self'"]);
  });

  it.each([
    [{ QUIRE_SUPPORT_CHAT_URL: 'javascript:alert(1)' }, ['QUIRE_SUPPORT_CHAT_URL']],
    [{ QUIRE_SUPPORT_CHAT_URL: '//chat.example.com/x.js' }, ['QUIRE_SUPPORT_CHAT_URL']],
    [{ QUIRE_PAGE_TESTING_URL: 'https://user:pw@tests.example.com/x.js' }, ['QUIRE_PAGE_TESTING_URL']],
    [{ QUIRE_PAGE_TESTING_URL: 'https://tests.example.com/x.js#frag' }, ['QUIRE_PAGE_TESTING_URL']],
    [{ QUIRE_TRACKER: 'window.dataLayer' }, ['QUIRE_TRACKER']],
    [{ QUIRE_TRACKER: '1layer' }, ['QUIRE_TRACKER']],
  ])('refuses %j', (env, names) => {
    const error = configError(env as Record<string, string>);
    expect(error.variables).toEqual(names);
  });
});
