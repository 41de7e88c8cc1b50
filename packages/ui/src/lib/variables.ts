import {
  isEnabled,
  type KeyValue,
  MASKED_VALUE,
  placeholder,
  resolveTemplate as resolveWithLookup,
  templateNames,
  tokenizeTemplate as tokenize,
  type VariableLookup,
  type VariableView,
} from '@client/core';

type VariableSource = 'environment' | 'project';

interface ResolvedVariable extends VariableView {
  source: VariableSource;
}

export type VariableScope = ReadonlyMap<string, ResolvedVariable>;

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; text: string; name: string; variable: ResolvedVariable | undefined };

/**
 * The variables a request sees: the active environment's win over the project's of the same name. A
 * switched-off variable is not there at all, as the sender has it.
 */
export function mergeVariables(project: readonly KeyValue[], environment: readonly VariableView[]): VariableScope {
  const scope = new Map<string, ResolvedVariable>();
  for (const { key, value } of project.filter(isEnabled)) {
    if (key !== '') scope.set(key, { key, value, secret: false, source: 'project' });
  }
  for (const variable of environment.filter(isEnabled)) {
    if (variable.key !== '') scope.set(variable.key, { ...variable, source: 'environment' });
  }
  return scope;
}

/** Splits text into literal runs and `{{placeholders}}`, each with the variable it names, for highlighting. */
export function tokenizeTemplate(text: string, scope: VariableScope): TemplatePart[] {
  return tokenize(text).map((token) => (token.kind === 'text' ? token : { ...token, variable: scope.get(token.name) }));
}

export interface ResolveOptions {
  /** How a secret shows up: the UI has no plaintext, so it either masks it or keeps the placeholder. */
  secret: 'mask' | 'keep';
}

/** The scope as the template rules read it, a secret masked or withheld. */
export function scopeLookup(scope: VariableScope, options: ResolveOptions): VariableLookup {
  return (name) => {
    const variable = scope.get(name);
    if (variable === undefined) return undefined;
    if (variable.secret) return options.secret === 'keep' ? undefined : MASKED_VALUE;
    return variable.value;
  };
}

/**
 * Replaces every known `{{name}}` with its value, following values that name other variables.
 * Unknown names stay as typed, so the reader sees what is missing.
 */
export function resolveTemplate(text: string, scope: VariableScope, options: ResolveOptions): string {
  return resolveWithLookup(text, scopeLookup(scope, options));
}

/** What a `{{name}}` stands for, as a hover or a completion shows it: never a secret's plaintext. */
export type VariableDescription =
  | { defined: false; name: string }
  | { defined: true; name: string; value: string; secret: boolean; source: VariableSource };

export function describeVariable(name: string, scope: VariableScope): VariableDescription {
  const variable = scope.get(name);
  if (variable === undefined) return { defined: false, name };
  return {
    defined: true,
    name,
    value: resolveTemplate(placeholder(name), scope, { secret: 'mask' }),
    secret: variable.secret,
    source: variable.source,
  };
}

/** Names used in `text` that no variable in scope defines. */
export function undefinedVariables(text: string, scope: VariableScope): string[] {
  return templateNames(text).filter((name) => !scope.has(name));
}

/** What to fix when two rows of a variable table define the same name (rows without a name are ignored), or null. */
export function duplicateVariableProblem(rows: readonly { key: string }[]): string | null {
  const keys = rows.map((row) => row.key.trim()).filter((key) => key !== '');
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  return duplicate === undefined ? null : `The variable ${duplicate} is defined twice; keep one of them.`;
}
