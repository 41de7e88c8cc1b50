import { AppError, isEnabled, type ProjectVariable } from '@client/core';
import { readEnabled, readText, readVariableKey } from '../field-validation.js';
import { requireProject } from '../not-found.js';
import { PROJECT_VARIABLE_COLUMNS, type ProjectVariableRow, toProjectVariable } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

/** Project variables, `base_url` among them; listed in the order they were first set. */
export class VariableRepository {
  constructor(private readonly context: StoreContext) {}

  /** Throws NOT_FOUND for an unknown project. */
  list(projectId: string): ProjectVariable[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<ProjectVariableRow>(
          `SELECT ${PROJECT_VARIABLE_COLUMNS} FROM project_variables WHERE project_id = ? ORDER BY seq`,
        )
        .all(projectId)
        .map(toProjectVariable);
    });
  }

  /** The variable's value; undefined when the project has no such variable (or does not exist). */
  get(projectId: string, key: string): string | undefined {
    return this.context
      .statement<{ value: string }>('SELECT value FROM project_variables WHERE project_id = ? AND key = ?')
      .get(projectId, key)?.value;
  }

  /**
   * Creates or replaces the variable; a replaced variable keeps its place in the list. `enabled: false` keeps
   * it switched off (undefined to requests); left out, it is on.
   */
  set(projectId: string, key: string, value: string, enabled?: boolean): ProjectVariable {
    const variable: ProjectVariable = {
      projectId,
      key: readVariableKey(key),
      value: readText(value, 'variable value'),
      ...readEnabled(enabled, 'variable enabled'),
    };
    return this.context.write(() => {
      requireProject(this.context, projectId);
      this.context
        .statement(
          `INSERT INTO project_variables (project_id, key, value, enabled) VALUES (@projectId, @key, @value, @enabled)
           ON CONFLICT (project_id, key) DO UPDATE SET value = excluded.value, enabled = excluded.enabled`,
        )
        .run({ projectId, key: variable.key, value: variable.value, enabled: isEnabled(variable) ? 1 : 0 });
      return variable;
    });
  }

  delete(projectId: string, key: string): void {
    const { changes } = this.context
      .statement('DELETE FROM project_variables WHERE project_id = ? AND key = ?')
      .run(projectId, key);
    if (changes === 0) {
      throw new AppError(
        'NOT_FOUND',
        `project ${projectId} has no variable "${key}"; list its variables to see their keys`,
      );
    }
  }
}
