import { AppError } from '../errors.js';
import { shorten, type TextPositions } from './text-position.js';

/** One argument after quote removal; `start` is its index in the command text, for messages. */
export interface ShellWord {
  text: string;
  start: number;
}

/** What the command feeds to curl's standard input: here-document text, or a file redirected with `<`. */
export type StdinSource = { kind: 'text'; text: string } | { kind: 'file'; path: string };

/** What ended a run of words: a control operator (`&&`, `|`, `;`, `&`…) or a line break. */
export type Separator =
  | { kind: 'operator'; op: string; start: number; glued: boolean }
  | { kind: 'newline'; start: number };

/** The words between two separators, as a shell splits a line into simple commands. */
export interface Segment {
  words: ShellWord[];
  stdin: StdinSource | null;
  endedBy: Separator | null;
}

/** The one command the text holds, with the warnings reading it produced. */
export interface ShellCommand {
  words: ShellWord[];
  stdin: StdinSource | null;
  warnings: string[];
}

export type ShellName = 'bash' | 'cmd';

/**
 * Reduces the segments of a text to its single command. Two commands joined by an operator are refused: the
 * request would depend on what the other command does. A line that merely lacks its trailing `\` (it starts
 * with an option or a URL) is read as part of the command, with a warning, because that is what was meant.
 */
export function singleCommand(segments: readonly Segment[], positions: TextPositions, shell: ShellName): ShellCommand {
  const warnings: string[] = [];
  const words: ShellWord[] = [];
  let stdin: StdinSource | null = null;
  let separators: Separator[] = [];
  for (const segment of segments) {
    if (segment.words.length === 0) {
      if (segment.stdin !== null && words.length > 0) stdin = segment.stdin;
      if (segment.endedBy !== null) separators.push(segment.endedBy);
      continue;
    }
    const first = segment.words[0] as ShellWord;
    if (words.length > 0) {
      const operator = separators.find((s) => s.kind === 'operator');
      if (operator !== undefined && operator.kind === 'operator') throw operatorError(operator, positions, shell);
      if (!continuesCommand(first.text)) {
        throw new AppError(
          'VALIDATION',
          `the text holds several commands: ${positions.describe(first.start)} starts another command ` +
            `(${shorten(first.text)}); send one curl command at a time`,
        );
      }
      const continuation = shell === 'bash' ? 'a trailing backslash' : 'a trailing ^';
      warnings.push(
        `${capitalise(positions.describe(first.start))} continues the command without ${continuation}; ` +
          `${shell} would run it as a separate command, so it was read as part of the curl command.`,
      );
    }
    for (const word of segment.words) words.push(word);
    if (segment.stdin !== null) stdin = segment.stdin;
    separators = segment.endedBy === null ? [] : [segment.endedBy];
  }
  return { words, stdin, warnings };
}

/** A line that starts with an option or a URL can only be a forgotten continuation of the curl command. */
function continuesCommand(firstWord: string): boolean {
  return firstWord.startsWith('-') || firstWord.includes('://') || firstWord.startsWith('{{');
}

function operatorError(
  separator: { op: string; start: number; glued: boolean },
  positions: TextPositions,
  shell: ShellName,
) {
  const where = positions.describe(separator.start);
  const { op } = separator;
  if (op === '|' || op === '|&') {
    return new AppError(
      'VALIDATION',
      `the text pipes curl's output into another command with | (${where}); send only the curl command, ` +
        'without the | and what follows it',
    );
  }
  if (op === '&' && separator.glued) {
    return new AppError(
      'VALIDATION',
      `an unquoted & (${where}) ends the command in ${shell}, and the rest would run as a separate command; ` +
        `put the URL or value that contains & in ${shell === 'bash' ? 'single' : 'double'} quotes, e.g. ` +
        `${shell === 'bash' ? "'https://api.example.com/items?a=1&b=2'" : '"https://api.example.com/items?a=1&b=2"'}`,
    );
  }
  return new AppError(
    'VALIDATION',
    `the text holds several commands joined by ${op} (${where}); send only the curl command`,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
