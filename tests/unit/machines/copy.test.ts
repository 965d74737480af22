import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SHARE_COPY_INDICATOR_MS } from '../../../machines/constants';
import { copyMachine } from '../../../machines/share/copy.machine';

/** The private link's copy (was PrivateOptions' own useState): 1 s indicator, or the failure to show. */
describe('copy machine', () => {
  afterEach(() => vi.useRealTimers());

  const start = (write: (text: string) => Promise<void>) =>
    createActor(copyMachine.provide({ actors: { copyText: fromPromise(({ input }) => write(input.text)) } })).start();

  it('copies the link it is given, shows "copied" for the indicator time, then idles', async () => {
    vi.useFakeTimers();
    const write = vi.fn(async () => {});
    const copy = start(write);
    copy.send({ type: 'user.copy', text: 'https://quire.example/read/b1?token=abc' });
    expect(copy.getSnapshot().value).toBe('copying');
    await vi.advanceTimersByTimeAsync(0);
    expect(write).toHaveBeenCalledWith('https://quire.example/read/b1?token=abc');
    expect(copy.getSnapshot().value).toBe('copied');
    await vi.advanceTimersByTimeAsync(SHARE_COPY_INDICATOR_MS);
    expect(copy.getSnapshot().value).toBe('idle');
  });

  it('a refused clipboard shows the failure until the user copies again or dismisses it', async () => {
    const copy = start(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    copy.send({ type: 'user.copy', text: 'x' });
    await vi.waitFor(() => expect(copy.getSnapshot().value).toBe('failed'));
    copy.send({ type: 'user.dismissError' });
    expect(copy.getSnapshot().value).toBe('idle');
  });
});
