import { AppError, MASKED_VALUE } from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';

interface ScopedValue {
  value: string;
  secret: boolean;
}

/** `{{name}}`, spaces inside the braces allowed; the same rule the UI highlights with. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g;
/** Values may name other variables; a cycle stops after this many rounds. */
const MAX_NESTING = 5;

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

  /** Replaces every known placeholder; unknown ones stay as typed. */
  resolve(text: string, mask: boolean): string {
    let current = text;
    for (let round = 0; round < MAX_NESTING; round++) {
      const next = current.replace(PLACEHOLDER, (placeholder, name: string) => {
        const variable = this.values.get(name);
        if (variable === undefined) return placeholder;
        return mask && variable.secret ? MASKED_VALUE : variable.value;
      });
      if (next === current) return next;
      current = next;
    }
    return current;
  }

  /** Placeholders in `text` that no variable defines (after resolving what can be). */
  missing(text: string): string[] {
    return [...new Set([...this.resolve(text, true).matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
  }

  /** The plaintext of every secret in scope, to scrub from what is stored. */
  secretValues(): string[] {
    return [...this.values.values()].filter((v) => v.secret && v.value !== '').map((v) => v.value);
  }
}
