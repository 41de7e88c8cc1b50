const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A Ctrl (Cmd on macOS) shortcut as the person's keyboard names it: `Ctrl+Shift+F`, or `⌘⇧F` on a Mac. */
export function shortcutLabel(keys: string): string {
  const parts = keys.split('+');
  if (!MAC) return ['Ctrl', ...parts].join('+');
  return ['⌘', ...parts.map((part) => (part === 'Shift' ? '⇧' : part === 'Enter' ? '↩' : part))].join('');
}
