// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: status
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Server status',
  id: 'machines-status',
  component: MachinePage,
  args: { machineId: 'status' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
