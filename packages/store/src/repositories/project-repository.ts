import {
  BASE_URL_VARIABLE,
  type Project,
  type RequestSettingsOverride,
  readRequestSettings,
  splitUrl,
} from '@client/core';
import { readName, readText } from '../field-validation.js';
import { newId, now } from '../ids.js';
import { notFound } from '../not-found.js';
import { PROJECT_COLUMNS, type ProjectRow, toProject } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';
import type { VariableRepository } from './variable-repository.js';

export interface NewProject {
  name: string;
  description?: string;
  /** Written as the project's `base_url` variable; an absolute URL such as `https://api.example.com`. */
  baseUrl?: string;
}

export interface ProjectChanges {
  name?: string;
  description?: string;
}

function readBaseUrl(value: unknown): string {
  const baseUrl = readText(value, 'baseUrl').trim();
  // splitUrl refuses what is not an absolute URL (or a {{variable}}) with a VALIDATION message.
  splitUrl(baseUrl);
  return baseUrl;
}

/** Projects, listed by name (case-insensitive), then by creation. Deleting one deletes everything in it. */
export class ProjectRepository {
  constructor(
    private readonly context: StoreContext,
    private readonly variables: VariableRepository,
  ) {}

  list(): Project[] {
    return this.context
      .statement<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects ORDER BY name COLLATE NOCASE, created_at, seq`)
      .all()
      .map(toProject);
  }

  get(id: string): Project | undefined {
    const row = this.context.statement<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = ?`).get(id);
    return row === undefined ? undefined : toProject(row);
  }

  create(input: NewProject): Project {
    const timestamp = now();
    const project: Project = {
      id: newId(),
      name: readName(input.name, 'project name'),
      description: input.description === undefined ? '' : readText(input.description, 'description'),
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    const baseUrl = input.baseUrl === undefined ? undefined : readBaseUrl(input.baseUrl);
    return this.context.write(() => {
      this.context
        .statement(
          `INSERT INTO projects (id, name, description, created_at, updated_at)
           VALUES (@id, @name, @description, @createdAt, @updatedAt)`,
        )
        .run(project);
      if (baseUrl !== undefined) this.variables.set(project.id, BASE_URL_VARIABLE, baseUrl);
      return project;
    });
  }

  update(id: string, changes: ProjectChanges): Project {
    const name = changes.name === undefined ? undefined : readName(changes.name, 'project name');
    const description = changes.description === undefined ? undefined : readText(changes.description, 'description');
    return this.context.write(() => {
      const current = this.get(id);
      if (current === undefined) throw notFound('project', id);
      const updated: Project = {
        ...current,
        name: name ?? current.name,
        description: description ?? current.description,
        updatedAt: now(),
      };
      this.context
        .statement(
          'UPDATE projects SET name = @name, description = @description, updated_at = @updatedAt WHERE id = @id',
        )
        .run(updated);
      return updated;
    });
  }

  /** How the project's requests are sent unless an endpoint says otherwise. Throws NOT_FOUND. */
  requestSettings(id: string): RequestSettingsOverride {
    const row = this.context
      .statement<{ request_settings: string }>('SELECT request_settings FROM projects WHERE id = ?')
      .get(id);
    if (row === undefined) throw notFound('project', id);
    return JSON.parse(row.request_settings) as RequestSettingsOverride;
  }

  /** Replaces the project's request settings (those left out take the defaults). Throws NOT_FOUND. */
  setRequestSettings(id: string, settings: unknown): RequestSettingsOverride {
    const checked = readRequestSettings(settings, 'settings');
    const { changes } = this.context
      .statement('UPDATE projects SET request_settings = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(checked), now(), id);
    if (changes === 0) throw notFound('project', id);
    return checked;
  }

  /** Deletes the project with its variables, folders, endpoints, environments and history. */
  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM projects WHERE id = ?').run(id);
    if (changes === 0) throw notFound('project', id);
  }
}
