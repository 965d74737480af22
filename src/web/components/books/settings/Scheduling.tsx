import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { roundUpToStep, scheduleBounds } from '../../../../../machines/book-settings/form';
import type { BookSettingsActorRef } from '../../../../../machines/book-settings.machine';
import { SCHEDULE_FIRST_YEAR, SCHEDULE_STEP_MS } from '../../../../../machines/constants';
import { Button, ButtonLink, hasSitePage } from '../../ui';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 / (SCHEDULE_STEP_MS / 60_000) }, (_, i) => i * (SCHEDULE_STEP_MS / 60_000));
const pad = (n: number) => String(n).padStart(2, '0');

/** Local date and time formatting of the chosen publication. */
function useFormat() {
  const { i18n } = useLingui();
  return (ms: number) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/**
 * Scheduled publication (SPEC §2, §4 Publish date, §5, §6): now or a date and time from the picker (premium
 * or higher; free accounts see it disabled with a link to /upgrade). Weeks start on Monday, the year
 * dropdown runs 1913 to current + 10, times go in 5-minute steps rounded up, never before now.
 */
export function Scheduling({ actor }: { actor: BookSettingsActorRef }) {
  const { t } = useLingui();
  const format = useFormat();
  const name = useId();
  const allowed = useSelector(actor, (s) => s.context.rights?.schedule === true);
  const at = useSelector(actor, (s) => s.context.values.publish_date);
  const picking = useSelector(actor, (s) => s.matches({ editing: 'picking' }));
  const error = useSelector(actor, (s) => s.context.errors.publish_date);
  return (
    <fieldset className="settings-fieldset settings-schedule" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        <Trans id="book.settings.publishDate">Publication</Trans>
      </legend>
      <label className="settings-check">
        <input
          type="radio"
          name={name}
          checked={at === null}
          disabled={!allowed}
          onChange={() => actor.send({ type: 'user.scheduleNow' })}
        />
        <Trans id="book.settings.schedule.now">Now</Trans>
      </label>
      <div className="settings-schedule__row">
        <Button
          size="sm"
          disabled={!allowed || picking}
          aria-expanded={picking}
          onClick={() => actor.send({ type: 'user.openPicker', now: Date.now() })}
          data-testid="schedule-button"
        >
          {at === null
            ? t({ id: 'book.settings.schedule.choose', message: 'Schedule…' })
            : t({ id: 'book.settings.schedule.on', message: `Scheduled: ${format(at * 1000)}` })}
        </Button>
        {!allowed && hasSitePage('/upgrade') && (
          <ButtonLink href="/upgrade" size="sm" variant="ghost">
            <Trans id="book.settings.schedule.upgrade">Upgrade to schedule publications</Trans>
          </ButtonLink>
        )}
      </div>
      {error && (
        <span className="field__error" id={`${name}-error`} role="alert">
          <Trans id="book.settings.schedule.past">The publication date has passed: choose a later one</Trans>
        </span>
      )}
      {picking && <Picker actor={actor} />}
    </fieldset>
  );
}

function Picker({ actor }: { actor: BookSettingsActorRef }) {
  const { t } = useLingui();
  const format = useFormat();
  const hourId = useId();
  const minuteId = useId();
  const draft = useSelector(actor, (s) => s.context.draft ?? roundUpToStep(Date.now()));
  const canApply = useSelector(actor, (s) => s.can({ type: 'user.applyDate', now: Date.now() }));
  const chosen = new Date(draft);
  const now = Date.now();
  const { end } = scheduleBounds(now);
  const pick = (next: Date) => actor.send({ type: 'user.pickDate', at: next.getTime() });
  const withTime = (hours: number, minutes: number) => {
    const next = new Date(chosen);
    next.setHours(hours, minutes, 0, 0);
    pick(next);
  };
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  return (
    <section className="settings-picker" aria-label={t({ id: 'book.settings.schedule.picker', message: 'Publication date' })}>
      <DayPicker
        mode="single"
        required
        selected={chosen}
        defaultMonth={chosen}
        onSelect={(day: Date) => {
          const next = new Date(day);
          next.setHours(chosen.getHours(), chosen.getMinutes(), 0, 0);
          pick(next);
        }}
        weekStartsOn={1}
        captionLayout="dropdown"
        startMonth={new Date(SCHEDULE_FIRST_YEAR, 0)}
        endMonth={new Date(end)}
        disabled={{ before: today }}
      />
      <div className="settings-picker__time">
        <label htmlFor={hourId}>
          <Trans id="book.settings.schedule.hour">Hour</Trans>
        </label>
        <select
          id={hourId}
          className="select__native"
          value={chosen.getHours()}
          onChange={(e) => withTime(Number(e.target.value), chosen.getMinutes())}
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {pad(h)}
            </option>
          ))}
        </select>
        <label htmlFor={minuteId}>
          <Trans id="book.settings.schedule.minute">Minute</Trans>
        </label>
        <select
          id={minuteId}
          className="select__native"
          // A time off the 5-minute grid shows the step it will be rounded up to.
          value={Math.ceil(chosen.getMinutes() / 5) * 5 === 60 ? 55 : Math.ceil(chosen.getMinutes() / 5) * 5}
          onChange={(e) => withTime(chosen.getHours(), Number(e.target.value))}
        >
          {MINUTES.map((m) => (
            <option key={m} value={m}>
              {pad(m)}
            </option>
          ))}
        </select>
      </div>
      <p className="settings-note" aria-live="polite">
        {canApply
          ? t({ id: 'book.settings.schedule.preview', message: `Publishes on ${format(roundUpToStep(draft))}` })
          : t({ id: 'book.settings.schedule.invalid', message: 'Choose a time after now.' })}
      </p>
      <div className="settings-picker__actions">
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'user.cancelPicker' })}>
          <Trans id="commons.cancel">Cancel</Trans>
        </Button>
        <Button size="sm" variant="primary" disabled={!canApply} onClick={() => actor.send({ type: 'user.applyDate', now: Date.now() })}>
          <Trans id="book.settings.schedule.apply">Apply</Trans>
        </Button>
      </div>
    </section>
  );
}
