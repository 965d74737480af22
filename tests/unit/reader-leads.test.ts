import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { downloadMandatory, openOnce, printAlways } from '../../machines/reader/leads.entry';
import { type HeldAction, leadFailureOf, leadsMachine } from '../../machines/reader/leads.machine';
import { effectiveRepeatingMode, type ReaderTrigger, SUPPORT_MANDATORY } from '../../src/contracts/triggers';
import { createReaderApi } from '../../src/viewer/api';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The machine with recorded side effects: what was sent, remembered and let go on. */
function start(o: { triggers?: ReaderTrigger[] | Error; remembered?: Record<string, string>; send?: (n: number) => Promise<void> }) {
  const sent: { trigger: string; name: string; email: string }[] = [];
  const stored: Record<string, string> = { ...o.remembered };
  const released: HeldAction[] = [];
  let loaded: () => void = () => {};
  const loading = new Promise<void>((r) => {
    loaded = r;
  });
  const actor = createActor(
    leadsMachine.provide({
      actors: {
        loadTriggers: fromPromise(async () => {
          await loading;
          if (o.triggers instanceof Error) throw o.triggers;
          return o.triggers ?? [];
        }),
        recall: fromPromise(async ({ input }) => Object.fromEntries(input.ids.flatMap((id) => (stored[id] ? [[id, stored[id]]] : [])))),
        sendLead: fromPromise(async ({ input }) => {
          sent.push(input);
          await o.send?.(sent.length);
        }),
      },
      actions: {
        remember: (_, { trigger, value }) => {
          stored[trigger] = value;
        },
        release: (_, { action }) => {
          released.push(action);
        },
      },
    }),
  );
  actor.start();
  const fill = (name: string, email: string) => {
    actor.send({ type: 'user.type', field: 'name', value: name });
    actor.send({ type: 'user.type', field: 'email', value: email });
  };
  const load = async () => {
    loaded();
    await settle();
  };
  return { actor, sent, stored, released, fill, load };
}

