// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: session
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Session',
  id: 'machines-session',
  component: MachinePage,
  args: { machineId: 'session' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
