import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { createActor, fromPromise } from 'xstate';
import { privacyDeletionMachine } from '../../../machines/privacy/deletion.machine';
import { privacyExportMachine } from '../../../machines/privacy/export.machine';
import { exportView, PURGE_AT, privacyStatus } from '../../../machines/privacy/fixtures';
import { privacyMachine } from '../../../machines/privacy/privacy.machine';
import type {
  DeletionCodeSent as CodeSent,
  DeletionRequest,
  PrivacyStatus,
  DeletionScheduled as Scheduled,
} from '../../../src/contracts/privacy';
import { DeletionCard, ExportCard, PrivacyView } from '../../../src/web/components/account-sections/PrivacySection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/privacy (issue 16) in each state of its machines: the section (loading, failed, both cards),
 * the export card (none, expired, starting, queued, running, ready, failed, refused) and the deletion card
 * (idle, password, wrong password, deleting, code to send, code sent, scheduled, scheduled at once). Calls never settle.
 */
const pending = <T,>() => new Promise<T>(() => {});
const exportStory = privacyExportMachine.provide({
  actors: { startExport: fromPromise(() => pending<PrivacyStatus>()), loadStatus: fromPromise(() => pending<PrivacyStatus>()) },
});
const deletionStory = privacyDeletionMachine.provide({
  actors: {
    sendCode: fromPromise(() => pending<CodeSent>()),
    deleteAccount: fromPromise<Scheduled, DeletionRequest>(() => pending<Scheduled>()),
  },
});
const sectionStory = privacyMachine.provide({ actors: { loadStatus: fromPromise(() => pending<PrivacyStatus>()) } });
/** The loaded section: its status answers at once, so the two flows start as its children (a resolved snapshot would start none). */
const sectionReadyStory = privacyMachine.provide({
  actors: {
    loadStatus: fromPromise(async () => privacyStatus(exportView('ready'))),
    exportFlow: exportStory,
    deletionFlow: deletionStory,
  },
});

const EXPORT = {
  none: { value: 'idle', context: { export: null, errorId: null } },
  expired: { value: 'idle', context: { export: exportView('expired'), errorId: null } },
  starting: { value: 'starting', context: { export: null, errorId: null } },
  queued: { value: 'working', context: { export: exportView('queued'), errorId: null } },
  running: { value: 'working', context: { export: exportView('running', 2, 5), errorId: null } },
  ready: { value: 'ready', context: { export: exportView('ready'), errorId: null } },
  failed: { value: 'failed', context: { export: exportView('failed', 1), errorId: null } },
  refused: { value: 'idle', context: { export: null, errorId: 'errors.PRIVACY.931' } },
} as const;

const base = { password: '', code: '', email: null, purgeAt: null, errorId: null };
const DELETION = {
  idle: { value: 'idle', context: { ...base, reauth: 'password' } },
  password: { value: { confirming: 'password' }, context: { ...base, reauth: 'password', password: 'secret' } },
  wrongPassword: { value: { confirming: 'password' }, context: { ...base, reauth: 'password', errorId: 'errors.PRIVACY.933' } },
  deleting: { value: 'deleting', context: { ...base, reauth: 'password', password: 'secret' } },
  needCode: { value: { confirming: 'needCode' }, context: { ...base, reauth: 'code' } },
  sendingCode: { value: { confirming: 'sendingCode' }, context: { ...base, reauth: 'code' } },
  codeSent: { value: { confirming: 'codeSent' }, context: { ...base, reauth: 'code', email: 'ada@example.com', code: '1234' } },
  wrongCode: {
    value: { confirming: 'codeSent' },
    context: { ...base, reauth: 'code', email: 'ada@example.com', code: '123456', errorId: 'errors.PRIVACY.934' },
  },
  scheduled: { value: 'scheduled', context: { ...base, reauth: 'password', purgeAt: PURGE_AT } },
} as const;

type Part = 'section' | 'export' | 'deletion';

function Frame({ width, children }: { width?: number; children: ReactNode }) {
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        {children}
      </div>
    </StoryApp>
  );
}

