import { AppError } from '../errors.js';
import { itemAt } from '../item-at.js';
import {
  type Segment,
  type Separator,
  type ShellCommand,
  type ShellWord,
  type StdinSource,
  singleCommand,
} from './shell-command.js';
import { describePosition, snippetAround, TextPositions } from './text-position.js';
import { newWorkMeter, type WorkMeter } from './work-meter.js';

/** The text after cmd.exe removed its `^` escapes: each character, whether a caret escaped it, and where it was. */
interface Unescaped {
  chars: string[];
  escaped: Uint8Array;
  origin: Int32Array;
}

/**
 * Splits a Windows command line as Chrome's and Firefox's "Copy as cURL (cmd)" write it, in two layers like
 * Windows itself: cmd.exe first drops its `^` escapes (`^` + line break continues the line), then curl.exe's C
 * runtime splits the arguments (MSVCRT rules: `"` toggles quoting, `""` inside quotes is a literal quote,
 * backslashes are literal unless they precede a quote, where 2n+1 of them give n backslashes and a literal
 * quote). Unescaped `&`, `|`, `<` and `>` outside quotes are cmd.exe operators.
 */
export function splitCmdCommand(text: string, meter: WorkMeter = newWorkMeter()): ShellCommand {
  const unescaped = dropCaretEscapes(text, meter);
  const segments = new CmdArgumentReader(text, unescaped, meter).run();
  return singleCommand(segments, new TextPositions(text), 'cmd');
}

function dropCaretEscapes(text: string, meter: WorkMeter): Unescaped {
  const chars: string[] = [];
  const escaped = new Uint8Array(text.length);
  const origin = new Int32Array(text.length);
  let i = 0;
  while (i < text.length) {
    meter.steps++;
    const c = text.charAt(i);
    if (c !== '^') {
      origin[chars.length] = i;
      chars.push(c);
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === '\n') {
      i += 2;
      continue;
    }
    origin[chars.length] = i + 1;
    escaped[chars.length] = 1;
    chars.push(next);
    i += 2;
  }
  return { chars, escaped, origin };
}

class CmdArgumentReader {
  private k = 0;
  private readonly segments: Segment[] = [];
  private words: ShellWord[] = [];
  private stdin: StdinSource | null = null;

  constructor(
    private readonly text: string,
    private readonly input: Unescaped,
    private readonly meter: WorkMeter,
  ) {}

  run(): Segment[] {
    const { chars, escaped } = this.input;
    while (this.k < chars.length) {
      this.meter.steps++;
      const c = itemAt(chars, this.k);
      const plain = escaped[this.k] === 0;
      if (c === ' ' || c === '\t') this.k++;
      else if (c === '\n') {
        this.endSegment({ kind: 'newline', start: this.originOf(this.k) });
        this.k++;
      } else if (plain && (c === '&' || c === '|')) this.readOperator();
      else if (plain && (c === '<' || c === '>')) this.readRedirect(null);
      else this.readArgument();
    }
    this.endSegment(null);
    return this.segments;
  }

  private originOf(k: number): number {
    return this.input.origin[k] ?? this.text.length;
  }

  private endSegment(separator: Separator | null): void {
    this.segments.push({ words: this.words, stdin: this.stdin, endedBy: separator });
    this.words = [];
    this.stdin = null;
  }

  private readOperator(): void {
    const { chars, escaped } = this.input;
    const c = itemAt(chars, this.k);
    const doubled = chars[this.k + 1] === c && escaped[this.k + 1] === 0;
    const op = doubled ? c + c : c;
    const before = chars[this.k - 1];
    const glued = before !== undefined && before !== ' ' && before !== '\t' && before !== '\n';
    const start = this.originOf(this.k);
    this.k += op.length;
    this.endSegment({ kind: 'operator', op, start, glued });
  }

  private readRedirect(fd: string | null): void {
    const { chars } = this.input;
    const start = this.originOf(this.k);
    const op = itemAt(chars, this.k);
    this.k++;
    if (chars[this.k] === op || chars[this.k] === '&') this.k++;
    while (chars[this.k] === ' ' || chars[this.k] === '\t') this.k++;
    const next = chars[this.k];
    if (next === undefined || next === '\n') {
      throw new AppError(
        'VALIDATION',
        `the redirection ${op} at ${describePosition(this.text, start)} has no file after it; remove it or complete it`,
      );
    }
    const target = this.readWord();
    if (op === '<' && (fd === null || fd === '0')) this.stdin = { kind: 'file', path: target.text };
  }

  private readArgument(): void {
    const word = this.readWord();
    const next = this.k < this.input.chars.length ? this.input.chars[this.k] : undefined;
    if (!word.quoted && (next === '<' || next === '>') && /^[0-9]$/.test(word.text)) {
      this.readRedirect(word.text);
      return;
    }
    this.words.push({ text: word.text, start: word.start });
  }

  /** One argument by the MSVCRT rules; stops at unquoted blanks, line breaks and unescaped operators. */
  private readWord(): { text: string; quoted: boolean; start: number } {
    const { chars, escaped } = this.input;
    const start = this.originOf(this.k);
    const parts: string[] = [];
    let inQuotes = false;
    let quoted = false;
    let quoteStart = start;
    while (this.k < chars.length) {
      this.meter.steps++;
      const c = itemAt(chars, this.k);
      if (!inQuotes && (c === ' ' || c === '\t' || c === '\n')) break;
      if (!inQuotes && escaped[this.k] === 0 && (c === '&' || c === '|' || c === '<' || c === '>')) break;
      if (c === '\\') {
        let run = 0;
        while (chars[this.k + run] === '\\') run++;
        this.meter.steps += run;
        const atQuote = chars[this.k + run] === '"';
        parts.push('\\'.repeat(atQuote ? run >> 1 : run));
        this.k += run;
        if (atQuote && run % 2 === 1) {
          parts.push('"');
          this.k++;
        }
      } else if (c === '"') {
        quoted = true;
        if (inQuotes && chars[this.k + 1] === '"') {
          parts.push('"');
          this.k += 2;
        } else {
          if (!inQuotes) quoteStart = this.originOf(this.k);
          inQuotes = !inQuotes;
          this.k++;
        }
      } else {
        parts.push(c);
        this.k++;
      }
    }
    if (inQuotes) {
      throw new AppError(
        'VALIDATION',
        `unbalanced quote: the " at ${describePosition(this.text, quoteStart)} ` +
          `(${snippetAround(this.text, quoteStart)}) is never closed; add the closing ", or write a literal ` +
          'quote as \\" inside the quotes',
      );
    }
    return { text: parts.join(''), quoted, start };
  }
}
