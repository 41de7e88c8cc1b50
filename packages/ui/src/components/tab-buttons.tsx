import { onTablistKeyDown } from '../lib/roving-focus.js';

/** One tab: its label and, when it has one, the badge shown beside it (a count, or what the tab is set to). */
export interface TabButton<T extends string> {
  id: T;
  label: string;
  badge?: number | string | null | undefined;
}

/** A row of tabs with roving focus (arrow keys move between them, Tab leaves the row), one of them selected. */
export function TabButtons<T extends string>(props: {
  label: string;
  className: string;
  tabs: readonly TabButton<T>[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const { selected, onSelect } = props;
  return (
    <div className={props.className} role="tablist" aria-label={props.label} onKeyDown={onTablistKeyDown}>
      {props.tabs.map(({ id, label, badge }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={selected === id}
          tabIndex={selected === id ? 0 : -1}
          className={selected === id ? 'tab tab-active' : 'tab'}
          onClick={() => onSelect(id)}
        >
          {label}
          {badge !== undefined && badge !== null && <span className="tab-count">{badge}</span>}
        </button>
      ))}
    </div>
  );
}
