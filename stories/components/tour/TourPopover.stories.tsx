import { Trans } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type TourContext, tourMachine } from '../../../machines/tour.machine';
import { TourPopover } from '../../../src/web/components/tour/TourPopover';
import { TOURS } from '../../../src/web/components/tour/tours';
import { ButtonLink } from '../../../src/web/components/ui/Button';
import { useStoryActor } from '../../support/StoryApp';
import { never, restoredActor } from '../account/support';

/** The flag calls never settle in stories: the tour stays in the state shown. */
const machine = tourMachine.provide({ actors: { readSeen: never(), markSeen: never() } });
const steps = TOURS.dashboard;

/** The elements the dashboard tour points at, as the account page shows them. */
function Dashboard({ anchors }: { anchors: boolean }) {
  const tour = (name: string) => (anchors ? { 'data-tour': name } : {});
  return (
    <div className="container page account-page">
      <h1>
        <Trans id="account.page.title">Your account</Trans>
      </h1>
      <nav className="account-tabs" aria-label="Account" {...tour('dashboard-sections')}>
        <a href="#dashboard" aria-current="page">
          <Trans id="menu.account.dashboard">Dashboard</Trans>
        </a>
        <a href="#book">
          <Trans id="menu.account.book">Publications</Trans>
        </a>
      </nav>
      <section className="account-card">
        <dl className="account-facts">
          <div>
            <dt>
              <Trans id="account.overview.plan">Plan</Trans>
            </dt>
            <dd {...tour('dashboard-plan')}>
              <Trans id="account.plan.free">Free</Trans>
            </dd>
          </div>
        </dl>
        <div className="account-actions">
          <ButtonLink href="#publish" variant="primary" {...tour('dashboard-publish')}>
            <Trans id="home.cta.publish">Publish a document</Trans>
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

function TourStory({ value, step, anchors }: { value: 'notStarted' | 'step' | 'saving' | 'done'; step: number; anchors: boolean }) {
  const context: TourContext = { name: 'dashboard', steps: steps.length, step, ending: null };
  const actor = useStoryActor(() => restoredActor(machine, value, context, {}, { name: 'dashboard', steps: steps.length }), [value, step]);
  return (
    <>
      <Dashboard anchors={anchors} />
      <TourPopover actor={actor} steps={steps} />
    </>
  );
}

const meta = {
  title: 'Components/Guided tour',
  component: TourStory,
  args: { value: 'step', step: 0, anchors: true },
  argTypes: {
    value: { control: 'select', options: ['notStarted', 'step', 'saving', 'done'] },
    step: { control: { type: 'range', min: 0, max: steps.length - 1 } },
  },
} satisfies Meta<typeof TourStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `notStarted`: the user record's flag is read; nothing shows yet. */
export const NotStarted: Story = { args: { value: 'notStarted' } };
/** `step` 1 of 3: Back disabled, pointing at the account's sections. */
export const FirstStep: Story = {};
/** `step` 2 of 3: Back and Next. */
export const MiddleStep: Story = { args: { step: 1 } };
/** `step` 3 of 3: Finish. */
export const LastStep: Story = { args: { step: 2 } };
/** `step` whose element is not on the page (e.g. hidden on a phone): the card shows in the middle. */
export const NoAnchor: Story = { args: { anchors: false } };
/** On a 320 px wide screen. */
export const Phone: Story = { parameters: { viewport: { defaultViewport: 'mobile1' } } };
/** `saving`: finished or skipped; the flag is written, the tour already hidden. */
export const Saving: Story = { args: { value: 'saving', step: 2 } };
/** `done`: seen (here, elsewhere, or before): nothing shows. */
export const Done: Story = { args: { value: 'done' } };
