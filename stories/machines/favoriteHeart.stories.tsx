// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: favoriteHeart
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Reader heart',
  id: 'machines-favoriteheart',
  component: MachinePage,
  args: { machineId: 'favoriteHeart' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
