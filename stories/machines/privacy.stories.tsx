// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: privacy
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Privacy section',
  id: 'machines-privacy',
  component: MachinePage,
  args: { machineId: 'privacy' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
