import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { type CheckoutContext, checkoutMachine } from '../../../machines/billing/checkout.machine';
import { overview } from '../../../machines/billing/fixtures';
import type { BillingOverview, OrderView } from '../../../src/contracts/billing';
import { BuyView } from '../../../src/web/components/billing/BuyPanel';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/** Buying a plan (issue 21) in each state of the checkout machine. Calls never settle. */
const never = <T,>() => new Promise<T>(() => {});
const story = checkoutMachine.provide({
  actors: { loadOverview: fromPromise(() => never<BillingOverview>()), createOrder: fromPromise(() => never<OrderView>()) },
  actions: { redirect: () => {}, showOrder: () => {} },
});

const o = overview();
const base: CheckoutContext = {
  plans: o.plans,
  providers: o.providers,
  taxRate: o.tax_rate,
  mode: 'PREMIUM',
  period: 'month',
  provider: 'stripe',
  buyer: { name: 'Northwind Press', address: '', country: 'GB', vat_id: '' },
  error: null,
  wanted: 'PREMIUM',
};
const filled = { ...base, buyer: { name: 'Northwind Press Ltd', address: '12 Baker Street\nLondon NW1 6XE', country: 'GB', vat_id: '' } };
const SCENARIOS = {
  loading: { value: 'loading', context: base },
  failed: { value: 'failed', context: base },
  unavailable: { value: 'unavailable', context: { ...base, plans: [], providers: [] } },
  choosing: { value: 'choosing', context: base },
  choosingTransfer: { value: 'choosing', context: { ...base, mode: 'PLATINUM', provider: 'manual' } },
  details: { value: 'details', context: filled },
  detailsTransfer: { value: 'details', context: { ...filled, provider: 'manual' } },
  detailsIncomplete: { value: 'details', context: { ...base, buyer: { name: '', address: '', country: '', vat_id: '' } } },
  refused: { value: 'details', context: { ...filled, error: 'billing.checkout.failed' } },
  submitting: { value: 'submitting', context: filled },
  redirecting: { value: 'redirecting', context: filled },
  done: { value: 'done', context: { ...filled, provider: 'manual' } },
} as const;
type Scenario = keyof typeof SCENARIOS;

function BuyStory({ scenario, width }: { scenario: Scenario; width?: number }) {
  const actor = useStoryActor(() => {
    const p = SCENARIOS[scenario] ?? SCENARIOS.choosing;
    return actorAt(story, p.value, p.context).start();
  }, [scenario]);
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        <BuyView actor={actor} />
      </div>
    </StoryApp>
  );
}

const meta = {
  title: 'Components/Account/Buy a plan',
  component: BuyStory,
  args: { scenario: 'choosing' },
  argTypes: { scenario: { control: 'select', options: Object.keys(SCENARIOS) } },
} satisfies Meta<typeof BuyStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What is sold is loading (`loading`). */
export const Loading: Story = { args: { scenario: 'loading' } };
/** It could not load (`failed`), with a retry. */
export const Failed: Story = { args: { scenario: 'failed' } };
/** Nothing is sold here (`unavailable`). */
export const Unavailable: Story = { args: { scenario: 'unavailable' } };
/** Plan, period and payment (`choosing`). */
export const Choosing: Story = { args: { scenario: 'choosing' } };
/** Platinum by bank transfer chosen. */
export const ChoosingTransfer: Story = { args: { scenario: 'choosingTransfer' } };
/** The invoice's details, paying by card (`details`). */
export const Details: Story = { args: { scenario: 'details' } };
/** The details, paying by transfer (the button places the order). */
export const DetailsTransfer: Story = { args: { scenario: 'detailsTransfer' } };
/** No name and no country yet: the button waits. */
export const DetailsIncomplete: Story = { args: { scenario: 'detailsIncomplete' } };
/** The server refused the order: the reason above the form. */
export const Refused: Story = { args: { scenario: 'refused' } };
/** The order on its way (`submitting`). */
export const Submitting: Story = { args: { scenario: 'submitting' } };
/** Leaving for the card provider's checkout (`redirecting`). */
export const Redirecting: Story = { args: { scenario: 'redirecting' } };
/** Leaving for the order page (`done`). */
export const Done: Story = { args: { scenario: 'done' } };
/** On a 320 px screen. */
export const Narrow: Story = { args: { scenario: 'details', width: 320 } };
