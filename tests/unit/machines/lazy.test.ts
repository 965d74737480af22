import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, sendParent, setup, waitFor } from 'xstate';
import { lazyLogic } from '../../../machines/lazy';

/** A counter that ends at 3 with its count, and tells its parent when it starts. */
const counter = setup({
  types: { context: {} as { count: number; seen: string[] }, input: {} as { from: number } },
}).createMachine({
  context: ({ input }) => ({ count: input.from, seen: [] }),
  entry: sendParent({ type: 'child.started' }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: ({ context }) => context.count >= 3, target: 'done' },
      on: {
        add: { actions: assign(({ context, event }) => ({ count: context.count + 1, seen: [...context.seen, event.tag as string] })) },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context,
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A parent invoking the lazy child and recording what reaches it. */
function parentOf(child: unknown) {
  return setup({ actors: { child: child as typeof counter } }).createMachine({
    context: { log: [] as string[], output: null as unknown, error: null as unknown },
    invoke: { id: 'child', src: 'child', input: { from: 0 } },
    on: {
      'child.started': { actions: assign(({ context }) => ({ log: [...context.log, 'started'] })) },
      'xstate.done.actor.child': { actions: assign(({ event }) => ({ output: event.output })) },
      'xstate.error.actor.child': { actions: assign(({ event }) => ({ error: event.error })) },
      forward: { actions: ({ self, event }) => self.getSnapshot().children.child?.send({ type: 'add', tag: event.tag }) },
    },
  });
}

describe('lazyLogic (machines/lazy.ts)', () => {
  it('shows its placeholder, keeps the events sent meanwhile in order, then is the loaded logic (parent, output)', async () => {
    const load = deferred<typeof counter>();
    const lazy = lazyLogic(
      () => load.promise,
      () => ({ value: 'loading', context: { count: -1 } }),
    );
    const parent = createActor(parentOf(lazy)).start();
    const child = parent.getSnapshot().children.child!;
    expect((child.getSnapshot() as unknown as { value: string }).value).toBe('loading');
    parent.send({ type: 'forward', tag: 'a' } as never);
    parent.send({ type: 'forward', tag: 'b' } as never);
    expect(parent.getSnapshot().context.log).toEqual([]);
    load.resolve(counter);
    await waitFor(child, (s) => (s as { context: { count: number } }).context.count === 2);
    expect(parent.getSnapshot().context.log).toEqual(['started']);
    expect(child.getSnapshot().context.seen).toEqual(['a', 'b']);
    parent.send({ type: 'forward', tag: 'c' } as never);
    expect(parent.getSnapshot().context.output).toEqual({ count: 3, seen: ['a', 'b', 'c'] });
  });

  it('once loaded, a new actor of it starts at once', async () => {
    let loads = 0;
    const lazy = lazyLogic(async () => {
      loads++;
      return counter;
    });
    const first = createActor(parentOf(lazy)).start();
    await waitFor(first, (s) => s.context.log.length === 1);
    const second = createActor(parentOf(lazy)).start();
    expect(second.getSnapshot().context.log).toEqual(['started']);
    expect(loads).toBe(1);
  });

  it('a failed load ends the actor with its error; the next actor loads again', async () => {
    let attempt = 0;
    const lazy = lazyLogic(async () => {
      attempt++;
      if (attempt === 1) throw new Error('chunk failed');
      return counter;
    });
    const failed = createActor(parentOf(lazy)).start();
    await waitFor(failed, (s) => s.context.error !== null);
    expect((failed.getSnapshot().context.error as Error).message).toBe('chunk failed');
    const retried = createActor(parentOf(lazy)).start();
    await waitFor(retried, (s) => s.context.log.length === 1);
    expect(attempt).toBe(2);
  });

  it('an actor stopped before its code loaded stays stopped', async () => {
    const load = deferred<typeof counter>();
    const lazy = lazyLogic(() => load.promise);
    const parent = createActor(createMachine({ invoke: { id: 'child', src: lazy } })).start();
    const child = parent.getSnapshot().children.child!;
    parent.stop();
    load.resolve(counter);
    await load.promise;
    await new Promise((r) => setTimeout(r, 0));
    expect(child.getSnapshot().status).toBe('stopped');
  });
});
