import { describe, expect, it } from 'vitest';
import { shortcutLabel } from './shortcut.js';

// The test page is not a Mac's, so the labels are the ones Windows and Linux show.
describe('shortcutLabel', () => {
  it('writes a Ctrl shortcut in full, or with Shift as ⇧ for a hint inside a field', () => {
    expect(shortcutLabel('B')).toBe('Ctrl+B');
    expect(shortcutLabel('Shift+F')).toBe('Ctrl+Shift+F');
    expect(shortcutLabel('Shift+F', true)).toBe('Ctrl+⇧F');
  });
});