function PrivacyStory({ part, scenario, graceDays = 14, width }: { part: Part; scenario: string; graceDays?: number; width?: number }) {
  const view = useStoryActor(
    () => {
      if (part === 'section') {
        const actor =
          scenario === 'ready'
            ? createActor(sectionReadyStory).start()
            : actorAt(sectionStory, scenario === 'failed' ? 'failed' : 'loading', { status: null }).start();
        return { actor, node: <PrivacyView actor={actor} /> };
      }
      if (part === 'export') {
        const p = EXPORT[scenario as keyof typeof EXPORT] ?? EXPORT.none;
        const actor = actorAt(exportStory, p.value, p.context, { export: p.context.export }).start();
        return { actor, node: <ExportCard actor={actor} days={7} /> };
      }
      const p = DELETION[scenario as keyof typeof DELETION] ?? DELETION.idle;
      const actor = actorAt(deletionStory, p.value, p.context, { reauth: p.context.reauth }).start();
      return { actor, node: <DeletionCard actor={actor} graceDays={graceDays} /> };
    },
    [part, scenario],
    (v) => v.actor.stop(),
  );
  return <Frame width={width}>{view.node}</Frame>;
}

const meta = {
  title: 'Components/Account/Privacy',
  component: PrivacyStory,
  args: { part: 'export', scenario: 'none' },
  argTypes: {
    part: { control: 'inline-radio', options: ['section', 'export', 'deletion'] },
    scenario: { control: 'select', options: ['loading', 'failed', 'ready', ...Object.keys(EXPORT), ...Object.keys(DELETION)] },
  },
} satisfies Meta<typeof PrivacyStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The section while its status loads (`loading`). */
export const SectionLoading: Story = { args: { part: 'section', scenario: 'loading' } };
/** The status could not load (`failed`), with a retry. */
export const SectionFailed: Story = { args: { part: 'section', scenario: 'failed' } };
/** Both cards (`ready`): a finished export and the deletion. */
export const SectionReady: Story = { args: { part: 'section', scenario: 'ready' } };

/** No export yet (`idle`). */
export const ExportNone: Story = { args: { part: 'export', scenario: 'none' } };
/** The last export expired (`idle` with an expired export). */
export const ExportExpired: Story = { args: { part: 'export', scenario: 'expired' } };
/** Asking the server to start (`starting`). */
export const ExportStarting: Story = { args: { part: 'export', scenario: 'starting' } };
/** Waiting for a worker (`working`, queued). */
export const ExportQueued: Story = { args: { part: 'export', scenario: 'queued' } };
/** Being written, with progress (`working`, running). */
export const ExportRunning: Story = { args: { part: 'export', scenario: 'running' } };
/** Ready to download until it expires (`ready`). */
export const ExportReady: Story = { args: { part: 'export', scenario: 'ready' } };
/** The job failed (`failed`), with Try again. */
export const ExportFailed: Story = { args: { part: 'export', scenario: 'failed' } };
/** The server refused to start another (`idle` with errors.PRIVACY.931). */
export const ExportRefused: Story = { args: { part: 'export', scenario: 'refused' } };

/** Before anything (`idle`): delete, or ask by the contact form. */
export const DeletionIdle: Story = { args: { part: 'deletion', scenario: 'idle' } };
/** Grace period 0: the deletion is immediate. */
export const DeletionIdleImmediate: Story = { args: { part: 'deletion', scenario: 'idle', graceDays: 0 } };
/** Confirming with the password (`confirming.password`). */
export const DeletionPassword: Story = { args: { part: 'deletion', scenario: 'password' } };
/** A wrong password (errors.PRIVACY.933 under the field). */
export const DeletionWrongPassword: Story = { args: { part: 'deletion', scenario: 'wrongPassword' } };
/** Sent, waiting for the server (`deleting`). */
export const DeletionDeleting: Story = { args: { part: 'deletion', scenario: 'deleting' } };
/** No password: a code must be mailed first (`confirming.needCode`). */
export const DeletionNeedCode: Story = { args: { part: 'deletion', scenario: 'needCode' } };
/** Mailing the code (`confirming.sendingCode`). */
export const DeletionSendingCode: Story = { args: { part: 'deletion', scenario: 'sendingCode' } };
/** The code was mailed (`confirming.codeSent`). */
export const DeletionCodeSent: Story = { args: { part: 'deletion', scenario: 'codeSent' } };
/** A wrong code (errors.PRIVACY.934). */
export const DeletionWrongCode: Story = { args: { part: 'deletion', scenario: 'wrongCode' } };
/** Scheduled after the grace period, signed out everywhere (`scheduled`). */
export const DeletionScheduled: Story = { args: { part: 'deletion', scenario: 'scheduled' } };
/** Scheduled with a grace period of 0: deleted now. */
export const DeletionScheduledNow: Story = { args: { part: 'deletion', scenario: 'scheduled', graceDays: 0 } };
/** On a 320 px screen. */
export const DeletionNarrow: Story = { args: { part: 'deletion', scenario: 'password', width: 320 } };
/** On a 320 px screen. */
export const ExportNarrow: Story = { args: { part: 'export', scenario: 'ready', width: 320 } };
