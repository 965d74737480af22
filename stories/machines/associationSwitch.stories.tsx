// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: associationSwitch
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Child-account selector',
  id: 'machines-associationswitch',
  component: MachinePage,
  args: { machineId: 'associationSwitch' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
