import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { HexColorPicker } from 'react-colorful';
import { showsLinkTarget, type WidgetActorRef } from '../../../../machines/widget.machine';
import {
  DOCUMENT_VIEWS,
  WIDGET_INFOS,
  WIDGET_LINKS,
  WIDGET_ROWS_MAX,
  WIDGET_ROWS_MIN,
  WIDGET_SORTS,
  WIDGET_TARGETS,
  WIDGET_THEMES,
  WIDGET_THUMB_SIZES,
  type WidgetOptions,
} from '../../../contracts/widget';
import { VIEW_MODE_LABELS } from '../../i18n/view-modes';
import { Field, Select, type SelectOption, Switch } from '../ui';

type Patch = Partial<Omit<WidgetOptions, 'type' | 'id' | 'bgColor'>>;

/** Labels of the option values (SPEC §9). */
function useLabels() {
  const { t } = useLingui();
  return {
    sortBy: {
      latestPublished: t({ id: 'widget.sort.latestPublished', message: 'Latest published' }),
      latestIssue: t({ id: 'widget.sort.latestIssue', message: 'Latest issue' }),
      mostViews: t({ id: 'widget.sort.mostViews', message: 'Most viewed' }),
      mostPages: t({ id: 'widget.sort.mostPages', message: 'Most pages' }),
      title: t({ id: 'widget.sort.title', message: 'Title' }),
    },
    theme: {
      white: t({ id: 'widget.theme.white', message: 'White' }),
      stone: t({ id: 'widget.theme.stone', message: 'Stone' }),
      metal: t({ id: 'widget.theme.metal', message: 'Metal' }),
      wood: t({ id: 'widget.theme.wood', message: 'Wood' }),
      black: t({ id: 'widget.theme.black', message: 'Black' }),
      any: t({ id: 'widget.theme.any', message: 'Custom colour' }),
    },
    thumbSize: {
      small: t({ id: 'widget.thumb.small', message: 'Small' }),
      normal: t({ id: 'widget.thumb.normal', message: 'Normal' }),
      large: t({ id: 'widget.thumb.large', message: 'Large' }),
    },
    showInfo: {
      no: t({ id: 'widget.info.no', message: 'Nothing' }),
      account: t({ id: 'widget.info.account', message: 'Publisher' }),
      views: t({ id: 'widget.info.views', message: 'Views' }),
      pages: t({ id: 'widget.info.pages', message: 'Pages' }),
      date: t({ id: 'widget.info.date', message: 'Date' }),
    },
    linkTo: {
      embed: t({ id: 'widget.link.embed', message: 'Open the reader inside the widget' }),
      default: t({ id: 'widget.link.default', message: 'Open the publication page' }),
      view: t({ id: 'widget.link.view', message: 'Open the reader' }),
    },
    linkTarget: {
      _blank: t({ id: 'widget.target.blank', message: 'In a new tab' }),
      _parent: t({ id: 'widget.target.parent', message: 'In the same tab' }),
    },
    view: {
      auto: t(VIEW_MODE_LABELS.auto),
      book: t(VIEW_MODE_LABELS.book),
      slide: t(VIEW_MODE_LABELS.slide),
      scroll: t(VIEW_MODE_LABELS.scroll),
    },
  };
}

const optionsOf = <K extends string>(list: readonly K[], labels: Record<K, string>): SelectOption[] =>
  list.map((value) => ({ value, label: labels[value] }));

