// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: ownerComments
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Comment moderation',
  id: 'machines-ownercomments',
  component: MachinePage,
  args: { machineId: 'ownerComments' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
