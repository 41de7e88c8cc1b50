import { AppError } from '@client/core';
import { type ScopeVariable, VariableScope } from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { hasNoValue } from './secrets-without-value.js';

/** An environment of the project with its variables, the secret ones decrypted. */
export async function loadEnvironment(
  store: Store,
  secrets: () => Promise<SecretBox>,
  projectId: string,
  environmentId: string,
): Promise<{ id: string; name: string; variables: ScopeVariable[] }> {
  const environment = store.environments.get(environmentId);
  if (environment === undefined || environment.projectId !== projectId) {
    throw new AppError('NOT_FOUND', `no environment "${environmentId}" in this project; pick another environment`);
  }
  const variables = store.environmentVariables.list(environmentId);
  // The keychain is asked only when the environment holds a secret.
  const box = variables.some((variable) => variable.secret) ? await secrets() : null;
  return {
    id: environment.id,
    name: environment.name,
    variables: variables.map(({ environmentId: _environment, ...variable }) => {
      // A secret read from a linked folder's files has no value on this machine until one is entered (files never
      // hold secret values): it stays empty, and a send that uses it asks for it (`secretsWithoutValue`).
      const value = variable.secret ? (hasNoValue(variable.value) ? '' : box?.decrypt(variable.value)) : variable.value;
      if (value === undefined) throw new AppError('INTERNAL', 'a secret was to be opened without the secret box');
      return { ...variable, value };
    }),
  };
}

/** The variables a request of the project sees with `environmentId` active, its secrets decrypted. */
export async function loadVariableScope(
  store: Store,
  secrets: () => Promise<SecretBox>,
  projectId: string,
  environmentId: string | null,
): Promise<VariableScope> {
  const project = store.variables.list(projectId);
  if (environmentId === null) return VariableScope.layered(project, []);
  const environment = await loadEnvironment(store, secrets, projectId, environmentId);
  return VariableScope.layered(project, environment.variables);
}
