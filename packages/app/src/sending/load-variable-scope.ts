import { AppError } from '@client/core';
import { VariableScope } from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';

/** The variables a request of the project sees with `environmentId` active, its secrets decrypted. */
export async function loadVariableScope(
  store: Store,
  secrets: () => Promise<SecretBox>,
  projectId: string,
  environmentId: string | null,
): Promise<VariableScope> {
  const project = store.variables.list(projectId);
  if (environmentId === null) return VariableScope.layered(project, []);
  const environment = store.environments.get(environmentId);
  if (environment === undefined || environment.projectId !== projectId) {
    throw new AppError('NOT_FOUND', `no environment "${environmentId}" in this project; pick another environment`);
  }
  const variables = store.environmentVariables.list(environmentId);
  // The keychain is asked only when the environment holds a secret.
  const box = variables.some((variable) => variable.secret) ? await secrets() : null;
  return VariableScope.layered(
    project,
    variables.map((variable) => {
      const value = variable.secret ? box?.decrypt(variable.value) : variable.value;
      if (value === undefined) throw new AppError('INTERNAL', 'a secret was to be opened without the secret box');
      return { ...variable, value };
    }),
  );
}
