/**
 * The upload page through UploadPage and the proxy-error modal, with the app's upload machine
 * (src/web/components/publish/publishing-machine.ts) and its real file children: every report of a
 * file comes from the network (preflight, the XMLHttpRequest upload, the progress checks timed by the
 * clock), the redirect to the book list from the clock, the modal's OK from a person.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor } from 'xstate';
import type { PickedFile } from '../../../machines/publish/types';
import type { UploadInput, uploadMachine } from '../../../machines/upload.machine';
import { ProxyErrorModal } from '../../../src/web/components/publish/ProxyErrorModal';
import { UploadPage } from '../../../src/web/components/publish/UploadPage';
import { describeUiPaths, see } from './harness';
import type { FakeNetwork } from './network';
import { bookStatusOf, type Navigation, realFile, uploadMachineFor } from './publish-support';

type UploadActor = Actor<typeof uploadMachine>;

let navigation: Navigation = { visited: [], path: '/upload' };
const bookOf = (index: number, status: string) => ({
  id: `b-${index}`,
  status,
  errorCode: status === 'ERROR' ? 'CORRUPT' : null,
  pagesDone: 0,
  pagesTotal: 0,
  thumbnail: null,
});

/** The file's preflight answers its host, then its upload is either answered with the new book or lost (status 0). */
async function send(net: FakeNetwork, actor: UploadActor, index: number, outcome: 'uploaded' | 'lost') {
  const entry = actor.getSnapshot().context.entries[index];
  const preflight = await net.take('GET', 'account/book/preflight');
  expect(preflight.url.searchParams.get('name')).toBe(entry?.name);
  net.ok(preflight, { host: '/api', limit: 104_857_600 });
  const xhr = await net.takeUpload();
  expect((xhr.body?.get('file') as File | undefined)?.name).toBe(entry?.name);
  expect(xhr.body?.get('delay')).toBe(String(index));
  if (outcome === 'lost') xhr.fail();
  else net.answerUpload(xhr, { book: bookOf(index, 'QUEUED') }, bookStatusOf);
}

describeUiPaths<UploadActor>('upload', {
  mount: (run, input) => {
    navigation = { visited: [], path: '/upload' };
    const given = input as UploadInput;
    const files = given.files.map((f) => realFile(f) as unknown as PickedFile);
    const actor = run.create(uploadMachineFor(run.api, run.net, navigation), { ...given, files }) as unknown as UploadActor;
    return {
      actor,
      view: (
        <>
          <UploadPage batch={actor} free={false} />
          <ProxyErrorModal actor={actor} />
        </>
      ),
    };
  },
  async step(event, { net, actor, clock, received }) {
    const e = event as unknown as { index: number; failed: boolean };
    switch (event.type) {
      case 'file.settled':
        return send(net, actor, e.index, 'uploaded');
      case 'file.networkError':
        return send(net, actor, e.index, 'lost');
      case 'file.finished': {
        // The file's conversion ends: its next progress check answers DONE or ERROR.
        const file = actor.getSnapshot().context.entries[e.index]?.ref;
        if (!file) throw new Error(`no file ${e.index}`);
        await clock.runUntil(() => file.getSnapshot().matches({ converting: 'polling' }), `file ${e.index} checks its progress`);
        const request = await net.take('GET', 'account/book/get', (r) => r.url.searchParams.get('id') === `b-${e.index}`);
        net.ok(request, bookStatusOf(bookOf(e.index, e.failed ? 'ERROR' : 'DONE')));
        return;
      }
      case 'user.confirmProxyError':
        return page.getByRole('dialog', { name: 'The upload could not reach Quire' }).getByRole('button', { name: 'OK' }).click();
    }
    if (event.type.startsWith('xstate.after.')) return clock.runUntil(() => received.includes(event.type), event.type);
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { entries, current, failed } = snapshot.context;
    const summary = see(page.getByRole('status'));
    const count = entries.length;
    if (snapshot.matches('left')) {
      await summary.toHaveTextContent('Finished. Your documents are in your publications.');
      expect(navigation.visited).toContain('/account/book');
    } else if (snapshot.matches({ active: { progress: 'redirecting' } }))
      await summary.toHaveTextContent('All done! Taking you to your publications…');
    else if (snapshot.matches({ active: { progress: 'redirectingAfterErrors' } }))
      await summary.toHaveTextContent(`${failed} of ${count} could not be published. Taking you to your publications in a few seconds…`);
    else if (snapshot.matches({ active: { transfer: 'sending' } }))
      await summary.toHaveTextContent(`Uploading document ${current + 1} of ${count}…`);
    else await summary.toHaveTextContent('Everything is uploaded. Your documents are being converted…');
    await expect.poll(() => page.getByRole('listitem').elements().length).toBe(count);
    for (const entry of entries) await see(page.getByRole('listitem').filter({ hasText: entry.name })).toBeVisible();
    await see(page.getByRole('link', { name: 'Go to my publications' })).toHaveAttribute('href', '/account/book');
    const modal = see(page.getByRole('dialog', { name: 'The upload could not reach Quire' }));
    if (snapshot.matches({ active: { proxy: 'shown' } })) await modal.toBeVisible();
    else await modal.not.toBeInTheDocument();
  },
});
