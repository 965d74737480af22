// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: library
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Library page',
  id: 'machines-library',
  component: MachinePage,
  args: { machineId: 'library' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
