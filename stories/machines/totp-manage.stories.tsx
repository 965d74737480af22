// Generated from machines/index.ts by tests/paths/stories.test.ts — do not edit.
// machine: totp-manage
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: 'Machines/Authenticator app: remove or new recovery codes',
  id: 'machines-totp-manage',
  component: MachinePage,
  args: { machineId: 'totp-manage' },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
