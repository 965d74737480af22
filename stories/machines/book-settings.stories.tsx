// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: book-settings
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Book settings',
  id: 'machines-book-settings',
  component: MachinePage,
  args: { machineId: 'book-settings' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
