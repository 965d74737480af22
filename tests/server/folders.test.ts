import { beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../src/contracts/presets';
import { FOLDERS_MAX } from '../../src/contracts/presets';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { upload } from './publish-support';

/** Folders (`{api}/account/subscription/…`): list with counts, create, rename, delete, ownership, limits. */
describe.each(DIALECTS)('folders on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let owner = '';
  let other = '';

  beforeAll(async () => {
    owner = (await signedIn(ctx, 'folders-owner')).token;
    other = (await signedIn(ctx, 'folders-other')).token;
  });

  const list = async (token: string): Promise<Folder[]> => {
    const res = await call(ctx.app, '/account/subscription/', undefined, { token });
    expect(res.json().status).toBe('ok');
    return res.json().content;
  };
  const create = (token: string, name: unknown) => call(ctx.app, '/account/subscription/create', { name }, { token });
  const book = async (token: string, folder?: string) => {
    const res = await upload(
      ctx.app,
      token,
      { name: 'doc.txt', data: Buffer.from('folder book') },
      folder ? { 'subscription.id': folder } : {},
    );
    expect(res.json().status, res.body).toBe('ok');
    return res.json().content.id as string;
  };
  const folderOf = async (token: string, id: string) =>
    (await call(ctx.app, `/account/book/get?id=${id}`, undefined, { token })).json().content['subscription.id'];

  it('needs a session', async () => {
    expect((await call(ctx.app, '/account/subscription/')).json().content).toMatchObject({ type: 'SESSION', code: 301 });
    expect((await call(ctx.app, '/account/subscription/create', { name: 'x' })).json().content).toMatchObject({ code: 301 });
  });

  it('creates, lists by name with book counts, renames and deletes', async () => {
    expect(await list(owner)).toEqual([]);
    const travel = (await create(owner, '  Travel ')).json().content as Folder;
    expect(travel).toMatchObject({ name: 'Travel', books: 0 });
    const art = (await create(owner, 'art')).json().content as Folder;
    await book(owner, travel.id);
    await book(owner, travel.id);
    const third = await book(owner);
    expect((await call(ctx.app, '/account/book/update', { id: third, 'subscription.id': art.id }, { token: owner })).json().status).toBe(
      'ok',
    );
    expect(await list(owner)).toEqual([
      { id: art.id, name: 'art', books: 1 },
      { id: travel.id, name: 'Travel', books: 2 },
    ]);

    const renamed = await call(ctx.app, '/account/subscription/update', { id: art.id, name: 'Zines' }, { token: owner, method: 'PATCH' });
    expect(renamed.json().content).toEqual({ id: art.id, name: 'Zines', books: 1 });
    expect((await call(ctx.app, `/account/subscription/get?id=${travel.id}`, undefined, { token: owner })).json().content).toEqual({
      id: travel.id,
      name: 'Travel',
      books: 2,
    });

    // Deleting a folder takes its books out of it; the books stay.
    const removed = await call(ctx.app, '/account/subscription/delete', { id: travel.id }, { token: owner });
    expect(removed.json().content).toEqual({ id: travel.id, books: 2 });
    expect(await list(owner)).toEqual([{ id: art.id, name: 'Zines', books: 1 }]);
    expect(await folderOf(owner, third)).toBe(art.id);
    const books = (await call(ctx.app, '/account/book/?step=50', undefined, { token: owner })).json().content.list as { id: string }[];
    expect(books).toHaveLength(3);
    for (const b of books.filter((x) => x.id !== third)) expect(await folderOf(owner, b.id)).toBeNull();
  });

  it('keeps names unique per account ignoring case, and validates them', async () => {
    await create(owner, 'Reports');
    expect((await create(owner, 'REPORTS')).json().content).toMatchObject({ type: 'FOLDER', code: 802 });
    const mine = (await create(owner, 'Drafts')).json().content as Folder;
    const clash = await call(ctx.app, '/account/subscription/update', { id: mine.id, name: 'reports' }, { token: owner });
    expect(clash.json().content).toMatchObject({ type: 'FOLDER', code: 802 });
    // Another account may use the same name.
    expect((await create(other, 'Reports')).json().status).toBe('ok');
    for (const bad of ['', '   ', 'x'.repeat(101), 42])
      expect((await create(owner, bad)).json().content, String(bad)).toMatchObject({ type: 'VALIDATION', fields: ['name'] });
  });

  it('answers folderNotFound for another account’s folder and changes nothing', async () => {
    const theirs = (await create(other, 'Private stuff')).json().content as Folder;
    const theirBook = await book(other, theirs.id);
    for (const [path, body] of [
      ['/account/subscription/update', { id: theirs.id, name: 'Hacked' }],
      ['/account/subscription/delete', { id: theirs.id }],
      ['/account/subscription/delete', { id: 'missing' }],
    ] as const)
      expect((await call(ctx.app, path, body, { token: owner })).json().content, path).toMatchObject({ type: 'FOLDER', code: 801 });
    expect((await call(ctx.app, `/account/subscription/get?id=${theirs.id}`, undefined, { token: owner })).json().content).toMatchObject({
      code: 801,
    });
    expect((await list(other)).find((f) => f.id === theirs.id)).toEqual({ id: theirs.id, name: 'Private stuff', books: 1 });
    expect(await folderOf(other, theirBook)).toBe(theirs.id);
    expect((await list(owner)).some((f) => f.id === theirs.id)).toBe(false);
  });

  it(`stops at ${FOLDERS_MAX} folders per account`, async () => {
    const { token } = await signedIn(ctx, 'folders-many');
    for (let i = 0; i < FOLDERS_MAX; i++) expect((await create(token, `Folder ${i}`)).json().status).toBe('ok');
    expect((await create(token, 'One too many')).json().content).toMatchObject({ type: 'FOLDER', code: 803 });
    expect(await list(token)).toHaveLength(FOLDERS_MAX);
  });
});
