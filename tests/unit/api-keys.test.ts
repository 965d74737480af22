import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ApiKeyDraft,
  apiKeysMachine,
  createRequest,
  draftErrors,
  endOfDay,
  expiryBounds,
  expiryError,
} from '../../machines/account-sections/api-keys.machine';
import { API_KEYS_TODAY, createdApiKey, sampleApiKeys } from '../../machines/account-sections/fixtures';
import { API_KEY_EXPIRY_MAX_DAYS, type ApiKey, type ApiKeyCreate, apiKeyExpiryProblem } from '../../src/contracts/api-keys';
import { apiBaseUrl, keyStatus } from '../../src/web/components/api-keys/ApiKeysSection';

/** /account/apikey: the create dialog's validation, the expiry window shared with the server, the flow's calls. */

const today = API_KEYS_TODAY;
const draft = (over: Partial<ApiKeyDraft> = {}): ApiKeyDraft => ({ name: 'Build server', rights: ['read'], expiry: '', ...over });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the create dialog’s validation', () => {
  it('needs a name of at most 80 characters and at least one right', () => {
    expect(draftErrors(draft(), today)).toEqual({ name: null, rights: null, expiry: null });
    expect(draftErrors(draft({ name: '   ' }), today).name).toBe('validation.required');
    expect(draftErrors(draft({ name: 'x'.repeat(81) }), today).name).toBe('validation.max');
    expect(draftErrors(draft({ rights: [] }), today).rights).toBe('apikey.rights.required');
  });

  it('takes an expiry from tomorrow to the maximum ahead, or none', () => {
    const { min, max } = expiryBounds(today);
    expect(min).toBe('2026-11-30');
    expect(expiryError('', today)).toBeNull();
    expect(expiryError(min, today)).toBeNull();
    expect(expiryError(max, today)).toBeNull();
    expect(expiryError(today, today)).toBe('apikey.expiry.past');
    expect(expiryError('2020-01-01', today)).toBe('apikey.expiry.past');
    expect(expiryError('2099-01-01', today)).toBe('apikey.expiry.far');
    expect(expiryError('29/11/2026', today)).toBe('validation.invalid');
  });

  it('sends the end of the chosen day, which the server’s window accepts', () => {
    const request = createRequest(draft({ name: '  Nightly  ', rights: ['publish', 'read'], expiry: '2027-01-15' }));
    expect(request).toEqual({ name: 'Nightly', rights: ['publish', 'read'], expires_at: endOfDay('2027-01-15') });
    expect(new Date(request.expires_at as number).getDate()).toBe(15);
    // Chosen today (local) at any hour: tomorrow and the last day offered both pass the server's check.
    const now = new Date(2026, 10, 29, 23, 30).getTime();
    expect(apiKeyExpiryProblem(endOfDay(expiryBounds('2026-11-29').min), now)).toBeNull();
    expect(apiKeyExpiryProblem(endOfDay(expiryBounds('2026-11-29').max), now)).toBeNull();
    expect(apiKeyExpiryProblem(now - 1, now)).toBe('apikey.expiry.past');
    expect(apiKeyExpiryProblem(now + (API_KEY_EXPIRY_MAX_DAYS + 2) * 86_400_000, now)).toBe('apikey.expiry.far');
  });
});

describe('the API keys machine', () => {
  function start() {
    const calls: { create: ApiKeyCreate[]; revoke: string[] } = { create: [], revoke: [] };
    let failCreate: unknown = null;
    const actor = createActor(
      apiKeysMachine.provide({
        actors: {
          loadKeys: fromPromise(async () => sampleApiKeys),
          createKey: fromPromise(async ({ input }) => {
            calls.create.push(input);
            if (failCreate) throw failCreate;
            return createdApiKey;
          }),
          revokeKey: fromPromise(async ({ input }) => {
            calls.revoke.push(input.id);
            return sampleApiKeys.map((k) => (k.id === input.id ? { ...k, revoked_at: 1 } : k));
          }),
        },
      }),
      { input: { today } },
    ).start();
    return { actor, calls, failWith: (e: unknown) => (failCreate = e) };
  }

  it('validates before sending, shows the secret once and closes only once it is stored', async () => {
    const { actor, calls, failWith } = start();
    await flush();
    expect(actor.getSnapshot().matches({ ready: { list: 'items' } })).toBe(true);
    actor.send({ type: 'user.openCreate' });
    actor.send({ type: 'user.submit' });
    expect(calls.create).toEqual([]);
    expect(actor.getSnapshot().context.draftErrors?.name).toBe('validation.required');
    actor.send({ type: 'user.name', value: 'Nightly import' });
    expect(actor.getSnapshot().context.draftErrors?.name).toBeNull();
    actor.send({ type: 'user.right', right: 'publish', on: true });

    // The limit: the dialog stays with what was typed and the reason.
    failWith(Object.assign(new Error('limit'), { kind: 'server', type: 'APIKEY', code: 1001 }));
    actor.send({ type: 'user.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ ready: { dialog: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('errors.APIKEY.1001');
    expect(actor.getSnapshot().context.draft.name).toBe('Nightly import');

    failWith(null);
    actor.send({ type: 'user.submit' });
    await flush();
    expect(calls.create.at(-1)).toEqual({ name: 'Nightly import', rights: ['read', 'publish'], expires_at: null });
    const s = actor.getSnapshot();
    expect(s.matches({ ready: 'created' })).toBe(true);
    expect(s.context.created?.secret).toBe(createdApiKey.secret);
    expect(s.context.items[0]).toEqual(createdApiKey.key);
    expect(s.can({ type: 'user.close' })).toBe(false);
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches({ ready: 'created' })).toBe(true);
    actor.send({ type: 'user.stored', on: true });
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().matches({ ready: { list: 'items' } })).toBe(true);
    // Gone from memory once closed.
    expect(actor.getSnapshot().context.created).toBeNull();
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(createdApiKey.secret);
  });

  it('revokes a live key after a confirmation, and never a revoked one', async () => {
    const { actor, calls } = start();
    await flush();
    const revoked = sampleApiKeys.find((k) => k.revoked_at !== null) as ApiKey;
    expect(actor.getSnapshot().can({ type: 'user.revoke', id: revoked.id })).toBe(false);
    actor.send({ type: 'user.revoke', id: 'k1' });
    expect(actor.getSnapshot().matches({ ready: 'confirmRevoke' })).toBe(true);
    expect(calls.revoke).toEqual([]);
    actor.send({ type: 'user.confirmRevoke' });
    await flush();
    expect(calls.revoke).toEqual(['k1']);
    expect(actor.getSnapshot().context.items.find((k) => k.id === 'k1')?.revoked_at).toBe(1);
  });
});

describe('the page’s helpers', () => {
  it('tells active, expired and revoked keys apart', () => {
    const now = Date.UTC(2026, 10, 29);
    expect(sampleApiKeys.map((k) => keyStatus(k, now))).toEqual(['active', 'active', 'expired', 'revoked']);
  });

  it('builds the API base from the configured api host, reading a relative one against the page', () => {
    expect(apiBaseUrl('https://api.example.com/', 'https://app.example.com/account/apikey')).toBe('https://api.example.com');
    expect(apiBaseUrl('/api', 'https://quire.example/account/apikey')).toBe('https://quire.example/api');
  });
});
