import { describe, expect, it } from 'vitest';
import {
  acceptLanguage,
  browserFamily,
  classifySource,
  hostOf,
  isBotAgent,
  isBotRequest,
  optedOut,
  ownHosts,
  visitorHash,
} from '../../src/server/stats/classify';

/** Statistics (issue 17): where a visit came from, bots, browsers, the visitor's hash. */

const own = ownHosts(['https://quire.example', 'http://viewer.quire.example:8080/read', '/relative', undefined]);

describe('classifySource', () => {
  it('knows this site’s own hosts from configuration (absolute addresses only)', () => {
    expect([...own]).toEqual(['quire.example', 'viewer.quire.example:8080']);
  });

  it('share marker first, then embed and widget, search engines, other sites, else direct', () => {
    const cases: [Parameters<typeof classifySource>[0], ReturnType<typeof classifySource>][] = [
      [
        { ctx: 'reader', share: 'facebook', ref: 'https://www.facebook.com/' },
        { source: 'share', host: 'facebook' },
      ],
      [
        { ctx: 'embed', share: 'x', ref: 'https://blog.example' },
        { source: 'share', host: 'x' },
      ],
      [
        { ctx: 'embed', ref: 'https://blog.example/post?id=1' },
        { source: 'embed', host: 'blog.example' },
      ],
      [
        { ctx: 'widget', ref: 'http://shop.example:3000/' },
        { source: 'embed', host: 'shop.example:3000' },
      ],
      // A frame navigated from our own widget page: embedded, the site unknown.
      [
        { ctx: 'widget', ref: 'https://quire.example/library/?id=1' },
        { source: 'embed', host: '' },
      ],
      [{ ctx: 'embed' }, { source: 'embed', host: '' }],
      [
        { ctx: 'reader', ref: 'https://www.google.com/search?q=x' },
        { source: 'search', host: 'www.google.com' },
      ],
      [
        { ctx: 'reader', ref: 'https://www.google.co.uk/' },
        { source: 'search', host: 'www.google.co.uk' },
      ],
      [
        { ctx: 'reader', ref: 'https://www.bing.com/search' },
        { source: 'search', host: 'www.bing.com' },
      ],
      [
        { ctx: 'reader', ref: 'https://duckduckgo.com/' },
        { source: 'search', host: 'duckduckgo.com' },
      ],
      [
        { ctx: 'reader', ref: 'https://yandex.ru/search' },
        { source: 'search', host: 'yandex.ru' },
      ],
      [
        { ctx: 'reader', ref: 'https://search.brave.com/search?q=a' },
        { source: 'search', host: 'search.brave.com' },
      ],
      // Look-alikes are other sites.
      [
        { ctx: 'reader', ref: 'https://google.evil.example/' },
        { source: 'referrer', host: 'google.evil.example' },
      ],
      [
        { ctx: 'reader', ref: 'https://notgoogle.com/' },
        { source: 'referrer', host: 'notgoogle.com' },
      ],
      [
        { ctx: 'reader', ref: 'https://News.Example.NET/a/b?c=d#e' },
        { source: 'referrer', host: 'news.example.net' },
      ],
      [
        { ctx: 'reader', ref: 'https://quire.example/explorer' },
        { source: 'direct', host: '' },
      ],
      [
        { ctx: 'reader', ref: 'http://viewer.quire.example:8080/read/x' },
        { source: 'direct', host: '' },
      ],
      [
        { ctx: 'reader', ref: 'not a url' },
        { source: 'direct', host: '' },
      ],
      [
        { ctx: 'reader', ref: 'javascript:alert(1)' },
        { source: 'direct', host: '' },
      ],
      [{ ctx: 'reader' }, { source: 'direct', host: '' }],
    ];
    for (const [input, expected] of cases) expect(classifySource(input, own), JSON.stringify(input)).toEqual(expected);
  });

  it('keeps hosts only, never paths or queries', () => {
    expect(hostOf('https://user:pw@example.org:8443/path?q=1')).toBe('example.org:8443');
    expect(hostOf('https://example.org:443/')).toBe('example.org');
    expect(hostOf('ftp://example.org/')).toBe('');
  });
});

describe('bots and opt-outs', () => {
  it('leaves out bots, headless browsers, tools and empty agents', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      '',
      undefined,
    ]) {
      expect(isBotAgent(ua), String(ua)).toBe(true);
    }
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect(isBotAgent(firefox)).toBe(false);
    expect(isBotRequest({ 'user-agent': firefox, 'accept-language': 'fr-FR,fr;q=0.9' })).toBe(false);
    expect(isBotRequest({ 'user-agent': firefox })).toBe(true);
    expect(isBotRequest({ 'user-agent': firefox, 'accept-language': ' ' })).toBe(true);
  });

  it('Do Not Track and Global Privacy Control', () => {
    expect(optedOut({ dnt: '1' })).toBe(true);
    expect(optedOut({ 'sec-gpc': '1' })).toBe(true);
    expect(optedOut({ dnt: '0' })).toBe(false);
    expect(optedOut({})).toBe(false);
  });
});

describe('browsers, languages, visitors', () => {
  it('names the browser family', () => {
    expect(
      browserFamily('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    ).toBe('chrome');
    expect(
      browserFamily(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('edge');
    expect(
      browserFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('safari');
    expect(browserFamily('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('firefox');
    expect(
      browserFamily(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('samsung');
    expect(
      browserFamily(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
      ),
    ).toBe('opera');
    expect(browserFamily('Lynx/2.9.0')).toBe('other');
    expect(browserFamily(undefined)).toBe('other');
  });

  it('takes the primary language of Accept-Language', () => {
    expect(acceptLanguage('pt-BR,pt;q=0.9')).toBe('pt');
    expect(acceptLanguage('*')).toBe('');
    expect(acceptLanguage(undefined)).toBe('');
  });

  it('hashes a visitor per salt, address, agent and book, without the address in it', () => {
    const a = visitorHash('salt-1', '203.0.113.9', 'UA', 'book1');
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).toBe(visitorHash('salt-1', '203.0.113.9', 'UA', 'book1'));
    expect(visitorHash('salt-2', '203.0.113.9', 'UA', 'book1')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.10', 'UA', 'book1')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.9', 'UA2', 'book1')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.9', 'UA', 'book2')).not.toBe(a);
  });
});
