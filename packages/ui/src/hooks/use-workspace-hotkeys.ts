import { useEffect, useRef } from 'react';
import { useHotkey } from './use-hotkey.js';

/**
 * Ctrl/Cmd+Enter sends, +S saves (not while a dialog is open), +B shows or hides the sidebar, +Shift+F goes to
 * the sidebar's search, and Escape cancels a send in progress (unless a dialog is open, whose Escape closes it).
 * Ctrl/Cmd+K and +P, the command palette, are the window's (they work on the projects screen too).
 */
export function useWorkspaceHotkeys(
  dialogOpen: boolean,
  sending: boolean,
  commands: { send: () => void; save: () => void; search: () => void; toggleSidebar: () => void; cancel: () => void },
): void {
  useHotkey('Enter', commands.send, !dialogOpen);
  useHotkey('s', commands.save, !dialogOpen);
  useHotkey('b', commands.toggleSidebar, !dialogOpen);
  useHotkey('f', commands.search, !dialogOpen, true);
  const cancel = useRef(commands.cancel);
  cancel.current = commands.cancel;
  useEffect(() => {
    if (dialogOpen || !sending) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialogOpen, sending]);
}
