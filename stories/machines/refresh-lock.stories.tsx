// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: refresh-lock
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Session refresh lock',
  id: 'machines-refresh-lock',
  component: MachinePage,
  args: { machineId: 'refresh-lock' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
