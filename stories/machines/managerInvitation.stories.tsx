// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: managerInvitation
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Manager invitation',
  id: 'machines-managerinvitation',
  component: MachinePage,
  args: { machineId: 'managerInvitation' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
