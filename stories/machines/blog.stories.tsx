// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: blog
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Blog teasers',
  id: 'machines-blog',
  component: MachinePage,
  args: { machineId: 'blog' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
