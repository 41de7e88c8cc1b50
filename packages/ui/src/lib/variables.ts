import type { KeyValue } from '@client/core';

/** A variable as the UI knows it: a secret's value is never sent to the page, only its presence. */
export interface VariableView {
  key: string;
  value: string;
  secret: boolean;
}

export type VariableSource = 'environment' | 'project';

export interface ResolvedVariable extends VariableView {
  source: VariableSource;
}

export type VariableScope = ReadonlyMap<string, ResolvedVariable>;

export type TemplatePart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; text: string; name: string; variable: ResolvedVariable | undefined };

/** `{{name}}`, spaces inside the braces allowed, as Postman and Bruno write them. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g;
/** Values may name other variables (`{{host}}/v1`); a cycle stops after this many rounds. */
const MAX_NESTING = 5;

/** The variables a request sees: the active environment's win over the project's of the same name. */
export function mergeVariables(project: readonly KeyValue[], environment: readonly VariableView[]): VariableScope {
  const scope = new Map<string, ResolvedVariable>();
  for (const { key, value } of project) {
    if (key !== '') scope.set(key, { key, value, secret: false, source: 'project' });
  }
  for (const variable of environment) {
    if (variable.key !== '') scope.set(variable.key, { ...variable, source: 'environment' });
  }
  return scope;
}

/** Splits text into literal runs and `{{placeholders}}`, for highlighting. */
export function tokenizeTemplate(text: string, scope: VariableScope): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'variable', text: match[0], name, variable: scope.get(name) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export interface ResolveOptions {
  /** How a secret shows up: the UI has no plaintext, so it either masks it or keeps the placeholder. */
  secret: 'mask' | 'keep';
  mask?: string;
}

/**
 * Replaces every known `{{name}}` with its value, following values that name other variables.
 * Unknown names stay as typed, so the reader sees what is missing.
 */
export function resolveTemplate(text: string, scope: VariableScope, options: ResolveOptions): string {
  let current = text;
  for (let round = 0; round < MAX_NESTING; round++) {
    const next = current.replace(PLACEHOLDER, (placeholder, name: string) => {
      const variable = scope.get(name);
      if (variable === undefined) return placeholder;
      if (variable.secret) return options.secret === 'keep' ? placeholder : (options.mask ?? '••••');
      return variable.value;
    });
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Names used in `text` that no variable in scope defines. */
export function undefinedVariables(text: string, scope: VariableScope): string[] {
  const missing = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!scope.has(name)) missing.add(name);
  }
  return [...missing];
}
