import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { AccountStatsActorRef } from '../../../../machines/account-sections/account-stats.machine';
import type { StatsRange } from '../../../contracts/stats';
import { Button } from '../ui';
import { formatRange } from './format';

const PRESETS: { range: Exclude<StatsRange, 'custom'>; label: MessageDescriptor }[] = [
  { range: '7d', label: msg({ id: 'stats.range.7d', message: '7 days' }) },
  { range: '30d', label: msg({ id: 'stats.range.30d', message: '30 days' }) },
  { range: '90d', label: msg({ id: 'stats.range.90d', message: '90 days' }) },
  { range: '365d', label: msg({ id: 'stats.range.365d', message: 'A year' }) },
];

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day the person picked (a local date) as `YYYY-MM-DD`, and back. */
const dayOfLocal = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localOfDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
};

/** The range's segmented control (buttons with aria-pressed) and the custom range's calendar. */
export function RangeBar({ actor }: { actor: AccountStatsActorRef }) {
  const { i18n } = useLingui();
  const query = useSelector(actor, (s) => s.context.query);
  // The days answered (a free account's start moved to the first day it may see), else the days asked.
  const shown = useSelector(actor, (s) => s.context.summary ?? s.context.query);
  const open = useSelector(actor, (s) => (s.value as { dashboard?: { picker?: string } }).dashboard?.picker === 'open');
  return (
    <div className="stats-range">
      <fieldset className="stats-segmented">
        <legend className="visually-hidden">
          <Trans id="stats.range.label">Period</Trans>
        </legend>
        {PRESETS.map((p) => (
          <button
            key={p.range}
            type="button"
            className="stats-segmented__item"
            aria-pressed={query.range === p.range}
            onClick={() => actor.send({ type: 'user.range', range: p.range })}
          >
            {i18n._(p.label)}
          </button>
        ))}
        <button
          type="button"
          className="stats-segmented__item"
          aria-pressed={query.range === 'custom'}
          aria-expanded={open}
          aria-controls="stats-custom-range"
          onClick={() => actor.send(open ? { type: 'user.cancel' } : { type: 'user.custom' })}
        >
          <Trans id="stats.range.custom">Custom…</Trans>
        </button>
      </fieldset>
      <p className="stats-range__days" data-testid="stats-range">
        {formatRange(shown.from, shown.to, i18n.locale)}
      </p>
      {open && <CustomRange actor={actor} />}
    </div>
  );
}

function CustomRange({ actor }: { actor: AccountStatsActorRef }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const draft = useSelector(actor, (s) => s.context.draft);
  const today = useSelector(actor, (s) => s.context.today);
  const canApply = useSelector(actor, (s) => s.can({ type: 'user.apply' }));
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  const selected: DateRange | undefined = draft?.from
    ? { from: localOfDay(draft.from), to: draft.to ? localOfDay(draft.to) : undefined }
    : undefined;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      actor.send({ type: 'user.cancel' });
    }
  };
  const full = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(d);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the calendar from any of its controls
    <div className="stats-custom" id="stats-custom-range" ref={panel} onKeyDown={onKey}>
      <DayPicker
        mode="range"
        selected={selected}
        defaultMonth={selected?.from ?? localOfDay(today)}
        onSelect={(range) =>
          actor.send({ type: 'user.draft', from: range?.from ? dayOfLocal(range.from) : null, to: range?.to ? dayOfLocal(range.to) : null })
        }
        weekStartsOn={1}
        disabled={{ after: localOfDay(today) }}
        endMonth={localOfDay(today)}
        formatters={{
          formatCaption: (month) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(month),
          formatWeekdayName: (d) => new Intl.DateTimeFormat(locale, { weekday: 'narrow' }).format(d),
        }}
        labels={{
          labelDayButton: (d) => full(d),
          labelWeekday: (d) => new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(d),
          labelNext: () => t({ id: 'stats.calendar.next', message: 'Next month' }),
          labelPrevious: () => t({ id: 'stats.calendar.previous', message: 'Previous month' }),
          labelGrid: (d) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(d),
          labelNav: () => t({ id: 'stats.calendar.nav', message: 'Months' }),
        }}
      />
      <p className="stats-custom__hint">
        {draft?.from && draft.to ? (
          formatRange(draft.from, draft.to, locale)
        ) : (
          <Trans id="stats.calendar.hint">Choose the first and the last day.</Trans>
        )}
      </p>
      <div className="account-actions">
        <Button variant="primary" size="sm" disabled={!canApply} onClick={() => actor.send({ type: 'user.apply' })}>
          <Trans id="stats.calendar.apply">Show these days</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.cancel' })}>
          <Trans id="stats.calendar.cancel">Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
