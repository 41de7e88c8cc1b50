import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client.js';
import type { Preferences } from '../api/types.js';
import { holdThemeChoice, releaseThemeChoice } from '../lib/pending-theme.js';

type Theme = Preferences['theme'];

function apply(theme: Theme): void {
  // No attribute: the stylesheet's color-scheme follows the OS.
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/**
 * The theme the person chose (kept by the app for every window), applied to the page; `choose` changes it. `kept`:
 * the kept theme when the page came with it (the app writes it into the page it serves, already applied), else null,
 * and it is asked of the app. A choice made before that answer arrives stands: the answer is older than it. A choice
 * rides on the window's requests until the app has kept it, so a reload at once is drawn in it (pending-theme.ts).
 */
export function useTheme(
  kept: Theme | null,
  onFailure: (caught: unknown) => void,
): { theme: Theme; choose: (theme: Theme) => void } {
  const [theme, setTheme] = useState<Theme>(kept ?? 'system');
  const chosen = useRef(false);
  useEffect(() => {
    if (kept !== null) return;
    api.getPreferences().then((preferences) => {
      if (chosen.current) return;
      setTheme(preferences.theme);
      apply(preferences.theme);
    }, onFailure);
  }, [kept, onFailure]);
  const choose = useCallback(
    (next: Theme) => {
      chosen.current = true;
      setTheme(next);
      apply(next);
      holdThemeChoice(next);
      api.setPreferences({ theme: next }).then(() => releaseThemeChoice(next), onFailure);
    },
    [onFailure],
  );
  return { theme, choose };
}
