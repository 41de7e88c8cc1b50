const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * A Ctrl (Cmd on macOS) shortcut as the person's keyboard names it: `Ctrl+Shift+F`, or `⌘⇧F` on a Mac; `compact`
 * writes Shift as ⇧ everywhere, for a hint inside a field.
 */
export function shortcutLabel(keys: string, compact = false): string {
  const parts = keys.split('+');
  if (!MAC && compact) return `Ctrl+${parts.map((part) => (part === 'Shift' ? '⇧' : part)).join('')}`;
  if (!MAC) return ['Ctrl', ...parts].join('+');
  return ['⌘', ...parts.map((part) => (part === 'Shift' ? '⇧' : part === 'Enter' ? '↩' : part))].join('');
}
