// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: tour
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Guided tour',
  id: 'machines-tour',
  component: MachinePage,
  args: { machineId: 'tour' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
