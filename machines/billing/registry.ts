import type { MachineEntry } from '../registry-types';
import { orderMachine } from './order.machine';

/** Registry entries of billing's machines (spread into machines/index.ts). */
export const billingMachines: MachineEntry[] = [
  {
    id: 'order',
    title: 'Order (server)',
    description:
      'An upgrade order: started when the plan is chosen, submitted once the payment provider has it, then paid, failed or cancelled; a paid order can be refunded. The server moves orders only along these transitions.',
    machine: orderMachine,
    paths: {
      events: () => [
        { type: 'order.submit' },
        { type: 'order.cancel' },
        { type: 'payment.succeeded' },
        { type: 'payment.failed' },
        { type: 'payment.refunded' },
      ],
    },
  },
];
