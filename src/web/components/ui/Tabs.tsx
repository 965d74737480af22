import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Marks a tab whose fields need attention (SPEC §5: the tab with the warning shows). */
  warning?: boolean;
}
interface TabsProps<K extends string> {
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  children: ReactNode;
}

/** WAI-ARIA tabs with roving focus (arrows, Home, End). The selected tab comes from a machine. */
export function Tabs<K extends string>({ items, selected, onSelect, label, children }: TabsProps<K>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const i = items.findIndex((it) => it.key === selected);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    onSelect(item.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${base}-${item.key}`)}`)?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} ref={list} onKeyDown={onKey}>
        {items.map((it) => (
          <button
            key={it.key}
            type="button"
            role="tab"
            id={`${base}-${it.key}`}
            className="tabs__tab"
            aria-selected={it.key === selected}
            aria-controls={`${base}-panel`}
            tabIndex={it.key === selected ? 0 : -1}
            onClick={() => onSelect(it.key)}
          >
            {it.label}
            {it.warning && <span aria-hidden="true"> ⚠</span>}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${selected}`}>
        {children}
      </div>
    </div>
  );
}
