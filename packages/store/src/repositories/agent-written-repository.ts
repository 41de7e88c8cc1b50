import type { StoreContext } from '../store-context.js';

/**
 * The endpoints an agent wrote and no person has saved since. An agent's cURL import marks its endpoint; the
 * person's save of it in the window makes it theirs again.
 */
export class AgentWrittenRepository {
  constructor(private readonly context: StoreContext) {}

  has(endpointId: string): boolean {
    return (
      this.context.statement('SELECT 1 FROM agent_written_endpoints WHERE endpoint_id = ?').get(endpointId) !==
      undefined
    );
  }

  mark(endpointId: string): void {
    this.context.write(() =>
      this.context.statement('INSERT OR IGNORE INTO agent_written_endpoints (endpoint_id) VALUES (?)').run(endpointId),
    );
  }

  /** The person saved the endpoint: what it holds is theirs now. */
  release(endpointId: string): void {
    this.context.write(() =>
      this.context.statement('DELETE FROM agent_written_endpoints WHERE endpoint_id = ?').run(endpointId),
    );
  }
}
