// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: language
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Language',
  id: 'machines-language',
  component: MachinePage,
  args: { machineId: 'language' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
