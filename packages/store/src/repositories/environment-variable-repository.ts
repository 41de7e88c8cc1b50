import { AppError, type EnvironmentVariable, isEnabled } from '@client/core';
import { invalid, readEnabled, readText, readVariableKey } from '../field-validation.js';
import { notFound } from '../not-found.js';
import { ENVIRONMENT_VARIABLE_COLUMNS, type EnvironmentVariableRow, toEnvironmentVariable } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

export interface EnvironmentVariableInput {
  key: string;
  /** Stored as given: for a secret, the ciphertext `@client/secrets` produced. */
  value: string;
  secret: boolean;
  /** False keeps the variable switched off (undefined to requests); left out, it is on. */
  enabled?: boolean;
}

/** Variables of an environment, listed in the order they were first set. */
export class EnvironmentVariableRepository {
  constructor(private readonly context: StoreContext) {}

  /** Throws NOT_FOUND for an unknown environment. */
  list(environmentId: string): EnvironmentVariable[] {
    return this.context.read(() => {
      this.requireEnvironment(environmentId);
      return this.context
        .statement<EnvironmentVariableRow>(
          `SELECT ${ENVIRONMENT_VARIABLE_COLUMNS} FROM environment_variables WHERE environment_id = ? ORDER BY seq`,
        )
        .all(environmentId)
        .map(toEnvironmentVariable);
    });
  }

  /** Creates or replaces the variable; a replaced variable keeps its place in the list. */
  set(environmentId: string, input: EnvironmentVariableInput): EnvironmentVariable {
    if (typeof input.secret !== 'boolean') throw invalid('secret must be true or false');
    const variable: EnvironmentVariable = {
      environmentId,
      key: readVariableKey(input.key),
      value: readText(input.value, 'variable value'),
      secret: input.secret,
      ...readEnabled(input.enabled, 'variable enabled'),
    };
    return this.context.write(() => {
      this.requireEnvironment(environmentId);
      this.context
        .statement(
          `INSERT INTO environment_variables (environment_id, key, value, secret, enabled) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (environment_id, key) DO UPDATE
             SET value = excluded.value, secret = excluded.secret, enabled = excluded.enabled`,
        )
        .run(environmentId, variable.key, variable.value, variable.secret ? 1 : 0, isEnabled(variable) ? 1 : 0);
      return variable;
    });
  }

  delete(environmentId: string, key: string): void {
    const { changes } = this.context
      .statement('DELETE FROM environment_variables WHERE environment_id = ? AND key = ?')
      .run(environmentId, key);
    if (changes === 0) {
      throw new AppError(
        'NOT_FOUND',
        `environment ${environmentId} has no variable "${key}"; list its variables to see their keys`,
      );
    }
  }

  private requireEnvironment(environmentId: string): void {
    const found = this.context.statement('SELECT 1 FROM environments WHERE id = ?').get(environmentId);
    if (found === undefined) throw notFound('environment', environmentId);
  }
}
