// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: public-profile
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Public profile',
  id: 'machines-public-profile',
  component: MachinePage,
  args: { machineId: 'public-profile' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
