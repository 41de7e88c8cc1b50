import type { WorkMeter } from './work-meter.js';

export interface HeredocSpec {
  delimiter: string;
  /** A quoted delimiter (`<<'EOF'`) makes bash take the body literally. */
  quoted: boolean;
  /** `<<-` strips leading tabs from each line and from the delimiter line. */
  stripTabs: boolean;
}

export interface HeredocBody {
  text: string;
  /** Index just after the delimiter line (or the end of the text). */
  end: number;
  /** False when no line matched the delimiter: bash then reads to the end, and so do we. */
  closed: boolean;
  /** Expansions an unquoted body holds, kept as typed. */
  expansions: string[];
}

/**
 * Reads a here-document body that starts at `from` (the line after the `<<` operator), line by line up to the
 * delimiter line, as bash does. Each body line keeps its line break, so the text is exactly what bash feeds to
 * standard input. In an unquoted body bash also removes backslash-newline pairs and the backslash before
 * `$`, `` ` `` and `\`; expansions themselves are kept as typed.
 */
export function readHeredocBody(text: string, from: number, spec: HeredocSpec, meter: WorkMeter): HeredocBody {
  const lines: string[] = [];
  let pos = from;
  let closed = false;
  while (pos < text.length) {
    meter.steps++;
    const newline = text.indexOf('\n', pos);
    const lineEnd = newline < 0 ? text.length : newline;
    meter.steps += lineEnd - pos;
    const raw = text.slice(pos, lineEnd);
    const line = spec.stripTabs ? stripLeadingTabs(raw) : raw;
    pos = newline < 0 ? text.length : newline + 1;
    if (line === spec.delimiter) {
      closed = true;
      break;
    }
    lines.push(`${line}\n`);
  }
  const body = lines.join('');
  if (spec.quoted) return { text: body, end: pos, closed, expansions: [] };
  return { ...unescapeUnquotedBody(body, meter), end: pos, closed };
}

function unescapeUnquotedBody(body: string, meter: WorkMeter): { text: string; expansions: string[] } {
  const parts: string[] = [];
  const expansions: string[] = [];
  let i = 0;
  while (i < body.length) {
    meter.steps++;
    const c = body[i];
    const next = body[i + 1];
    if (c === '\\' && (next === '$' || next === '`' || next === '\\')) {
      parts.push(next);
      i += 2;
    } else if (c === '\\' && next === '\n') i += 2;
    else {
      if ((c === '$' && next !== undefined && isExpansionStart(next)) || c === '`') {
        expansions.push(expansionAt(body, i));
      }
      parts.push(c as string);
      i++;
    }
  }
  return { text: parts.join(''), expansions };
}

const EXPANSION_EXCERPT = 40;

/** The expansion at `i`, cut at a bounded length so a body full of `${` cannot make the scan quadratic. */
function expansionAt(body: string, i: number): string {
  const window = body.slice(i, i + EXPANSION_EXCERPT);
  const opener = window[1];
  const close = window[0] === '`' ? '`' : opener === '{' ? '}' : opener === '(' ? ')' : '';
  if (close !== '') {
    const end = window.indexOf(close, window[0] === '`' ? 1 : 2);
    return end < 0 ? window : window.slice(0, end + 1);
  }
  let j = 1;
  while (j < window.length && isNameChar(window.charAt(j))) j++;
  return window.slice(0, j);
}

function isNameChar(c: string): boolean {
  return c === '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

function isExpansionStart(c: string): boolean {
  return c === '{' || c === '(' || c === '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

function stripLeadingTabs(line: string): string {
  let i = 0;
  while (line[i] === '\t') i++;
  return line.slice(i);
}
