import { useEffect, useRef } from 'react';
import { useHotkey } from './use-hotkey.js';

/**
 * Ctrl/Cmd+Enter sends, +S saves (not while a dialog is open), +K goes to the sidebar's search, and Escape
 * cancels a send in progress (unless a dialog is open, whose Escape closes it).
 */
export function useWorkspaceHotkeys(
  dialogOpen: boolean,
  sending: boolean,
  commands: { send: () => void; save: () => void; search: () => void; cancel: () => void },
): void {
  useHotkey('Enter', commands.send, !dialogOpen);
  useHotkey('s', commands.save, !dialogOpen);
  useHotkey('k', commands.search);
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
