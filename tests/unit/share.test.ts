import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SHARE_COPY_INDICATOR_MS } from '../../machines/constants';
import type { CopyActorRef } from '../../machines/share/copy.machine';
import { accountShare, bookTarget, ownShare, visitorShare } from '../../machines/share/fixtures';
import { type ShareBeaconParams, type ShareInput, shareCopyMachine, shareMachine } from '../../machines/share.machine';
import {
  BEACON_CACHE_BUSTER_MAX,
  BeaconQuerySchema,
  beaconUrl,
  randomCacheBuster,
  SHARE_SERVICES,
  shareDevice,
  shareLink,
} from '../../src/contracts/share';
import { deviceClass } from '../../src/viewer/stats';

const target = { url: 'https://q.example/read/b1?x=1&y=2', name: 'Fish & Chips #1', image: 'https://q.example/i.webp' };

describe('share links (SPEC §9 services)', () => {
  it('builds each service URL with every value encoded', () => {
    const u = encodeURIComponent(target.url);
    const n = encodeURIComponent(target.name);
    expect(shareLink('facebook', target)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${u}`);
    expect(shareLink('x', target)).toBe(`https://x.com/intent/tweet?url=${u}&text=${n}`);
    expect(shareLink('tumblr', target)).toBe(`https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${n}`);
    expect(shareLink('pinterest', target)).toBe(
      `https://www.pinterest.com/pin/create/button/?url=${u}&media=${encodeURIComponent(target.image)}&description=${n}`,
    );
    expect(shareLink('linkedin', target)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${u}`);
    expect(shareLink('mail', target)).toBe(`mailto:?subject=${n}&body=${encodeURIComponent(`${target.name}\n${target.url}`)}`);
  });

  it('keeps the shared URL intact through the query (decoded back exactly)', () => {
    for (const service of SHARE_SERVICES.filter((s) => s !== 'mail')) {
      const url = new URL(shareLink(service, target));
      const values = [...url.searchParams.values()];
      expect(values, service).toContain(target.url);
    }
  });
});

describe('beacon parameters (SPEC §3, §9)', () => {
  it('builds a URL the server accepts, with the cache-buster bounded', () => {
    const url = new URL(
      beaconUrl('https://b.example/t/', { source: 'x', device: 'phone', accountId: 'a1', bookId: 'b1', kind: 'book' }, 2e9),
    );
    expect(url.pathname).toBe('/t/b.gif');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({ e: 'share', cb: String(BEACON_CACHE_BUSTER_MAX), d: 'phone', s: 'x', aid: 'a1', bid: 'b1', t: 'book' });
    expect(v.safeParse(BeaconQuerySchema, q).success).toBe(true);
    expect(beaconUrl('', { source: 'copy', device: 'desktop', accountId: 'a1', kind: 'account' }, 5)).toBe(
      '/b.gif?e=share&cb=5&d=desktop&s=copy&aid=a1&t=account',
    );
  });

  it('draws cache-busters in 0..999999999', () => {
    expect(randomCacheBuster(() => 0)).toBe(0);
    expect(randomCacheBuster(() => 0.9999999999999)).toBe(BEACON_CACHE_BUSTER_MAX);
    for (let i = 0; i < 100; i++) {
      const n = randomCacheBuster();
      expect(Number.isInteger(n) && n >= 0 && n <= BEACON_CACHE_BUSTER_MAX).toBe(true);
    }
  });

  it('refuses bad hits', () => {
    const good = { e: 'share', cb: '1', d: 'desktop', s: 'mail', aid: 'a1' };
    expect(v.safeParse(BeaconQuerySchema, good).success).toBe(true);
    for (const bad of [
      { ...good, cb: '1234567890' },
      { ...good, s: 'myspace' },
      { ...good, d: 'tv' },
      { ...good, e: 'click' },
      { ...good, aid: undefined },
      { ...good, t: 'book' },
    ])
      expect(v.safeParse(BeaconQuerySchema, bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('classes devices like the reading statistics: phone ≤ 745 px, touch tablet ≤ 1180 px, else desktop', () => {
    expect(shareDevice(745, false)).toBe('phone');
    expect(shareDevice(746, true)).toBe('tablet');
    expect(shareDevice(1180, true)).toBe('tablet');
    expect(shareDevice(1181, true)).toBe('desktop');
    expect(shareDevice(1180, true)).toBe(deviceClass(1180, true));
    expect(shareDevice(800, false)).toBe('desktop');
  });
});

function start(input: ShareInput, opts: { copy?: 'ok' | 'fail'; shareMode?: number } = {}) {
  const opened: { service: string; url: string }[] = [];
  const beacons: ShareBeaconParams[] = [];
  const copied: string[] = [];
  let closed = 0;
  const clock = new SimulatedClock();
  const actor = createActor(
    shareMachine.provide({
      actors: {
        copy: shareCopyMachine.provide({
          actors: {
            copyText: fromPromise(async ({ input }) => {
              copied.push(input.text);
              if (opts.copy === 'fail') throw new Error('denied');
            }),
          },
        }),
        loadShareMode: fromPromise(async () => opts.shareMode ?? 1),
      },
      actions: {
        openService: (_, p) => opened.push(p),
        sendBeacon: (_, p) => beacons.push(p),
        close: () => {
          closed++;
        },
      },
    }),
    { input, clock },
  ).start();
  /** The copy child's state (it runs while the modal is open). */
  const copy = () => (actor.getSnapshot().children.copy as CopyActorRef).getSnapshot().value;
  return { actor, opened, beacons, copied, copy, clock, closed: () => closed };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('share machine', () => {
  it('opens a service and sends the beacon for someone else’s publication', async () => {
    const { actor, opened, beacons } = start(visitorShare);
    await settle();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.send({ type: 'user.share', service: 'pinterest' });
    // The link the service gets carries the service's marker (?src=pinterest, as the reader's share menu).
    const marked = `${bookTarget.url}${bookTarget.url.includes('?') ? '&' : '?'}src=pinterest`;
    expect(opened).toEqual([{ service: 'pinterest', url: shareLink('pinterest', { ...bookTarget, url: marked }) }]);
    expect(new URL(shareLink('pinterest', { ...bookTarget, url: marked })).searchParams.get('url')).toBe(marked);
    expect(beacons).toEqual([{ source: 'pinterest', kind: 'book', accountId: 'a-publisher', bookId: 'b1' }]);
  });

  it('skips the beacon when the shared account is the user’s own', async () => {
    const { actor, opened, beacons } = start(ownShare);
    await settle();
    actor.send({ type: 'user.share', service: 'facebook' });
    actor.send({ type: 'user.copy' });
    await settle();
    expect(opened).toHaveLength(1);
    expect(beacons).toEqual([]);
  });

  it('shares an account without a book id', async () => {
    const { actor, beacons } = start(accountShare);
    await settle();
    actor.send({ type: 'user.share', service: 'linkedin' });
    expect(beacons).toEqual([{ source: 'linkedin', kind: 'account', accountId: 'a-publisher' }]);
  });

  it('fails on an unknown service (share.error) and recovers', async () => {
    const { actor, opened, beacons } = start(visitorShare);
    await settle();
    actor.send({ type: 'user.share', service: 'myspace' });
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.lastService).toBe('myspace');
    expect(opened).toEqual([]);
    expect(beacons).toEqual([]);
    actor.send({ type: 'user.share', service: 'x' });
    expect(actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
  });

  it('shows the copy indicator for 1 s and counts the copy (the copy child copies the link; its success sends the beacon)', async () => {
    const { actor, beacons, copied, copy, clock } = start(visitorShare);
    await settle();
    actor.send({ type: 'user.copy' });
    expect(copy()).toBe('copying');
    await settle();
    expect(copied).toEqual([bookTarget.url]);
    expect(copy()).toBe('copied');
    expect(beacons).toEqual([{ source: 'copy', kind: 'book', accountId: 'a-publisher', bookId: 'b1' }]);
    clock.increment(SHARE_COPY_INDICATOR_MS - 1);
    expect(copy()).toBe('copied');
    clock.increment(1);
    expect(copy()).toBe('idle');
  });

  it('reports a failed copy (share.copy.msg.error) until dismissed, without a beacon', async () => {
    const { actor, beacons, copy } = start(visitorShare, { copy: 'fail' });
    await settle();
    actor.send({ type: 'user.copy' });
    await settle();
    expect(copy()).toBe('failed');
    expect(beacons).toEqual([]);
    actor.send({ type: 'user.dismissError' });
    expect(copy()).toBe('idle');
  });

  it('has nothing to share when share_mode is 0', async () => {
    const { actor, closed } = start(visitorShare, { shareMode: 0 });
    await settle();
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().can({ type: 'user.copy' })).toBe(false);
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(closed()).toBe(1);
  });
});
