// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: invoiceList
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Invoices',
  id: 'machines-invoicelist',
  component: MachinePage,
  args: { machineId: 'invoiceList' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
