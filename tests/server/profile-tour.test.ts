import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginContentSchema } from '../../src/contracts/accounts';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';

/** SPEC §2 "a guided tour is shown once per tour name", §3 current user `tour`, §7 "tour flags: user record save". */
describe.each(DIALECTS)('guided tour flags of the user record on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);

  it('keeps a tour seen on the profile: the answer, every later session check and another sign-in carry it', async () => {
    const { token, content } = await signedIn(ctx, 'tour');
    expect(content.tour).toEqual({});
    const before = (await call(ctx.app, '/profile/session', undefined, { token })).json();

    const res = await call(ctx.app, '/profile/tour', { name: 'dashboard' }, { token });
    expect(res.json()).toMatchObject({ status: 'ok', content: { tour: { dashboard: true } } });
    // The account timestamp moves on, so the user's other tabs refresh their copy.
    expect(res.json().ats).toBeGreaterThan(before.ats);

    const again = await call(ctx.app, '/profile/tour', { name: 'books' }, { token });
    expect(again.json().content.tour).toEqual({ dashboard: true, books: true });
    // Seen twice changes nothing more.
    await call(ctx.app, '/profile/tour', { name: 'books' }, { token });

    const session = v.parse(LoginContentSchema, (await call(ctx.app, '/profile/session', undefined, { token })).json().content);
    expect(session.tour).toEqual({ dashboard: true, books: true });
    const row = await ctx.app.db.selectFrom('profiles').select('tour').where('id', '=', content.profile.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.tour)).toEqual({ dashboard: true, books: true });
  });

  it('refuses an unknown tour name or a bad body with a validation error and changes nothing', async () => {
    const { token, content } = await signedIn(ctx, 'tour-bad');
    for (const body of [{ name: 'nowhere' }, {}, { name: ['dashboard'] }, { name: 'dashboard\u0000' }]) {
      const res = await call(ctx.app, '/profile/tour', body, { token });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ status: 'error', content: { type: 'VALIDATION' } });
    }
    const row = await ctx.app.db.selectFrom('profiles').select('tour').where('id', '=', content.profile.id).executeTakeFirstOrThrow();
    expect(row.tour).toBe('{}');
  });

  it('needs a session, and a damaged stored value reads as no tour seen', async () => {
    const anonymous = await call(ctx.app, '/profile/tour', { name: 'dashboard' });
    expect(anonymous.json()).toMatchObject({ status: 'error', content: { code: 301 } });
    const { token, content } = await signedIn(ctx, 'tour-damaged');
    await ctx.app.db.updateTable('profiles').set({ tour: '[not json' }).where('id', '=', content.profile.id).execute();
    expect((await call(ctx.app, '/profile/session', undefined, { token })).json().content.tour).toEqual({});
    const res = await call(ctx.app, '/profile/tour', { name: 'books' }, { token });
    expect(res.json().content.tour).toEqual({ books: true });
  });

  it('answers the third-party script consents with the session (off until the user opts in)', async () => {
    const { token, content } = await signedIn(ctx, 'scripts');
    expect(content.consents).toEqual({ support_chat: false, page_testing: false });
    await call(ctx.app, '/profile/subscription/update', { values: JSON.stringify({ support_chat: true }) }, { token });
    const session = (await call(ctx.app, '/profile/session', undefined, { token })).json().content;
    expect(session.consents).toEqual({ support_chat: true, page_testing: false });
  });
});
