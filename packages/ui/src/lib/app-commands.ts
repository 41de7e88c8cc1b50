import type { ProjectListing } from '@client/core';
import type { Preferences } from '../api/types.js';
import type { PaletteCommand } from '../components/command-palette.js';
import type { CollectionActions } from './collection-actions.js';
import { counted } from './format.js';

const THEMES: { theme: Preferences['theme']; label: string }[] = [
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
  { theme: 'system', label: 'System' },
];

/** What the palette offers on every screen: the window's own actions and every project. */
export function appCommands(app: {
  projects: readonly ProjectListing[];
  openProject: string | null;
  collections: CollectionActions;
  openProjects: () => void;
  open: (projectId: string) => void;
  chooseTheme: (theme: Preferences['theme']) => void;
  openAgent: () => void;
}): PaletteCommand[] {
  const action = (id: string, label: string, run: () => void): PaletteCommand => ({ id, group: 'Actions', label, run });
  return [
    action('projects', 'Go to projects', app.openProjects),
    ...THEMES.map(({ theme, label }) => action(`theme-${theme}`, `Theme: ${label}`, () => app.chooseTheme(theme))),
    action('agent', 'Agent status and setup', app.openAgent),
    action('import-collection', 'Import a collection…', () => app.collections.importInto(app.openProject)),
    action('backup', 'Back up all projects…', app.collections.backup),
    action('restore', 'Restore from a backup…', app.collections.restore),
    ...app.projects.map((project) => ({
      id: `project-${project.projectId}`,
      group: 'Projects' as const,
      label: project.name,
      detail: counted(project.endpointCount, 'endpoint'),
      run: () => app.open(project.projectId),
    })),
  ];
}
