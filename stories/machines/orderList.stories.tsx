// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: orderList
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Orders',
  id: 'machines-orderlist',
  component: MachinePage,
  args: { machineId: 'orderList' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
