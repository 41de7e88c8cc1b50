import type { StoreContext } from '../store-context.js';

/**
 * The files an endpoint's body uploads that came from an import and that the person has not yet agreed to
 * send, as the body writes them. Deleting the endpoint deletes its rows.
 */
export class UnconfirmedUploadRepository {
  constructor(private readonly context: StoreContext) {}

  list(endpointId: string): string[] {
    return this.context
      .statement<{ path: string }>('SELECT path FROM unconfirmed_uploads WHERE endpoint_id = ? ORDER BY path')
      .all(endpointId)
      .map((row) => row.path);
  }

  /** Marks `paths` of the endpoint as not yet confirmed. */
  add(endpointId: string, paths: readonly string[]): void {
    this.context.write(() => {
      const insert = this.context.statement(
        'INSERT OR IGNORE INTO unconfirmed_uploads (endpoint_id, path) VALUES (?, ?)',
      );
      for (const path of paths) insert.run(endpointId, path);
    });
  }

  /** The person agreed to upload `paths` of the endpoint. */
  confirm(endpointId: string, paths: readonly string[]): void {
    this.context.write(() => {
      const remove = this.context.statement('DELETE FROM unconfirmed_uploads WHERE endpoint_id = ? AND path = ?');
      for (const path of paths) remove.run(endpointId, path);
    });
  }
}
