import { AppError, type EnvironmentVariable, isEnabled, normalizeAllowedHosts } from '@client/core';
import { invalid, readEnabled, readText, readVariableKey } from '../field-validation.js';
import { notFound } from '../not-found.js';
import { ENVIRONMENT_VARIABLE_COLUMNS, type EnvironmentVariableRow, toEnvironmentVariable } from '../row-mapping.js';
import { projectDefaultHosts } from '../secret-default-hosts.js';
import type { StoreContext } from '../store-context.js';

export interface EnvironmentVariableInput {
  key: string;
  /** Stored as given: for a secret, the ciphertext `@client/secrets` produced. */
  value: string;
  secret: boolean;
  /** False keeps the variable switched off (undefined to requests); left out, it is on. */
  enabled?: boolean;
  /**
   * For a secret, the hosts it may be sent to. Left out, a secret keeps the list it has, and one made secret now
   * gets the hosts of its project's base URLs. Ignored for a variable that is not secret.
   */
  allowedHosts?: readonly string[];
}

function readAllowedHosts(hosts: unknown): string[] | undefined {
  if (hosts === undefined || hosts === null) return undefined;
  if (!Array.isArray(hosts) || hosts.some((host) => typeof host !== 'string')) {
    throw invalid('allowedHosts must be a list of hosts, such as ["api.example.com", "*.example.com:8443"]');
  }
  return normalizeAllowedHosts(hosts);
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
    const given = input.secret ? readAllowedHosts(input.allowedHosts) : undefined;
    return this.context.write(() => {
      const projectId = this.requireEnvironment(environmentId);
      if (variable.secret) variable.allowedHosts = given ?? this.keptHosts(environmentId, variable.key, projectId);
      this.context
        .statement(
          `INSERT INTO environment_variables (environment_id, key, value, secret, enabled, allowed_hosts)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (environment_id, key) DO UPDATE
             SET value = excluded.value, secret = excluded.secret, enabled = excluded.enabled,
               allowed_hosts = excluded.allowed_hosts`,
        )
        .run(
          environmentId,
          variable.key,
          variable.value,
          variable.secret ? 1 : 0,
          isEnabled(variable) ? 1 : 0,
          variable.allowedHosts === undefined ? null : JSON.stringify(variable.allowedHosts),
        );
      return variable;
    });
  }

  /** The hosts a secret made now in this environment gets: its project's base URL hosts. */
  defaultHosts(environmentId: string): string[] {
    return this.context.read(() =>
      projectDefaultHosts({ prepare: (sql) => this.context.statement(sql) }, this.requireEnvironment(environmentId)),
    );
  }

  /** The hosts a secret already has, or, for one made secret now, its project's base URL hosts. */
  private keptHosts(environmentId: string, key: string, projectId: string): string[] {
    const kept = this.context
      .statement<string | null>(
        'SELECT allowed_hosts FROM environment_variables WHERE environment_id = ? AND key = ? AND secret = 1',
      )
      .pluck()
      .get(environmentId, key);
    if (typeof kept === 'string') return JSON.parse(kept) as string[];
    return projectDefaultHosts({ prepare: (sql) => this.context.statement(sql) }, projectId);
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

  /** The environment's project; NOT_FOUND for an unknown environment. */
  private requireEnvironment(environmentId: string): string {
    const projectId = this.context
      .statement<string>('SELECT project_id FROM environments WHERE id = ?')
      .pluck()
      .get(environmentId);
    if (projectId === undefined) throw notFound('environment', environmentId);
    return projectId;
  }
}
