import { pendingThemeCookie } from '@client/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../api/types.js';
import { releaseThemeChoice } from '../lib/pending-theme.js';
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

  it("carries a choice on the window's requests until the app has kept it, and one it could not keep", async () => {
    const held = () => document.cookie.includes(`${pendingThemeCookie(window.location.port)}=`);
    let kept: () => void = () => {};
    calls.setPreferences.mockReturnValueOnce(new Promise<void>((resolve) => (kept = resolve)));
    const failed = vi.fn();
    const { result } = renderHook(() => useTheme('light', failed));
    act(() => result.current.choose('dark'));
    expect(document.cookie).toContain(`${pendingThemeCookie(window.location.port)}=dark`);
    await act(async () => kept());
    expect(held()).toBe(false);

    calls.setPreferences.mockReturnValueOnce(Promise.reject(new Error('the app is not answering')));
    await act(async () => result.current.choose('system'));
    expect(failed).toHaveBeenCalledWith(new Error('the app is not answering'));
    expect(document.cookie).toContain(`${pendingThemeCookie(window.location.port)}=system`);
    // Dropped only when the choice kept is the one held: an earlier one kept late leaves a later one held.
    releaseThemeChoice('dark');
    expect(held()).toBe(true);
    releaseThemeChoice('system');
    expect(held()).toBe(false);
  });
});
