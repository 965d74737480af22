import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type ConfigSource, DEFAULT_CLIENT_CONFIG, dataHost, readClientConfig } from '../../../src/api';
import { ClientConfigSchema } from '../../../src/contracts/client-config-schema';

const doc = (text: string | null): ConfigSource => ({
  getElementById: (id) => (id === 'quire-config' && text !== null ? { textContent: text } : null),
});

describe('readClientConfig', () => {
  it('falls back to the defaults when the element is missing, empty or not JSON', () => {
    for (const text of [null, '', '{oops']) expect(readClientConfig(doc(text))).toEqual(DEFAULT_CLIENT_CONFIG);
    expect(DEFAULT_CLIENT_CONFIG).toMatchObject({ api: '/api', data: '/api', dataSecure: '/api', upload: '/api', viewer: '', dev: false });
  });

  it('reads the injected hosts, keeping defaults for missing or malformed fields', () => {
    const config = readClientConfig(
      doc(JSON.stringify({ api: 'https://api.example/api', dataSecure: 'https://secure.example', beacon: 42, dev: true, other: 'x' })),
    );
    expect(config).toEqual({
      ...DEFAULT_CLIENT_CONFIG,
      api: 'https://api.example/api',
      dataSecure: 'https://secure.example',
      dev: true,
    });
  });

  it('ignores a config that is not an object', () => {
    expect(readClientConfig(doc('[1,2]'))).toEqual(DEFAULT_CLIENT_CONFIG);
  });
});

describe('dataHost', () => {
  const config = { ...DEFAULT_CLIENT_CONFIG, data: 'http://data.example', dataSecure: 'https://data.example' };
  it('uses the secure host on https pages or for logged-in users (SPEC §9)', () => {
    expect(dataHost(config, { https: false, loggedIn: false })).toBe('http://data.example');
    expect(dataHost(config, { https: true, loggedIn: false })).toBe('https://data.example');
    expect(dataHost(config, { https: false, loggedIn: true })).toBe('https://data.example');
  });
});

describe('readClientConfig and ClientConfigSchema', () => {
  // The boot reads the config without valibot (first load); it must read what the schema reads.
  const inputs: unknown[] = [
    {},
    { api: 'https://a.example', captcha: 'recaptcha', recaptchaSiteKey: 'k', social: ['google', 'facebook'], tracker: 'dataLayer' },
    { captcha: 'hcaptcha', social: ['google', 3], scripts: { support_chat: 'https://chat.example/s.js', page_testing: 7 } },
    { scripts: 'x', social: 'google', dev: 'true', helpUrl: null, developersUrl: 'https://dev.example', embed: 'https://e.example' },
    { captcha: 'none', dev: false, scripts: { page_testing: 'https://t.example/t.js', other: 'y' }, viewer: 'https://v.example' },
    { billing: ['stripe', 'manual'] },
    { billing: ['stripe', 4] },
    { billing: 'stripe' },
  ];
  it.each(inputs.map((input) => [JSON.stringify(input), input]))('reads %s as the schema does', (text, input) => {
    expect(readClientConfig(doc(text))).toEqual(v.parse(ClientConfigSchema, input));
  });
});
