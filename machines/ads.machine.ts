import { type ActorRefFrom, assign, setup } from 'xstate';
import { ADS_REFRESH_MS } from './constants';

export interface AdsInput {
  /** How many creatives rotate (at least 1). */
  creatives: number;
}
export interface AdsContext {
  creatives: number;
  /** The creative shown now. */
  index: number;
}
export type AdsEvent = { type: 'page.hidden' } | { type: 'page.visible' };

/**
 * House ads on the upload page of free accounts (SPEC §2, §9): the creative changes every 30 s
 * while the page is visible; a hidden tab pauses the rotation so nobody misses an offer.
 */
export const adsMachine = setup({
  types: { context: {} as AdsContext, events: {} as AdsEvent, input: {} as AdsInput },
  delays: { refresh: ADS_REFRESH_MS },
  actions: {
    next: assign({ index: ({ context }) => (context.index + 1) % Math.max(1, context.creatives) }),
  },
}).createMachine({
  id: 'ads',
  context: ({ input }) => ({ creatives: Math.max(1, input.creatives), index: 0 }),
  initial: 'rotating',
  states: {
    rotating: {
      after: { refresh: { target: 'rotating', reenter: true, actions: 'next' } },
      on: { 'page.hidden': { target: 'paused' } },
    },
    paused: { on: { 'page.visible': { target: 'rotating' } } },
  },
});

/** A running adsMachine, as the views get it. */
export type AdsActorRef = ActorRefFrom<typeof adsMachine>;