/** The library widget's options (SPEC §3, §9). */
export function LibraryOptions({ actor }: { actor: WidgetActorRef }) {
  const { t } = useLingui();
  const labels = useLabels();
  const options = useSelector(actor, (s) => s.context.options);
  const linkTarget = useSelector(actor, (s) => showsLinkTarget(s.context));
  const set = (patch: Patch) => actor.send({ type: 'user.option', patch });
  const rows = Array.from({ length: WIDGET_ROWS_MAX - WIDGET_ROWS_MIN + 1 }, (_, i) => String(WIDGET_ROWS_MIN + i));
  return (
    <div className="widget-options">
      <Select
        label={t({ id: 'widget.rows', message: 'Rows' })}
        options={rows.map((r) => ({ value: r, label: r }))}
        value={String(options.rows)}
        onChange={(e) => set({ rows: Number(e.target.value) })}
      />
      <Select
        label={t({ id: 'widget.sortBy', message: 'Order' })}
        options={optionsOf(WIDGET_SORTS, labels.sortBy)}
        value={options.sortBy}
        onChange={(e) => set({ sortBy: e.target.value as WidgetOptions['sortBy'] })}
      />
      <Select
        label={t({ id: 'widget.theme', message: 'Theme' })}
        options={optionsOf(WIDGET_THEMES, labels.theme)}
        value={options.theme}
        onChange={(e) => set({ theme: e.target.value as WidgetOptions['theme'] })}
      />
      {options.theme === 'any' && <ColorField actor={actor} />}
      <Select
        label={t({ id: 'widget.thumbSize', message: 'Thumbnail size' })}
        options={optionsOf(WIDGET_THUMB_SIZES, labels.thumbSize)}
        value={options.thumbSize}
        onChange={(e) => set({ thumbSize: e.target.value as WidgetOptions['thumbSize'] })}
      />
      <Select
        label={t({ id: 'widget.showInfo', message: 'Information under the title' })}
        options={optionsOf(WIDGET_INFOS, labels.showInfo)}
        value={options.showInfo}
        onChange={(e) => set({ showInfo: e.target.value as WidgetOptions['showInfo'] })}
      />
      <div className="widget-options__switches">
        <Switch checked={options.showTitle} onChange={(v) => set({ showTitle: v })} label={<Trans id="widget.showTitle">Titles</Trans>} />
        <Switch
          checked={options.showShadow}
          onChange={(v) => set({ showShadow: v })}
          label={<Trans id="widget.showShadow">Shadow</Trans>}
        />
        <Switch checked={options.showGloss} onChange={(v) => set({ showGloss: v })} label={<Trans id="widget.showGloss">Gloss</Trans>} />
      </div>
      <Select
        label={t({ id: 'widget.linkTo', message: 'A click on a publication' })}
        options={optionsOf(WIDGET_LINKS, labels.linkTo)}
        value={options.linkTo}
        onChange={(e) => set({ linkTo: e.target.value as WidgetOptions['linkTo'] })}
      />
      {linkTarget && (
        <Select
          label={t({ id: 'widget.linkTarget', message: 'Opens' })}
          options={optionsOf(WIDGET_TARGETS, labels.linkTarget)}
          value={options.linkTarget}
          onChange={(e) => set({ linkTarget: e.target.value as WidgetOptions['linkTarget'] })}
        />
      )}
    </div>
  );
}

/** The custom colour: picker, text (flagged when invalid, SPEC §5) and the recent colours (SPEC §9). */
function ColorField({ actor }: { actor: WidgetActorRef }) {
  const { t } = useLingui();
  const text = useSelector(actor, (s) => s.context.colorText);
  const color = useSelector(actor, (s) => s.context.options.bgColor);
  const invalid = useSelector(actor, (s) => s.matches({ color: 'invalid' }));
  const palette = useSelector(actor, (s) => s.context.palette);
  const set = (value: string) => actor.send({ type: 'user.color', value });
  return (
    <fieldset className="widget-color">
      <legend className="field__label">
        <Trans id="widget.color">Background colour</Trans>
      </legend>
      <HexColorPicker color={color} onChange={set} />
      <Field
        label={t({ id: 'widget.color.hex', message: 'Colour code' })}
        value={text}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => set(e.target.value.trim())}
        error={invalid ? t({ id: 'widget.color.invalid', message: 'Enter a colour as #rgb or #rrggbb.' }) : undefined}
      />
      {palette.length > 0 && (
        <fieldset className="widget-color__palette">
          <legend className="widget-color__recent">
            <Trans id="widget.color.recent">Recent colours</Trans>
          </legend>
          {palette.map((c) => (
            <button
              key={c}
              type="button"
              className="widget-color__swatch"
              style={{ background: c }}
              aria-label={c}
              aria-pressed={c === color}
              onClick={() => set(c)}
            />
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}

/** The single-book embed's options: start page and view mode. */
export function BookOptions({ actor }: { actor: WidgetActorRef }) {
  const { t } = useLingui();
  const labels = useLabels();
  const book = useSelector(actor, (s) => s.context.book);
  return (
    <div className="widget-options">
      <Field
        label={t({ id: 'widget.book.page', message: 'Start page' })}
        type="number"
        min={1}
        max={9999}
        inputMode="numeric"
        value={book.page}
        noValidate
        onChange={(e) => {
          const page = Math.max(1, Math.min(9999, Math.floor(Number(e.target.value) || 1)));
          actor.send({ type: 'user.bookOption', patch: { page } });
        }}
      />
      <Select
        label={t({ id: 'widget.book.view', message: 'View mode' })}
        options={optionsOf(DOCUMENT_VIEWS, labels.view)}
        value={book.view}
        onChange={(e) => actor.send({ type: 'user.bookOption', patch: { view: e.target.value as (typeof DOCUMENT_VIEWS)[number] } })}
      />
    </div>
  );
}
