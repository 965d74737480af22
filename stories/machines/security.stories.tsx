// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: security
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Account security (page)',
  id: 'machines-security',
  component: MachinePage,
  args: { machineId: 'security' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
