import { AppError } from '../errors.js';
import { decodeAnsiC } from './ansi-c-quote.js';
import { expansionEnd, unbalancedQuote } from './bash-expansion.js';
import { readHeredocBody } from './heredoc.js';
import {
  type Segment,
  type Separator,
  type ShellCommand,
  type ShellWord,
  type StdinSource,
  singleCommand,
} from './shell-command.js';
import { describePosition, shorten, snippetAround, TextPositions } from './text-position.js';
import { newWorkMeter, type WorkMeter } from './work-meter.js';

interface PendingHeredoc {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
  source: { kind: 'text'; text: string };
  start: number;
}

interface ReadWord {
  text: string;
  quoted: boolean;
  start: number;
}

const REDIRECT_OPERATORS = ['<<<', '<<-', '&>>', '<<', '<>', '<&', '>>', '>|', '>&', '&>', '<', '>'] as const;

/**
 * Splits a bash command line into the words bash would pass to the program, with bash's quoting rules:
 * '…', "…" (with its backslash escapes), $'…' (ANSI-C escapes), backslash escapes, backslash-newline
 * continuations, comments, redirections and here-documents. Parameter expansions and command substitutions
 * are kept as typed, with a warning, since their values are not known here. One pass over the text: every
 * loop advances, so the work is linear in the length.
 */
export function splitBashCommand(text: string, meter: WorkMeter = newWorkMeter()): ShellCommand {
  const positions = new TextPositions(text);
  const lexer = new BashLexer(text, positions, meter);
  const segments = lexer.run();
  const command = singleCommand(segments, positions, 'bash');
  return { ...command, warnings: [...lexer.warnings, ...command.warnings] };
}

