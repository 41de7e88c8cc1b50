import { useEffect, useRef } from 'react';

/**
 * Runs `action` on Ctrl+<key> (Cmd+<key> on macOS), or Ctrl+Shift+<key> with `shift`, anywhere in the page, even
 * inside inputs, which is where the user is when they want to send or save.
 */
export function useHotkey(key: string, action: () => void, enabled = true, shift = false): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey !== shift) return;
      if (event.key.toLowerCase() !== key.toLowerCase()) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, enabled, shift]);
}
