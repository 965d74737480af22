// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: subscriberList
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Subscribers',
  id: 'machines-subscriberlist',
  component: MachinePage,
  args: { machineId: 'subscriberList' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
