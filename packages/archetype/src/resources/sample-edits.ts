import { ArchetypeError } from '../archetype-error.js';

function missing(file: string, what: string): ArchetypeError {
  return new ArchetypeError(
    'TEMPLATE',
    `the sample file ${file} has no ${what}, which add-resource edits: change the generator with the sample`,
  );
}

/** `text` with the one match of `pattern` replaced; the sample must have exactly one. */
export function replaceOnce(text: string, file: string, pattern: RegExp, replacement: string): string {
  const matches = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
  if (matches.length !== 1) throw missing(file, `single ${pattern}`);
  return text.replace(pattern, () => replacement);
}

/** `text` with every match of `pattern` replaced; the sample must have at least one. */
export function replaceEach(text: string, file: string, pattern: RegExp, replacement: string): string {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  if (!global.test(text)) throw missing(file, `${pattern}`);
  return text.replace(global, () => replacement);
}

/**
 * `text` with the lines after the first line matching `from` and before the next line matching `to` replaced by
 * `lines` (the two lines themselves are kept).
 */
export function replaceLinesBetween(
  text: string,
  file: string,
  from: RegExp,
  to: RegExp,
  lines: readonly string[],
): string {
  const all = text.split('\n');
  const start = all.findIndex((line) => from.test(line));
  const end = start < 0 ? -1 : all.findIndex((line, i) => i > start && to.test(line));
  if (end < 0) throw missing(file, `lines between ${from} and ${to}`);
  return [...all.slice(0, start + 1), ...lines, ...all.slice(end)].join('\n');
}
