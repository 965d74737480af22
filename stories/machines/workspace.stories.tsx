// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: workspace
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Signed-in part of the app',
  id: 'machines-workspace',
  component: MachinePage,
  args: { machineId: 'workspace' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
