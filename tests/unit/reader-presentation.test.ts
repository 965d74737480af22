import { describe, expect, it } from 'vitest';
import { CC_LICENSES, cssUrl, httpUrl, licenseInfo, parseBackground } from '../../src/viewer/render/presentation';

describe('reader presentation: background', () => {
  it('accepts hex colours in their four lengths, lower-cased', () => {
    expect(parseBackground('#FfA')).toEqual({ color: '#ffa' });
    expect(parseBackground('#ffaa')).toEqual({ color: '#ffaa' });
    expect(parseBackground(' #1A2b3C ')).toEqual({ color: '#1a2b3c' });
    expect(parseBackground('#1a2b3c80')).toEqual({ color: '#1a2b3c80' });
  });

  it('accepts http(s) images, normalised by the URL parser', () => {
    expect(parseBackground('https://cdn.example.com/bg one.jpg')).toEqual({ image: 'https://cdn.example.com/bg%20one.jpg' });
    expect(parseBackground('http://example.com/a.png?x=1')).toEqual({ image: 'http://example.com/a.png?x=1' });
  });

  it('refuses CSS fragments, other schemes, bad colours and empties', () => {
    for (const bad of [
      null,
      '',
      '   ',
      '#12',
      '#12345',
      '#ggg',
      'red',
      'red; color: blue',
      '#fff;background:url(https://evil.example/x)',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/relative/bg.png',
      'resource:abc123',
      'url(https://example.com/x.png)',
    ])
      expect(parseBackground(bad), String(bad)).toBeNull();
  });

  it('builds a url() that quotes, parentheses and backslashes cannot break out of', () => {
    const parsed = parseBackground(`https://example.com/a")b'c(d)\\e.png`);
    expect(parsed).not.toBeNull();
    const css = cssUrl((parsed as { image: string }).image);
    expect(css.startsWith('url("')).toBe(true);
    expect(css.endsWith('")')).toBe(true);
    const inner = css.slice(5, -2);
    expect(inner).not.toMatch(/["'()\\\s]/);
    expect(cssUrl('https://x.example/a(b)')).toBe('url("https://x.example/a%28b%29")');
  });
});

describe('reader presentation: links', () => {
  it('keeps only absolute http(s) URLs', () => {
    expect(httpUrl('https://quire.example/about')).toBe('https://quire.example/about');
    expect(httpUrl('HTTP://Quire.Example')).toBe('http://quire.example/');
    for (const bad of [null, undefined, '', 'mailto:a@b.c', 'javascript:alert(1)', '//evil.example', 'ftp://x.example', 'nope'])
      expect(httpUrl(bad), String(bad)).toBeNull();
  });
});

describe('reader presentation: license badge', () => {
  it('maps every CC variant to its short label and 4.0 deed', () => {
    expect(licenseInfo('by_nc')).toEqual({ kind: 'cc', label: 'CC BY-NC', url: 'https://creativecommons.org/licenses/by-nc/4.0/' });
    expect(licenseInfo('by_nc_nd')).toEqual({
      kind: 'cc',
      label: 'CC BY-NC-ND',
      url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
    });
    const labels = CC_LICENSES.map((c) => (licenseInfo(c) as { label: string }).label);
    expect(labels).toEqual(['CC BY', 'CC BY-NC', 'CC BY-NC-ND', 'CC BY-NC-SA', 'CC BY-ND', 'CC BY-SA']);
    for (const c of CC_LICENSES)
      expect((licenseInfo(c) as { url: string }).url).toBe(`https://creativecommons.org/licenses/${c.replaceAll('_', '-')}/4.0/`);
  });

  it('public domain, all rights reserved and unknown codes', () => {
    expect(licenseInfo('pd')).toEqual({ kind: 'pd', url: 'https://creativecommons.org/publicdomain/mark/1.0/' });
    expect(licenseInfo('')).toEqual({ kind: 'all' });
    expect(licenseInfo(null)).toEqual({ kind: 'all' });
    expect(licenseInfo('by_xx')).toEqual({ kind: 'all' });
    expect(licenseInfo('"><script>')).toEqual({ kind: 'all' });
  });
});
