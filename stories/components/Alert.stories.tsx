import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor } from 'xstate';
import { type AlertInput, alertMachine, normalizeAlert } from '../../machines/alert.machine';
import { alertsMachine } from '../../machines/alerts.machine';
import { AlertStack, AlertView } from '../../src/web/components/AlertStack';
import { actorAt } from '../support/StoryApp';

const input = (type: string, id = 'commons.requestError', requestId?: string): AlertInput => ({
  key: 'alert-1',
  type,
  message: { id, values: {} },
  requestId,
  stackIndex: 0,
});

function AlertAt({ state, type, id, requestId }: { state: string; type: string; id?: string; requestId?: string }) {
  const i = input(type, id, requestId);
  return (
    <div className="alerts" style={{ position: 'static' }}>
      <AlertView actor={actorAt(alertMachine, state, normalizeAlert(i), i)} />
    </div>
  );
}

const meta = {
  title: 'Components/Alert',
  component: AlertAt,
  args: { state: 'timed', type: 'info' },
  argTypes: {
    state: { control: 'select', options: ['entering', 'timed', 'sticky', 'closing'] },
    type: { control: 'select', options: ['info', 'success', 'warning', 'danger', 'error', 'fatal', 'unknown'] },
  },
} satisfies Meta<typeof AlertAt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Machine state `entering`: invisible, about to fade in. */
export const Entering: Story = { args: { state: 'entering', type: 'info' } };
/** `timed` info: closes after 2 s. */
export const Info: Story = { args: { state: 'timed', type: 'info', id: 'commons.loading' } };
/** `timed` success: closes after 1 s. */
export const Success: Story = { args: { state: 'timed', type: 'success', id: 'commons.loading' } };
/** An error is shown as a warning for 3 s, with the request id. */
export const ErrorAsWarning: Story = { args: { state: 'timed', type: 'error', id: 'errors.SERVER.503', requestId: 'Wg3kP6pm' } };
/** `sticky` fatal: danger, no auto-close, no close button. */
export const Fatal: Story = { args: { state: 'sticky', type: 'fatal', id: 'errors.SERVER.500', requestId: 'Wg3kP6pm' } };
/** An unknown type falls back to info. */
export const UnknownTypeFallsBackToInfo: Story = { args: { state: 'timed', type: 'unknown' } };
/** `closing`: fading out for 300 ms. */
export const Closing: Story = { args: { state: 'closing', type: 'warning' } };

/** The live queue: push alerts and watch them stack, stagger and close. */
export const LiveQueue: Story = {
  render: () => {
    const q = createActor(alertsMachine).start();
    const push = (type: string, id: string) => q.send({ type: 'alert.push', alert: { type, message: { id } } });
    return (
      <div>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <button type="button" className="btn" onClick={() => push('info', 'commons.loading')}>
            info
          </button>
          <button type="button" className="btn" onClick={() => push('success', 'commons.loading')}>
            success
          </button>
          <button type="button" className="btn" onClick={() => push('error', 'commons.requestError')}>
            error
          </button>
          <button type="button" className="btn" onClick={() => push('fatal', 'errors.SERVER.500')}>
            fatal
          </button>
          <button type="button" className="btn" onClick={() => q.send({ type: 'alerts.clear' })}>
            clear
          </button>
        </div>
        <AlertStack actor={q} />
      </div>
    );
  },
};
