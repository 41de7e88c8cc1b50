import type { ProjectListing } from '@client/core';
import type { Preferences } from './api/types.js';

/** What the app wrote into the page beside the projects screen it drew there (the app's ui-server/first-screen.ts). */
export interface FirstScreenData {
  projects: ProjectListing[];
  theme: Preferences['theme'];
}

/** The element holding the data, after the screen the app drew into `#root`. */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

/**
 * The page's first-screen data, or null when the page came without it (then the projects are asked of the API).
 * The first render draws the same screen from it, so React's taking over the app's markup changes nothing on screen.
 */
export function readFirstScreenData(): FirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (text === undefined || text === null) return null;
  try {
    const data = JSON.parse(text) as FirstScreenData;
    return Array.isArray(data.projects) ? data : null;
  } catch {
    return null;
  }
}
