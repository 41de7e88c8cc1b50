import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { matchEntries, type PaletteMatch, type Searchable, searchText } from '../lib/palette-match.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';

type PaletteGroup = 'Actions' | 'Endpoints' | 'Projects';

export interface PaletteCommand extends Searchable {
  id: string;
  group: PaletteGroup;
  /** An endpoint's method, drawn as its badge. */
  method?: string;
  /** The keys that do the same without the palette, as `shortcutLabel` writes them. */
  shortcut?: string;
  run: () => void;
}

/** `commands`: actions, endpoints and projects (Ctrl/Cmd+K); `go-to`: endpoints and projects (Ctrl/Cmd+P). */
export type PaletteMode = 'commands' | 'go-to';

const LIMITS: Record<PaletteGroup, number> = { Actions: 40, Endpoints: 50, Projects: 20 };

/** The matched parts of `text` (starting at `offset` of the searched text) marked. */
function marked(text: string, ranges: readonly number[], offset: number): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (let index = 0; index + 1 < ranges.length; index += 2) {
    const start = Math.max(0, (ranges[index] as number) - offset);
    const end = Math.min(text.length, (ranges[index + 1] as number) - offset);
    if (end <= start || start < at) continue;
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return parts;
}

/**
 * The command palette: a search box (a combobox) over a listbox of actions, endpoints and projects, found by a
 * fuzzy match of their names. Up and Down move, Enter runs, Escape or a click outside closes; a query starting
 * with `>` lists actions only, as in the editors people know.
 */
export function CommandPalette({
  mode,
  commands,
  onClose,
}: {
  mode: PaletteMode;
  /** Read once when the palette opens. */
  commands: () => PaletteCommand[];
  onClose: () => void;
}) {
  const [all] = useState(commands);
  const haystack = useMemo(() => all.map(searchText), [all]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const input = useRef<HTMLInputElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);

  const actionsOnly = query.startsWith('>');
  const groups = useMemo(() => {
    const wanted: PaletteGroup[] = actionsOnly
      ? ['Actions']
      : mode === 'commands'
        ? ['Actions', 'Endpoints', 'Projects']
        : ['Endpoints', 'Projects'];
    const found = matchEntries(all, haystack, actionsOnly ? query.slice(1) : query, all.length);
    // The group holding the best match comes first, so what was typed by name is what Enter runs.
    const order = query.trim() === '' ? wanted : [...new Set(found.map((match) => match.entry.group))];
    return order
      .filter((group) => wanted.includes(group))
      .map((group) => ({
        group,
        matches: found.filter((match) => match.entry.group === group).slice(0, LIMITS[group]),
      }))
      .filter(({ matches }) => matches.length > 0);
  }, [all, haystack, query, actionsOnly, mode]);
  const shown: PaletteMatch<PaletteCommand>[] = groups.flatMap(({ matches }) => matches);
  const current = Math.min(active, shown.length - 1);

  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    // A press outside the palette closes it, as it does a menu.
    const onPress = (event: MouseEvent) => {
      if (event.target === backdrop.current) close.current();
    };
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('mousedown', onPress);
      previous?.focus();
    };
  }, []);
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const run = (command: PaletteCommand | undefined) => {
    if (command === undefined) return;
    onClose();
    // After the palette has gone and given the focus back, so a command that moves the focus keeps it.
    setTimeout(command.run, 0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step && shown.length > 0) {
      event.preventDefault();
      const next = current + (step[event.key] as number);
      // Single steps wrap around; page steps stop at the ends.
      setActive(
        Math.abs(step[event.key] as number) === 1
          ? (next + shown.length) % shown.length
          : Math.min(shown.length - 1, Math.max(0, next)),
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(shown[current]?.entry);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  let index = -1;
  return (
    <div className="palette-backdrop" ref={backdrop}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label={mode === 'commands' ? 'Command palette' : 'Go to an endpoint or project'}
      >
        <div className="palette-search">
          <Icon name="search" size={15} />
          <input
            ref={input}
            className="palette-input"
            role="combobox"
            aria-expanded={shown.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            aria-label={
              mode === 'commands' ? 'Search actions, endpoints and projects' : 'Search endpoints and projects'
            }
            placeholder={
              mode === 'commands'
                ? 'Type an action, an endpoint or a project'
                : 'Go to an endpoint or project (> for actions)'
            }
            spellCheck={false}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <div className="palette-list" role="listbox" id={listId} aria-label="Results">
          {groups.map(({ group, matches }) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA), not a fieldset
            <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
              <div className="palette-group" id={`${listId}-${group}`} role="presentation">
                {group}
              </div>
              {matches.map(({ entry, ranges }) => {
                index += 1;
                const position = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box takes the keys for its options (aria-activedescendant)
                  <div
                    key={entry.id}
                    id={optionId(position)}
                    role="option"
                    aria-selected={position === current}
                    // Focusable for assistive technology, never a Tab stop; a click leaves the focus in the search box.
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    className={position === current ? 'palette-option palette-option-active' : 'palette-option'}
                    onMouseMove={() => setActive(position)}
                    onClick={() => run(entry)}
                  >
                    {entry.method !== undefined && <MethodBadge method={entry.method} />}
                    <span className="palette-label">{marked(entry.label, ranges, 0)}</span>
                    {entry.detail !== undefined && (
                      <span className="palette-detail">{marked(entry.detail, ranges, entry.label.length + 1)}</span>
                    )}
                    {entry.shortcut !== undefined && <kbd className="palette-shortcut">{entry.shortcut}</kbd>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {shown.length === 0 && (
          <p className="palette-empty" role="status">
            Nothing matches “{query}”.
          </p>
        )}
      </div>
    </div>
  );
}
