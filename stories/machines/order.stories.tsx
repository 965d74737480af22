// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: order
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Order (server)',
  id: 'machines-order',
  component: MachinePage,
  args: { machineId: 'order' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
