// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: contact
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Contact modal',
  id: 'machines-contact',
  component: MachinePage,
  args: { machineId: 'contact' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
