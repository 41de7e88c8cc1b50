import type { StoreContext } from '../store-context.js';

/** Each project's cookie jar as JSON text; the app's cookie code reads and writes what is inside. */
export class CookieJarRepository {
  constructor(private readonly context: StoreContext) {}

  /** The jar's JSON, or undefined for a project whose servers have set no cookie yet. */
  get(projectId: string): string | undefined {
    return this.context.statement<{ jar: string }>('SELECT jar FROM cookie_jars WHERE project_id = ?').get(projectId)
      ?.jar;
  }

  set(projectId: string, jar: string): void {
    this.context
      .statement(
        'INSERT INTO cookie_jars (project_id, jar) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET jar = excluded.jar',
      )
      .run(projectId, jar);
  }
}
