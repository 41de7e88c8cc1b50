import { AppError, encodeQueryText, MASKED_VALUE, resolveTemplate, templateNames } from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';

interface ScopedValue {
  value: string;
  secret: boolean;
}

/**
 * The variables one request sees, environment over project, with secrets decrypted. It resolves text
 * twice over: with plaintext for the wire, and with secrets masked for everything that is kept or shown.
 */
export class VariableScope {
  private constructor(private readonly values: ReadonlyMap<string, ScopedValue>) {}

  static async load(
    store: Store,
    secrets: () => Promise<SecretBox>,
    projectId: string,
    environmentId: string | null,
  ): Promise<VariableScope> {
    const values = new Map<string, ScopedValue>();
    for (const { key, value } of store.variables.list(projectId)) values.set(key, { value, secret: false });
    if (environmentId !== null) {
      const environment = store.environments.get(environmentId);
      if (environment === undefined || environment.projectId !== projectId) {
        throw new AppError('NOT_FOUND', `no environment "${environmentId}" in this project; pick another environment`);
      }
      const variables = store.environmentVariables.list(environmentId);
      // The keychain is asked only when the environment holds a secret.
      const box = variables.some((variable) => variable.secret) ? await secrets() : null;
      for (const variable of variables) {
        const value = variable.secret ? box?.decrypt(variable.value) : variable.value;
        if (value === undefined) throw new AppError('INTERNAL', 'a secret was to be opened without the secret box');
        values.set(variable.key, { value, secret: variable.secret });
      }
    }
    return new VariableScope(values);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Replaces every known placeholder, by the same rule the UI resolves with; unknown ones stay as typed. */
  resolve(text: string, mask: boolean): string {
    return resolveTemplate(text, (name) => {
      const variable = this.values.get(name);
      if (variable === undefined) return undefined;
      return mask && variable.secret ? MASKED_VALUE : variable.value;
    });
  }

  /**
   * `resolve` for a query key or value: each variable's value (its own placeholders resolved first) is
   * percent-encoded where it lands, so `a&b` stays one value instead of starting another parameter.
   */
  resolveInQuery(text: string, mask: boolean): string {
    return resolveTemplate(text, (name) => {
      const variable = this.values.get(name);
      if (variable === undefined) return undefined;
      return mask && variable.secret ? MASKED_VALUE : encodeQueryText(this.resolve(variable.value, mask));
    });
  }

  /** Placeholders in `text` that no variable defines (after resolving what can be). */
  missing(text: string): string[] {
    return templateNames(this.resolve(text, true));
  }

  /** The plaintext of every secret in scope, to scrub from what is stored. */
  secretValues(): string[] {
    return [...this.values.values()].filter((v) => v.secret && v.value !== '').map((v) => v.value);
  }
}
