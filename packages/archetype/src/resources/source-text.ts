/** The generated project's Biome line width. */
const LINE_WIDTH = 120;

const BRACKETS = { round: ['(', ')'], square: ['[', ']'], curly: ['{', '}'] } as const;

/**
 * `head`, a bracketed list and `tail` as Biome prints them: on one line when that fits, otherwise one item a line
 * with a trailing comma. Generated code goes through here wherever a line's length depends on the names given.
 */
export function fit(
  indent: string,
  head: string,
  kind: keyof typeof BRACKETS,
  items: readonly string[],
  tail = '',
): string {
  const [open, close] = BRACKETS[kind];
  const padded = kind === 'curly' && items.length > 0;
  const inner = padded ? ` ${items.join(', ')} ` : items.join(', ');
  const line = `${indent}${head}${open}${inner}${close}${tail}`;
  if (line.length <= LINE_WIDTH && !line.includes('\n')) return line;
  const body = items.map((item) => `${indent}  ${item},`).join('\n');
  return `${indent}${head}${open}\n${body}\n${indent}${close}${tail}`;
}

/** `if (condition) statement` on one line when it fits, else as a block, its condition broken at each `||`. */
export function guard(indent: string, conditions: readonly string[], statement: (indent: string) => string): string {
  const condition = conditions.join(' || ');
  const oneLine = `${indent}if (${condition}) ${statement('').trimStart()}`;
  if (oneLine.length <= LINE_WIDTH && !oneLine.includes('\n')) return oneLine;
  const opening =
    `${indent}if (${condition}) {`.length <= LINE_WIDTH
      ? `${indent}if (${condition}) {`
      : `${indent}if (\n${conditions.map((part, i) => `${indent}  ${part}${i < conditions.length - 1 ? ' ||' : ''}`).join('\n')}\n${indent}) {`;
  return `${opening}\n${statement(`${indent}  `)}\n${indent}}`;
}

/** A statement `throw <call>(<argument>);` fitted at `indent`. */
export function throwCall(call: string, argument: string): (indent: string) => string {
  return (indent) => fit(indent, `throw ${call}`, 'round', [argument], ';');
}

/** `a` or `an`, for the resource's name in a sentence. */
export function article(words: string): string {
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}

/** Biome's order of named imports: letter by letter ignoring case, and where only case differs, upper case first. */
function compareNames(a: string, b: string): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [left, right] = [a.charAt(i), b.charAt(i)];
    if (left === right) continue;
    const [lower, otherLower] = [left.toLowerCase(), right.toLowerCase()];
    if (lower !== otherLower) return lower < otherLower ? -1 : 1;
    return left === left.toUpperCase() ? -1 : 1;
  }
  return a.length - b.length;
}

/** Named imports sorted as Biome's organizeImports sorts them, each once. */
export function sortedNames(names: readonly string[]): string[] {
  const bare = (name: string) => name.replace(/^type /, '');
  return [...new Set(names)].sort((a, b) => compareNames(bare(a), bare(b)));
}

/** A method chain `head.a().b()` on one line when it fits, else one call a line, as Biome breaks member chains. */
export function chain(indent: string, head: string, calls: readonly string[], tail: string): string {
  const line = `${indent}${head}${calls.join('')}${tail}`;
  if (line.length <= LINE_WIDTH) return line;
  return `${indent}${head}\n${calls.map((call) => `${indent}  ${call}`).join('\n')}${tail}`;
}
