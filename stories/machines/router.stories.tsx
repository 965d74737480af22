// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: router
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Router',
  id: 'machines-router',
  component: MachinePage,
  args: { machineId: 'router' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
