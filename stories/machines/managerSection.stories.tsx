// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: managerSection
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Managed accounts',
  id: 'machines-managersection',
  component: MachinePage,
  args: { machineId: 'managerSection' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
