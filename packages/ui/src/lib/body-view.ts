import { prettyJson } from './json-pretty.js';

export type BodyLanguage = 'json' | 'xml' | 'html' | 'text';

/** What a response body is, by its Content-Type, else by how it starts. */
export function bodyLanguage(text: string, contentType: string | null): BodyLanguage {
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('json')) return 'json';
  if (type.includes('html')) return 'html';
  if (type.includes('xml')) return 'xml';
  if (type !== '' && !type.startsWith('text/plain')) return 'text';
  const start = text.trimStart().slice(0, 100).toLowerCase();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'html';
  if (start.startsWith('<')) return 'xml';
  return 'text';
}

/** The body laid out for reading: JSON and XML indented; text that does not parse is shown as it came. */
export function prettyText(text: string, language: BodyLanguage): string {
  if (language === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return text;
    }
    // The engine's own printer is fastest, but a number of 16 digits or more may not survive a double: such a
    // body is re-indented token by token instead, so the view never shows a value the server did not send.
    return LONG_NUMBER.test(text) ? prettyJson(text) : JSON.stringify(value, null, 2);
  }
  if (language === 'xml') return prettyXml(text);
  return text;
}

const LONG_NUMBER = /\d{16}/;

const XML_PIECE = /(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[^>]+>)/;

/** One element, comment or text run per line, indented by depth; the characters of each piece are kept. */
export function prettyXml(text: string): string {
  const lines: string[] = [];
  let depth = 0;
  for (const raw of text.split(XML_PIECE)) {
    const piece = raw.trim();
    if (piece === '') continue;
    const closing = piece.startsWith('</');
    const opening = piece.startsWith('<') && !closing && !/^<[!?]/.test(piece) && !piece.endsWith('/>');
    if (closing) depth = Math.max(0, depth - 1);
    lines.push(`${'  '.repeat(depth)}${piece}`);
    if (opening) depth++;
  }
  return lines.join('\n');
}
