// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: trigger
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Book triggers',
  id: 'machines-trigger',
  component: MachinePage,
  args: { machineId: 'trigger' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
