/** `{{name}}`, spaces inside the braces allowed, as Postman and Bruno write them. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g;
/** Values may name other variables (`{{host}}/v1`); a cycle stops after this many rounds. */
const MAX_NESTING = 5;

/**
 * A variable's value by name, or undefined to leave its placeholder as typed: for a name nothing defines,
 * or for a secret whose value must not be written where the text goes.
 */
export type VariableLookup = (name: string) => string | undefined;

export type TemplateToken = { kind: 'text'; text: string } | { kind: 'variable'; text: string; name: string };

/** A fresh global pattern for `{{name}}` placeholders (group 1 is the name), for code that finds them itself. */
export function placeholderPattern(): RegExp {
  return new RegExp(PLACEHOLDER.source, 'g');
}

/** The placeholder that names a variable, as a template holds it. */
export function placeholder(name: string): string {
  return `{{${name}}}`;
}

/**
 * Replaces every `{{name}}` the lookup gives a value for, following values that name other variables.
 * The rest stay as typed, so the reader sees what is missing.
 */
export function resolveTemplate(text: string, lookup: VariableLookup): string {
  let current = text;
  for (let round = 0; round < MAX_NESTING; round++) {
    const next = current.replace(PLACEHOLDER, (typed, name: string) => lookup(name) ?? typed);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** The variable names `text` uses, each once, in the order they first appear. */
export function templateNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? ''))];
}

/** Splits text into literal runs and `{{placeholders}}`, for highlighting. */
export function tokenizeTemplate(text: string): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) tokens.push({ kind: 'text', text: text.slice(last, match.index) });
    tokens.push({ kind: 'variable', text: match[0], name: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return tokens;
}
