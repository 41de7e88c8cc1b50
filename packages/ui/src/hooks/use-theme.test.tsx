import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../api/types.js';
import { useTheme } from './use-theme.js';

const calls = vi.hoisted(() => ({
  getPreferences: vi.fn<() => Promise<Pick<Preferences, 'theme'>>>(),
  setPreferences: vi.fn(() => Promise.resolve()),
}));
vi.mock('../api/client.js', () => ({ api: calls }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  delete document.documentElement.dataset.theme;
});

/** A preferences answer the test sends when it chooses. */
function heldAnswer(): (theme: Preferences['theme']) => Promise<void> {
  let answer: (preferences: Pick<Preferences, 'theme'>) => void = () => {};
  calls.getPreferences.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return async (theme) => {
    await act(async () => answer({ theme }));
  };
}

describe('useTheme', () => {
  it('asks the app for the kept theme when the page came without it, and applies the answer', async () => {
    const answer = heldAnswer();
    const { result } = renderHook(() => useTheme(null, () => {}));
    expect(result.current.theme).toBe('system');
    await answer('dark');
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps a theme chosen before the answer arrived: the answer is older than the choice', async () => {
    const answer = heldAnswer();
    const { result } = renderHook(() => useTheme(null, () => {}));
    act(() => result.current.choose('dark'));
    await answer('system');
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(calls.setPreferences).toHaveBeenCalledWith({ theme: 'dark' });
  });

  it('does not ask when the page came with the kept theme', () => {
    const { result } = renderHook(() => useTheme('light', () => {}));
    expect(result.current.theme).toBe('light');
    expect(calls.getPreferences).not.toHaveBeenCalled();
  });
});
