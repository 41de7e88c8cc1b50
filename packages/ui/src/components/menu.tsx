import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icons.js';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** A "⋯" button with a small menu; outside clicks and Escape close it, arrows move between items. */
export function Menu({
  label,
  items,
  icon = 'more',
  inRow = false,
  open: shownOpen,
  onOpenChange,
}: {
  label: string;
  items: MenuItem[];
  icon?: 'more' | 'plus' | 'chevron-down';
  /**
   * The menu of a row that is one Tab stop and one name of its own: its button is left out of both, and the row
   * opens the menu with Shift+F10, the context-menu key or a right click.
   */
  inRow?: boolean;
  /** Whether it is open, when its owner keeps that (with `onOpenChange`); otherwise the menu keeps it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shownOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  // The listeners below close the menu through the latest setter: an owner's changes with every render.
  const close = useRef(() => setOpen(false));
  close.current = () => setOpen(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  const moveFocus = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length;
    entries[next]?.focus();
  };

  return (
    <div className="menu" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={inRow ? -1 : undefined}
        aria-hidden={inRow ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
      >
        <Icon name={icon} />
      </button>
      {open && (
        <div className="menu-list" role="menu" id={menuId} aria-label={label} onKeyDown={moveFocus}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger === true ? 'menu-item menu-item-danger' : 'menu-item'}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
