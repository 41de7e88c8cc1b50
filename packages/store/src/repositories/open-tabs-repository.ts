import type { StoreContext } from '../store-context.js';

/**
 * The editor tabs each project had open, as JSON the UI writes and reads back (the app only keeps it), so a
 * new window, after a reload or a restart, opens where the last one was.
 */
export class OpenTabsRepository {
  constructor(private readonly context: StoreContext) {}

  get(projectId: string): string | undefined {
    return this.context.statement<{ state: string }>('SELECT state FROM open_tabs WHERE project_id = ?').get(projectId)
      ?.state;
  }

  set(projectId: string, state: string): void {
    this.context
      .statement(
        'INSERT INTO open_tabs (project_id, state) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET state = excluded.state',
      )
      .run(projectId, state);
  }
}
