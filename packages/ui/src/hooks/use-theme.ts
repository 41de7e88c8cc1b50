import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { Preferences } from '../api/types.js';

type Theme = Preferences['theme'];

function apply(theme: Theme): void {
  // No attribute: the stylesheet's color-scheme follows the OS.
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/**
 * The theme the person chose (kept by the app for every window), applied to the page; `choose` changes it. `shown`:
 * the theme the page already has (the app writes it into the page it serves), until the preferences answer.
 */
export function useTheme(
  shown: Theme,
  onFailure: (caught: unknown) => void,
): { theme: Theme; choose: (theme: Theme) => void } {
  const [theme, setTheme] = useState<Theme>(shown);
  useEffect(() => {
    api.getPreferences().then((preferences) => {
      setTheme(preferences.theme);
      apply(preferences.theme);
    }, onFailure);
  }, [onFailure]);
  const choose = useCallback(
    (next: Theme) => {
      setTheme(next);
      apply(next);
      api.setPreferences({ theme: next }).catch(onFailure);
    },
    [onFailure],
  );
  return { theme, choose };
}