describe('reader lead trigger machine', () => {
  it('holds a mandatory download until the form is sent, checks the fields, then lets it go on once', async () => {
    const m = start({ triggers: [downloadMandatory] });
    await m.load();
    expect(m.actor.getSnapshot().value).toBe('idle');
    m.actor.send({ type: 'user.action', action: 2 });
    expect(m.actor.getSnapshot().matches('form')).toBe(true);
    expect(m.actor.getSnapshot().context.asking).toEqual(downloadMandatory);
    expect(m.stored[downloadMandatory.id]).toBe('shown');
    // Mandatory: no skipping.
    m.actor.send({ type: 'user.skip' });
    expect(m.actor.getSnapshot().matches('form')).toBe(true);
    m.actor.send({ type: 'user.submit' });
    expect(m.actor.getSnapshot().context.error).toBe('name');
    m.fill('  Ada Reader ', 'not-an-address');
    m.actor.send({ type: 'user.submit' });
    expect(m.actor.getSnapshot().context.error).toBe('email');
    expect(m.sent).toEqual([]);
    expect(m.released).toEqual([]);
    m.fill('  Ada Reader ', ' ada@example.com ');
    m.actor.send({ type: 'user.submit' });
    expect(m.actor.getSnapshot().matches({ form: 'submitting' })).toBe(true);
    await settle();
    expect(m.sent).toEqual([{ trigger: downloadMandatory.id, name: 'Ada Reader', email: 'ada@example.com' }]);
    expect(m.released).toEqual([2]);
    expect(m.stored[downloadMandatory.id]).toBe('done');
    expect(m.actor.getSnapshot().value).toBe('idle');
    // Until done: sent, so the next download goes straight on.
    m.actor.send({ type: 'user.action', action: 2 });
    expect(m.released).toEqual([2, 2]);
    expect(m.actor.getSnapshot().value).toBe('idle');
  });

  it('keeps what was typed when sending fails, and says why', async () => {
    let fail = true;
    const m = start({
      triggers: [downloadMandatory],
      send: async () => {
        if (fail) throw { failure: 'limited' };
      },
    });
    await m.load();
    m.actor.send({ type: 'user.action', action: 2 });
    m.fill('Ada', 'ada@example.com');
    m.actor.send({ type: 'user.submit' });
    await settle();
    const s = m.actor.getSnapshot();
    expect(s.matches({ form: 'failed' })).toBe(true);
    expect(s.context).toMatchObject({ name: 'Ada', email: 'ada@example.com', error: 'limited' });
    expect(m.released).toEqual([]);
    expect(m.stored[downloadMandatory.id]).toBe('shown');
    fail = false;
    m.actor.send({ type: 'user.submit' });
    await settle();
    expect(m.released).toEqual([2]);
    expect(m.sent).toHaveLength(2);
  });

  it('maps call failures: the server refusing the fields, rate limits, anything else', () => {
    expect(leadFailureOf({ failure: 'invalid' })).toBe('invalid');
    expect(leadFailureOf({ failure: 'limited' })).toBe('limited');
    expect(leadFailureOf(new TypeError('Failed to fetch'))).toBe('failed');
    expect(leadFailureOf(null)).toBe('failed');
  });

  it('asks "once" on open and remembers it was shown: skipped, it is not asked in the next visit', async () => {
    const m = start({ triggers: [openOnce] });
    await m.load();
    expect(m.actor.getSnapshot().context.asking).toEqual(openOnce);
    expect(m.stored[openOnce.id]).toBe('shown');
    m.actor.send({ type: 'user.skip' });
    expect(m.actor.getSnapshot().value).toBe('idle');
    expect(m.released).toEqual([]);
    const again = start({ triggers: [openOnce], remembered: m.stored });
    await again.load();
    expect(again.actor.getSnapshot().value).toBe('idle');
  });

  it('asks "always" every time, even after it was sent; a skipped print goes on', async () => {
    const m = start({ triggers: [printAlways], remembered: { [printAlways.id]: 'done' } });
    await m.load();
    m.actor.send({ type: 'user.action', action: 3 });
    expect(m.actor.getSnapshot().context.asking).toEqual(printAlways);
    expect(m.stored[printAlways.id]).toBe('done');
    m.actor.send({ type: 'user.skip' });
    expect(m.released).toEqual([3]);
    m.actor.send({ type: 'user.action', action: 3 });
    expect(m.actor.getSnapshot().matches('form')).toBe(true);
    // An action without a trigger goes straight on.
    const d = start({ triggers: [printAlways] });
    await d.load();
    d.actor.send({ type: 'user.action', action: 2 });
    expect(d.released).toEqual([2]);
  });

  it('holds a download asked for while loading: after the open form, its own form, then it goes on', async () => {
    const m = start({ triggers: [openOnce, downloadMandatory] });
    m.actor.send({ type: 'user.action', action: 2 });
    await m.load();
    expect(m.actor.getSnapshot().context.asking?.id).toBe(openOnce.id);
    m.actor.send({ type: 'user.skip' });
    expect(m.actor.getSnapshot().context.asking?.id).toBe(downloadMandatory.id);
    expect(m.actor.getSnapshot().context.held).toBe(2);
    m.fill('Ada', 'ada@example.com');
    m.actor.send({ type: 'user.submit' });
    await settle();
    expect(m.released).toEqual([2]);
  });

  it('never stops anyone reading: triggers that cannot load let every action go on', async () => {
    const m = start({ triggers: new Error('offline') });
    m.actor.send({ type: 'user.action', action: 3 });
    await m.load();
    expect(m.released).toEqual([3]);
    expect(m.actor.getSnapshot().value).toBe('idle');
  });

  it('gets mandatory "once" triggers as "until done" from the server rule, so they ask until sent', async () => {
    const mode = effectiveRepeatingMode(true, 1, SUPPORT_MANDATORY);
    const m = start({ triggers: [{ ...downloadMandatory, repeating_mode: mode }], remembered: { [downloadMandatory.id]: 'shown' } });
    await m.load();
    m.actor.send({ type: 'user.action', action: 2 });
    expect(m.actor.getSnapshot().matches('form')).toBe(true);
  });
});

describe("the reader's trigger calls", () => {
  function recorder(answer: { status: number; body: unknown } | Error) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { calls, fetchImpl };
  }
  const token = 'a'.repeat(32);

  it('lists the triggers with v=2, the book id and the private token', async () => {
    const r = recorder({ status: 200, body: { status: 'ok', content: [printAlways] } });
    expect(await createReaderApi('/api', 'b1', token, r.fetchImpl).triggers()).toEqual([printAlways]);
    const url = new URL(r.calls[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/public/book/trigger');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'b1', token, v: '2' });
  });

  it('posts the lead as JSON with the book and token, and rejects with why it was refused', async () => {
    const ok = recorder({ status: 200, body: { status: 'ok', content: { id: 'l1' } } });
    await createReaderApi('/api', 'b1', token, ok.fetchImpl).lead({ trigger: 't1', name: 'Ada', email: 'ada@example.com' });
    expect(ok.calls[0]?.url).toBe('/api/public/book/trigger/lead?v=2');
    expect(ok.calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(ok.calls[0]?.init.body))).toEqual({ trigger: 't1', name: 'Ada', email: 'ada@example.com', book: 'b1', token });
    const lead = { trigger: 't1', name: 'Ada', email: 'x' };
    const failure = (answer: { status: number; body: unknown } | Error) =>
      createReaderApi('/api', 'b1', null, recorder(answer).fetchImpl).lead(lead);
    await expect(failure({ status: 400, body: { status: 'error', content: { type: 'VALIDATION' } } })).rejects.toEqual({
      failure: 'invalid',
    });
    await expect(failure({ status: 429, body: { status: 'error', content: { type: 'LIMIT' } } })).rejects.toEqual({ failure: 'limited' });
    await expect(failure({ status: 500, body: null })).rejects.toEqual({ failure: 'failed' });
    await expect(failure(new TypeError('Failed to fetch'))).rejects.toEqual({ failure: 'failed' });
  });
});
