import type { Environment } from '@client/core';
import { readName } from '../field-validation.js';
import { newId, now } from '../ids.js';
import { notFound, requireProject } from '../not-found.js';
import { ENVIRONMENT_COLUMNS, type EnvironmentRow, toEnvironment } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

export interface NewEnvironment {
  projectId: string;
  name: string;
}

const ACTIVE_ENVIRONMENT = `SELECT ${ENVIRONMENT_COLUMNS} FROM environments
  WHERE id = (SELECT environment_id FROM active_environments WHERE project_id = ?)`;

/**
 * Environments of a project, listed by name (case-insensitive), then by creation, and the project's active
 * one, which is kept in the database so it is still selected after a restart.
 */
export class EnvironmentRepository {
  constructor(private readonly context: StoreContext) {}

  /** Throws NOT_FOUND for an unknown project. */
  list(projectId: string): Environment[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<EnvironmentRow>(
          `SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE project_id = ?
           ORDER BY name COLLATE NOCASE, created_at, seq`,
        )
        .all(projectId)
        .map(toEnvironment);
    });
  }

  get(id: string): Environment | undefined {
    const row = this.context
      .statement<EnvironmentRow>(`SELECT ${ENVIRONMENT_COLUMNS} FROM environments WHERE id = ?`)
      .get(id);
    return row === undefined ? undefined : toEnvironment(row);
  }

  create(input: NewEnvironment): Environment {
    const name = readName(input.name, 'environment name');
    return this.context.write(() => {
      requireProject(this.context, input.projectId);
      const timestamp = now();
      const environment: Environment = {
        id: newId(),
        projectId: input.projectId,
        name,
        createdAt: timestamp,
        updatedAt: timestamp,
      };
      this.context
        .statement(
          `INSERT INTO environments (id, project_id, name, created_at, updated_at)
           VALUES (@id, @projectId, @name, @createdAt, @updatedAt)`,
        )
        .run(environment);
      return environment;
    });
  }

  rename(id: string, name: string): Environment {
    const newName = readName(name, 'environment name');
    return this.context.write(() => {
      const environment = this.get(id);
      if (environment === undefined) throw notFound('environment', id);
      const renamed: Environment = { ...environment, name: newName, updatedAt: now() };
      this.context
        .statement('UPDATE environments SET name = @name, updated_at = @updatedAt WHERE id = @id')
        .run(renamed);
      return renamed;
    });
  }

  /** Deletes the environment and its variables; a project whose active environment it was has none active. */
  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM environments WHERE id = ?').run(id);
    if (changes === 0) throw notFound('environment', id);
  }

  /** Makes an environment of the project the active one; null leaves the project without one. */
  setActive(projectId: string, environmentId: string | null): void {
    this.context.write(() => {
      requireProject(this.context, projectId);
      if (environmentId === null) {
        this.context.statement('DELETE FROM active_environments WHERE project_id = ?').run(projectId);
        return;
      }
      if (this.get(environmentId)?.projectId !== projectId) {
        throw notFound(`environment of project ${projectId}`, environmentId);
      }
      this.context
        .statement(
          `INSERT INTO active_environments (project_id, environment_id) VALUES (?, ?)
           ON CONFLICT (project_id) DO UPDATE SET environment_id = excluded.environment_id`,
        )
        .run(projectId, environmentId);
    });
  }

  /** The project's active environment, null when none is. Throws NOT_FOUND for an unknown project. */
  getActive(projectId: string): Environment | null {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      const row = this.context.statement<EnvironmentRow>(ACTIVE_ENVIRONMENT).get(projectId);
      return row === undefined ? null : toEnvironment(row);
    });
  }
}
