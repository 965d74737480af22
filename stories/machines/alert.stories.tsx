// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: alert
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Alert',
  id: 'machines-alert',
  component: MachinePage,
  args: { machineId: 'alert' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
