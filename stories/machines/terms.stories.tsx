// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: terms
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Terms acceptance',
  id: 'machines-terms',
  component: MachinePage,
  args: { machineId: 'terms' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
