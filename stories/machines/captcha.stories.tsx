// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: captcha
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Captcha (ALTCHA)',
  id: 'machines-captcha',
  component: MachinePage,
  args: { machineId: 'captcha' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
