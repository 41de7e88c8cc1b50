import type { Folder } from '@client/core';
import type { EndpointSummary, EnvironmentView, Layout } from '../api/types.js';
import type { PaletteCommand } from '../components/command-palette.js';
import { shortcutLabel } from './shortcut.js';
import { folderPaths } from './tree.js';

/** What the open project can do from the palette. */
export interface WorkspaceHandlers {
  openEndpoint(endpointId: string): void;
  newRequest(): void;
  newFolder(): void;
  importCurl(): void;
  manageEnvironments(): void;
  useEnvironment(environmentId: string | null): void;
  projectSettings(): void;
  projectAuth(): void;
  projectScripts(): void;
  /** Opens the runner on the project (null) or a folder. */
  run(folderId: string | null): void;
  /** Opens the Mock view on the project (null) or a folder. */
  mock(folderId: string | null): void;
  exportAs(format: 'openapi' | 'postman'): void;
  searchSidebar(): void;
  showHistory(): void;
  toggleSidebar(): void;
  changeLayout(change: Partial<Layout>): void;
  send(): void;
  save(): void;
  copyCurl(): void;
}

/**
 * The open project's palette entries: its actions (the request ones only while an endpoint is open, the layout
 * ones named for what they will do), then every endpoint, by name and path.
 */
export function buildWorkspaceCommands(
  state: {
    endpoints: readonly EndpointSummary[];
    folders: readonly Folder[];
    environments: readonly EnvironmentView[];
    activeEnvironmentId: string | null;
    editing: boolean;
    sidebarCollapsed: boolean;
    split: 'horizontal' | 'vertical';
  },
  handlers: WorkspaceHandlers,
): PaletteCommand[] {
  const action = (id: string, label: string, run: () => void, keys?: string): PaletteCommand => ({
    id,
    group: 'Actions',
    label,
    run,
    ...(keys === undefined ? {} : { shortcut: shortcutLabel(keys) }),
  });
  const editing = state.editing
    ? [
        action('send', 'Send the request', handlers.send, 'Enter'),
        action('save', 'Save the request', handlers.save, 'S'),
        action('copy-curl', 'Copy the request as cURL', handlers.copyCurl),
      ]
    : [];
  return [
    action('new-request', 'New request', handlers.newRequest),
    action('new-folder', 'New folder', handlers.newFolder),
    action('import-curl', 'Import from cURL', handlers.importCurl),
    ...editing,
    action('environments', 'Manage environments', handlers.manageEnvironments),
    ...state.environments
      .filter((environment) => environment.id !== state.activeEnvironmentId)
      .map((environment) =>
        action(`environment-${environment.id}`, `Use environment: ${environment.name}`, () =>
          handlers.useEnvironment(environment.id),
        ),
      ),
    ...(state.activeEnvironmentId === null
      ? []
      : [action('no-environment', 'Use no environment', () => handlers.useEnvironment(null))]),
    action(
      'toggle-sidebar',
      state.sidebarCollapsed ? 'Show the sidebar' : 'Hide the sidebar',
      handlers.toggleSidebar,
      'B',
    ),
    state.split === 'horizontal'
      ? action('split-vertical', 'Put the response below the request', () =>
          handlers.changeLayout({ split: 'vertical' }),
        )
      : action('split-horizontal', 'Put the response beside the request', () =>
          handlers.changeLayout({ split: 'horizontal' }),
        ),
    action('search-sidebar', 'Search the sidebar', handlers.searchSidebar, 'Shift+F'),
    action('history', 'Show the history', handlers.showHistory),
    action('project-settings', 'Project settings', handlers.projectSettings),
    action('project-auth', 'Project auth…', handlers.projectAuth),
    action('project-scripts', 'Project scripts…', handlers.projectScripts),
    action('run-project', 'Run the project…', () => handlers.run(null)),
    ...folderPaths(state.folders).map((folder) =>
      action(`run-folder-${folder.id}`, `Run folder: ${folder.label}`, () => handlers.run(folder.id)),
    ),
    action('mock-project', 'Mock the project…', () => handlers.mock(null)),
    action('export-openapi', 'Export as OpenAPI 3.1', () => handlers.exportAs('openapi')),
    action('export-postman', 'Export as Postman v2.1', () => handlers.exportAs('postman')),
    ...state.endpoints.map((endpoint) => ({
      id: endpoint.id,
      group: 'Endpoints' as const,
      label: endpoint.name,
      detail: endpoint.path,
      method: endpoint.method,
      run: () => handlers.openEndpoint(endpoint.id),
    })),
  ];
}
