// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: alerts
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Alert queue',
  id: 'machines-alerts',
  component: MachinePage,
  args: { machineId: 'alerts' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
