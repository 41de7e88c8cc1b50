import { encodeQueryText, isEnabled, type KeyValue, MASKED_VALUE, resolveTemplate, templateNames } from '@client/core';

/** A variable as a scope is made of: a secret one arrives decrypted, and is masked in everything kept. */
export interface ScopeVariable extends KeyValue {
  secret: boolean;
  /**
   * For a secret: the hosts it may be sent to (`@client/core` allowed hosts). Absent, it is not held to any: a
   * secret that no stored variable defines (an environment file's) has no list to keep.
   */
  allowedHosts?: readonly string[];
}

/** A secret variable a request uses, and where it may go. */
export interface UsedSecret {
  name: string;
  allowedHosts: readonly string[];
}

interface ScopedValue {
  value: string;
  secret: boolean;
  /** A switched-off variable is undefined to requests; a secret one is still scrubbed from what is kept. */
  enabled: boolean;
  allowedHosts?: readonly string[];
}

/**
 * The variables one request sees, environment over project, with secrets decrypted. It resolves text
 * twice over: with plaintext for the wire, and with secrets masked for everything that is kept or shown.
 */
export class VariableScope {
  private constructor(private readonly values: ReadonlyMap<string, ScopedValue>) {}

  /**
   * The scope of a request: the environment's variables over the project's. A switched-off environment variable
   * hides no project variable of its name (it is not there at all), but a secret one is still scrubbed.
   */
  static layered(project: readonly KeyValue[], environment: readonly ScopeVariable[]): VariableScope {
    const values = new Map<string, ScopedValue>();
    for (const variable of project) {
      if (isEnabled(variable)) values.set(variable.key, { value: variable.value, secret: false, enabled: true });
    }
    for (const variable of environment) {
      if (isEnabled(variable) || !values.has(variable.key)) {
        values.set(variable.key, {
          value: variable.value,
          secret: variable.secret,
          enabled: isEnabled(variable),
          ...(variable.secret && variable.allowedHosts !== undefined ? { allowedHosts: variable.allowedHosts } : {}),
        });
      }
    }
    return new VariableScope(values);
  }

  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /** A variable's plaintext, for deciding where a request goes (never for what is kept); undefined if not set. */
  value(name: string): string | undefined {
    return this.lookup(name)?.value;
  }

  private lookup(name: string): ScopedValue | undefined {
    const variable = this.values.get(name);
    return variable?.enabled === true ? variable : undefined;
  }

  /** Replaces every known placeholder, by the same rule the UI resolves with; unknown ones stay as typed. */
  resolve(text: string, mask: boolean): string {
    return resolveTemplate(text, (name) => {
      const variable = this.lookup(name);
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
      const variable = this.lookup(name);
      if (variable === undefined) return undefined;
      return mask && variable.secret ? MASKED_VALUE : encodeQueryText(this.resolve(variable.value, mask));
    });
  }

  /** Placeholders in `text` that no variable defines (after resolving what can be). */
  missing(text: string): string[] {
    return templateNames(this.resolve(text, true));
  }

  /** The secret variables `text` puts in, each once, by name: also one that another variable's value names. */
  secretsIn(text: string): string[] {
    const found = new Set<string>();
    resolveTemplate(text, (name) => {
      const variable = this.lookup(name);
      if (variable?.secret === true) found.add(name);
      return variable?.value;
    });
    return [...found];
  }

  /**
   * The secrets held to allowed hosts that `texts` reach when resolved: named in them, or in the value of a
   * variable they name, however deep, by the rule `resolve` follows.
   */
  secretsReachedFrom(texts: Iterable<string>): UsedSecret[] {
    const seen = new Set<string>();
    const pending = [...texts];
    const used: UsedSecret[] = [];
    for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
      for (const name of templateNames(text)) {
        const variable = this.lookup(name);
        if (variable === undefined || seen.has(name)) continue;
        seen.add(name);
        if (variable.allowedHosts !== undefined) used.push({ name, allowedHosts: variable.allowedHosts });
        pending.push(variable.value);
      }
    }
    return used;
  }

  /** The secrets held to allowed hosts, with their plaintext, to find in what a script wrote out. */
  heldSecrets(): (UsedSecret & { value: string })[] {
    return [...this.values]
      .filter(([, v]) => v.enabled && v.allowedHosts !== undefined && v.value !== '')
      .map(([name, v]) => ({ name, value: v.value, allowedHosts: v.allowedHosts ?? [] }));
  }

  /** The plaintext of every secret in scope, to scrub from what is stored. */
  secretValues(): string[] {
    return [...this.values.values()].filter((v) => v.secret && v.value !== '').map((v) => v.value);
  }
}
