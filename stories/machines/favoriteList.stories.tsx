// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: favoriteList
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Favourites',
  id: 'machines-favoritelist',
  component: MachinePage,
  args: { machineId: 'favoriteList' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
