// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: readerComments
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Reader comments',
  id: 'machines-readercomments',
  component: MachinePage,
  args: { machineId: 'readerComments' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
