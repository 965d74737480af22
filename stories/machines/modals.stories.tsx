// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: modals
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Modal stack',
  id: 'machines-modals',
  component: MachinePage,
  args: { machineId: 'modals' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
