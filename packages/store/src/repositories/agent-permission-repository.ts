import type { AgentPermission } from '@client/core';
import { invalid } from '../field-validation.js';
import { newId, now } from '../ids.js';
import { notFound, requireProject } from '../not-found.js';
import type { StoreContext } from '../store-context.js';

interface PermissionRow {
  id: string;
  project_id: string;
  project_name: string;
  endpoint_id: string | null;
  endpoint_name: string | null;
  expires_at: string | null;
  created_at: string;
}

const LISTED = `SELECT p.id, p.project_id, pr.name AS project_name, p.endpoint_id, e.name AS endpoint_name,
  p.expires_at, p.created_at
  FROM agent_permissions p JOIN projects pr ON pr.id = p.project_id LEFT JOIN endpoints e ON e.id = p.endpoint_id`;

function toPermission(row: PermissionRow): AgentPermission {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    endpointId: row.endpoint_id,
    endpointName: row.endpoint_name,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/**
 * The person's standing permissions for agents to send without asking each time. A project's lasts until a
 * time; an endpoint's lasts for one run of the app, named by `session`. Expired and earlier runs' permissions
 * are never in force; `current` lists only those that are.
 */
export class AgentPermissionRepository {
  constructor(private readonly context: StoreContext) {}

  /** Allows every endpoint of the project until `expiresAt` (an ISO time in the future). */
  allowProject(projectId: string, expiresAt: string): AgentPermission {
    if (Number.isNaN(Date.parse(expiresAt)) || expiresAt <= now()) {
      throw invalid('a permission must end in the future');
    }
    return this.add(projectId, null, expiresAt, null);
  }

  /** Allows one endpoint for as long as the run named `session` lasts. */
  allowEndpoint(endpointId: string, session: string): AgentPermission {
    const endpoint = this.context
      .statement<{ project_id: string }>(
        'SELECT p.id AS project_id FROM endpoints AS e JOIN projects AS p ON p.seq = e.project_seq WHERE e.id = ?',
      )
      .get(endpointId);
    if (endpoint === undefined) throw notFound('endpoint', endpointId);
    return this.add(endpoint.project_id, endpointId, null, session);
  }

  /** The permission in force for this send, if any. */
  allowing(projectId: string, endpointId: string, session: string): AgentPermission | undefined {
    return this.current(session).find(
      (permission) =>
        permission.projectId === projectId && (permission.endpointId === null || permission.endpointId === endpointId),
    );
  }

  /** The permissions in force for the run `session` (a CLI, which is no run, passes null), oldest first. */
  current(session: string | null): AgentPermission[] {
    return this.context
      .statement<PermissionRow>(
        `${LISTED} WHERE (p.expires_at IS NOT NULL AND p.expires_at > ?) OR (p.session IS NOT NULL AND p.session IS ?)
         ORDER BY p.created_at, p.rowid`,
      )
      .all(now(), session)
      .map(toPermission);
  }

  /** Revokes one permission. */
  revoke(id: string): void {
    const { changes } = this.context.statement('DELETE FROM agent_permissions WHERE id = ?').run(id);
    if (changes === 0) throw notFound('permission', id);
  }

  /** Revokes every permission, or every permission of one project, and says how many there were. */
  revokeAll(projectId?: string): number {
    const result =
      projectId === undefined
        ? this.context.statement('DELETE FROM agent_permissions').run()
        : this.context.statement('DELETE FROM agent_permissions WHERE project_id = ?').run(projectId);
    return result.changes;
  }

  /** Drops permissions that can no longer be in force: expired, or of a run other than `session`. */
  prune(session: string): void {
    this.context
      .statement('DELETE FROM agent_permissions WHERE expires_at <= ? OR (session IS NOT NULL AND session <> ?)')
      .run(now(), session);
  }

  private add(projectId: string, endpointId: string | null, expiresAt: string | null, session: string | null) {
    return this.context.write(() => {
      requireProject(this.context, projectId);
      const id = newId();
      this.context
        .statement(
          `INSERT INTO agent_permissions (id, project_id, endpoint_id, expires_at, session, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(id, projectId, endpointId, expiresAt, session, now());
      const row = this.context.statement<PermissionRow>(`${LISTED} WHERE p.id = ?`).get(id);
      if (row === undefined) throw notFound('permission', id);
      return toPermission(row);
    });
  }
}
