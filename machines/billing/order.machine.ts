import type { ActorRefFrom } from 'xstate';
import { orderMachine } from '../../src/contracts/order-machine';

/**
 * An order's life (issue 21): started → submitted → paid | failed | cancelled; paid → refunded. The
 * server decides every change of an order with it (src/server/billing/orders.ts); the statechart is
 * defined in src/contracts/order-machine.ts because the server imports nothing of machines/.
 */
export { orderMachine };
export type OrderActorRef = ActorRefFrom<typeof orderMachine>;
