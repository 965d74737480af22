import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '../../src/api';
import type { XhrLike } from '../../src/api/publish';
import { createUploadMachine } from '../../src/web/components/publish/publishing-machine';

/** An XMLHttpRequest stand-in answering each send with the next scripted response. */
function xhrs(answers: { status: number; body: unknown }[]) {
  const sent: { authorization?: string }[] = [];
  const create = (): XhrLike => {
    const headers: Record<string, string> = {};
    const xhr = {
      status: 0,
      responseText: '',
      withCredentials: false,
      upload: { onprogress: null },
      onload: null as (() => void) | null,
      onerror: null,
      onabort: null,
      ontimeout: null,
      open: () => {},
      setRequestHeader: (name: string, value: string) => {
        headers[name.toLowerCase()] = value;
      },
      send: () => {
        sent.push({ authorization: headers.authorization });
        const answer = answers.shift() ?? { status: 500, body: 'none left' };
        queueMicrotask(() => {
          xhr.status = answer.status;
          xhr.responseText = JSON.stringify(answer.body);
          xhr.onload?.();
        });
      },
      abort: () => {},
    };
    return xhr as unknown as XhrLike;
  };
  return { create, sent };
}

const book = {
  id: 'b-1',
  name: 'Report',
  document: { status: 'DONE', error_code: null, pages_done: 1, pages_total: 1, pages: 1, direction: 'ltr' },
  image: { small: null, medium: null, large: null },
};
const expired = { status: 'error', content: { type: 'SESSION', code: 301, message: 'expired' }, id: 'r1' };

function run(answers: { status: number; body: unknown }[], onSessionExpired?: <T>(retry: () => Promise<T>) => Promise<T>) {
  let token = 'old-token';
  const network = xhrs(answers);
  const api = {
    call: vi.fn(async (path: string) => (path.includes('preflight') ? { host: '/api', limit: 10_000 } : book)),
  } as unknown as ApiClient;
  const machine = createUploadMachine({
    api,
    getToken: () => token,
    createXhr: network.create,
    onSessionExpired: onSessionExpired
      ? (retry) => {
          token = 'new-token';
          return onSessionExpired(retry);
        }
      : undefined,
  });
  const file = new File(['%PDF-1.7 hello'], 'Report.pdf', { type: 'application/pdf' });
  const actor = createActor(machine, { input: { files: [file], publishingMode: 1, startTime: 1 } }).start();
  return { actor, sent: network.sent };
}

const fileState = (actor: ReturnType<typeof run>['actor']) => actor.getSnapshot().context.entries[0]?.ref.getSnapshot();

describe('an upload that meets an expired session (SPEC §4 Session expiry)', () => {
  it('waits for the sign-in, then sends the file again with the new token', async () => {
    let replays = 0;
    const { actor, sent } = run(
      [
        { status: 401, body: expired },
        { status: 200, body: { status: 'ok', content: book, id: 'r2' } },
      ],
      (retry) => {
        replays++;
        return retry();
      },
    );
    await vi.waitFor(() => expect(fileState(actor)?.context.book?.id).toBe('b-1'), { timeout: 2_000 });
    expect(replays).toBe(1);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    actor.stop();
  });

  it('fails the file when there is nobody to sign in again (no replay queue)', async () => {
    const { actor, sent } = run([{ status: 401, body: expired }]);
    await vi.waitFor(() => expect(fileState(actor)?.value).toBe('failed'), { timeout: 2_000 });
    expect(fileState(actor)?.context.errorId).toBe('errors.SESSION.301');
    expect(sent).toHaveLength(1);
    actor.stop();
  });
});
