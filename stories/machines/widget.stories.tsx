// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: widget
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Widget (embed) modal',
  id: 'machines-widget',
  component: MachinePage,
  args: { machineId: 'widget' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
