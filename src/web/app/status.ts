import { fromPromise } from 'xstate';
import { statusMachine } from '../../../machines/status.machine';
import type { ApiClient } from '../../api/client';

/** The server status machine with its call (loaded on demand from the start: machines/lazy.ts). */
export const provideStatus = (api: ApiClient) =>
  statusMachine.provide({
    actors: {
      loadStatus: fromPromise(async ({ signal }) => {
        // Its schema loads with the call (the validation library is not part of the first load).
        const { ServerStatusSchema } = await import('../../contracts/status');
        return api.call('public/status', { schema: ServerStatusSchema, anonymous: true, signal });
      }),
    },
  });
