import { useHotkey } from './use-hotkey.js';

/** Ctrl/Cmd+Enter sends, +S saves (not while a dialog is open), +K goes to the sidebar's search. */
export function useWorkspaceHotkeys(
  dialogOpen: boolean,
  commands: { send: () => void; save: () => void; search: () => void },
): void {
  useHotkey('Enter', commands.send, !dialogOpen);
  useHotkey('s', commands.save, !dialogOpen);
  useHotkey('k', commands.search);
}