class BashLexer {
  readonly warnings: string[] = [];
  private pos = 0;
  private readonly segments: Segment[] = [];
  private words: ShellWord[] = [];
  private stdin: StdinSource | null = null;
  private pendingHeredocs: PendingHeredoc[] = [];
  private readonly expansions = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly positions: TextPositions,
    private readonly meter: WorkMeter,
  ) {}

  run(): Segment[] {
    const { text } = this;
    while (this.pos < text.length) {
      this.meter.steps++;
      const c = text[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\n') {
        this.endSegment({ kind: 'newline', start: this.pos });
        this.pos++;
        this.readHeredocBodies();
      } else if (c === '#') this.skipComment();
      else if (c === '\\' && this.skipContinuation()) continue;
      else if (c === '<' || c === '>' || (c === '&' && text[this.pos + 1] === '>')) this.readRedirect(null);
      else if (c === '|' || c === '&' || c === ';' || c === '(' || c === ')') this.readOperator();
      else this.readWordOrRedirect();
    }
    if (this.pendingHeredocs.length > 0) this.readHeredocBodies();
    this.endSegment(null);
    this.reportExpansions();
    return this.segments;
  }

  private endSegment(separator: Separator | null): void {
    this.segments.push({ words: this.words, stdin: this.stdin, endedBy: separator });
    this.words = [];
    this.stdin = null;
  }

  private skipComment(): void {
    const end = this.text.indexOf('\n', this.pos);
    const stop = end < 0 ? this.text.length : end;
    this.meter.steps += stop - this.pos;
    this.pos = stop;
  }

  /**
   * At a backslash: consumes a line continuation and returns true. A backslash followed only by spaces before
   * the line break is read as a continuation too (a common copy-paste slip), with a warning; bash would end
   * the command there.
   */
  private skipContinuation(): boolean {
    const { text } = this;
    if (text[this.pos + 1] === '\n') {
      this.pos += 2;
      return true;
    }
    let j = this.pos + 1;
    while (text[j] === ' ' || text[j] === '\t') j++;
    this.meter.steps += j - this.pos;
    if (j === this.pos + 1 || text[j] !== '\n') return false;
    this.warnings.push(
      `The backslash at ${this.positions.describe(this.pos)} is followed by spaces before the line break; ` +
        'bash would end the command there, but it was read as a line continuation.',
    );
    this.pos = j + 1;
    return true;
  }

  private readOperator(): void {
    const { text } = this;
    const start = this.pos;
    const c = text.charAt(start);
    if (c === '(' || c === ')') {
      throw new AppError(
        'VALIDATION',
        `unquoted ${c} at ${describePosition(text, start)} (${snippetAround(text, start)}): bash reads it as a ` +
          'subshell, not as part of an argument; put the argument that contains it in single quotes',
      );
    }
    const pair = text.slice(start, start + 2);
    const op = pair === '&&' || pair === '||' || pair === ';;' || pair === '|&' ? pair : c;
    const before = text[start - 1];
    const glued = before !== undefined && before !== ' ' && before !== '\t' && before !== '\n';
    this.pos += op.length;
    this.endSegment({ kind: 'operator', op, start, glued });
  }

  private readWordOrRedirect(): void {
    const word = this.readWord();
    const next = this.text[this.pos];
    if (!word.quoted && (next === '<' || next === '>') && isDigits(word.text)) {
      this.readRedirect(word.text);
      return;
    }
    this.words.push({ text: word.text, start: word.start });
  }

  private readRedirect(fd: string | null): void {
    const { text } = this;
    const start = this.pos;
    const op = REDIRECT_OPERATORS.find((candidate) => text.startsWith(candidate, start)) as string;
    this.pos += op.length;
    while (text[this.pos] === ' ' || text[this.pos] === '\t') this.pos++;
    const c = text[this.pos];
    if (c === undefined || c === '\n' || c === '|' || c === '&' || c === ';' || c === '<' || c === '>') {
      throw new AppError(
        'VALIDATION',
        `the redirection ${op} at ${describePosition(text, start)} has no file or delimiter after it; ` +
          'remove it or complete it',
      );
    }
    const target = this.readWord();
    const readsStdin = fd === null || fd === '0';
    if (op === '<<' || op === '<<-') {
      const source = { kind: 'text' as const, text: '' };
      this.pendingHeredocs.push({
        delimiter: target.text,
        quoted: target.quoted,
        stripTabs: op === '<<-',
        source,
        start,
      });
      if (readsStdin) this.stdin = source;
    } else if (op === '<<<' && readsStdin) this.stdin = { kind: 'text', text: `${target.text}\n` };
    else if ((op === '<' || op === '<>') && readsStdin) this.stdin = { kind: 'file', path: target.text };
  }

  private readHeredocBodies(): void {
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const heredoc of pending) {
      const body = readHeredocBody(this.text, this.pos, heredoc, this.meter);
      heredoc.source.text = body.text;
      this.pos = body.end;
      if (!body.closed) {
        this.warnings.push(
          `The here-document started at ${this.positions.describe(heredoc.start)} has no closing ` +
            `${shorten(heredoc.delimiter)} line; it was read to the end of the text.`,
        );
      }
      for (const expansion of body.expansions) this.expansions.add(expansion);
    }
  }

  private readWord(): ReadWord {
    const { text, meter } = this;
    const start = this.pos;
    const parts: string[] = [];
    let quoted = false;
    while (this.pos < text.length) {
      meter.steps++;
      const c = text.charAt(this.pos);
      if (isWordEnd(c)) break;
      if (c === '\\') {
        const next = text[this.pos + 1];
        if (next === undefined) {
          parts.push('\\');
          this.pos++;
        } else if (!this.skipContinuation()) {
          parts.push(next);
          quoted = true;
          this.pos += 2;
        }
      } else if (c === "'") {
        const end = text.indexOf("'", this.pos + 1);
        if (end < 0) throw unbalancedQuote(text, this.pos, "'");
        meter.steps += end - this.pos;
        parts.push(text.slice(this.pos + 1, end));
        quoted = true;
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos = this.readDoubleQuoted(this.pos + 1, parts);
        quoted = true;
      } else if (c === '$' && text[this.pos + 1] === "'") {
        const decoded = decodeAnsiC(text, this.pos + 2, meter);
        if (decoded.end < 0) throw unbalancedQuote(text, this.pos, "$'");
        parts.push(decoded.text);
        quoted = true;
        this.pos = decoded.end;
      } else if (c === '$' && text[this.pos + 1] === '"') {
        this.pos = this.readDoubleQuoted(this.pos + 2, parts);
        quoted = true;
      } else if (c === '$' || c === '`') {
        this.pos = this.keepExpansion(this.pos, parts);
      } else {
        let j = this.pos + 1;
        while (j < text.length && isPlain(text.charAt(j))) j++;
        meter.steps += j - this.pos;
        parts.push(text.slice(this.pos, j));
        this.pos = j;
      }
    }
    return { text: parts.join(''), quoted, start };
  }

  /** Reads a "…" string whose body starts at `from`; returns the index after the closing quote. */
  private readDoubleQuoted(from: number, parts: string[]): number {
    const { text, meter } = this;
    let i = from;
    while (i < text.length) {
      meter.steps++;
      const c = text[i];
      if (c === '"') return i + 1;
      if (c === '\\') {
        const next = text[i + 1];
        if (next === '$' || next === '`' || next === '"' || next === '\\') {
          parts.push(next);
          i += 2;
        } else if (next === '\n') i += 2;
        else {
          parts.push('\\');
          i++;
        }
      } else if (c === '$' || c === '`') i = this.keepExpansion(i, parts);
      else {
        let j = i + 1;
        while (j < text.length && !isDoubleQuoteSpecial(text.charAt(j))) j++;
        meter.steps += j - i;
        parts.push(text.slice(i, j));
        i = j;
      }
    }
    throw unbalancedQuote(text, from - 1, '"');
  }

  /**
   * At `$` or a backtick: keeps a parameter expansion or command substitution as typed and remembers it for
   * a warning. Returns the index after it. A lone `$` is just a dollar sign.
   */
  private keepExpansion(at: number, parts: string[]): number {
    const end = expansionEnd(this.text, at, this.meter);
    if (end === at + 1) {
      parts.push('$');
      return end;
    }
    const expansion = this.text.slice(at, end);
    this.expansions.add(expansion);
    parts.push(expansion);
    return end;
  }

  private reportExpansions(): void {
    for (const expansion of this.expansions) {
      const kind =
        expansion.startsWith('$(') || expansion.startsWith('`') ? 'a command substitution' : 'a shell variable';
      this.warnings.push(
        `${shorten(expansion)} is ${kind}: bash would replace it, but its value is not known here, so it was ` +
          'kept as typed; write the value (or a {{variable}}) instead.',
      );
    }
  }
}

function isWordEnd(c: string): boolean {
  return (
    c === ' ' ||
    c === '\t' ||
    c === '\n' ||
    c === '|' ||
    c === '&' ||
    c === ';' ||
    c === '<' ||
    c === '>' ||
    c === '(' ||
    c === ')'
  );
}

function isPlain(c: string): boolean {
  return !isWordEnd(c) && c !== '\\' && c !== "'" && c !== '"' && c !== '$' && c !== '`';
}

function isDoubleQuoteSpecial(c: string): boolean {
  return c === '"' || c === '\\' || c === '$' || c === '`';
}

function isDigits(word: string): boolean {
  if (word === '') return false;
  for (const c of word) if (c < '0' || c > '9') return false;
  return true;
}
