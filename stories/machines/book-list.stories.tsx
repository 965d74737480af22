// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: book-list
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Book list',
  id: 'machines-book-list',
  component: MachinePage,
  args: { machineId: 'book-list' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
