import { AppError } from '../errors.js';
import { shorten } from './text-position.js';

export interface MultipartPart {
  name: string;
  value?: string;
  file?: string;
  contentType?: string;
}

/** Where a part's content comes from before standard input is resolved: text, a file, or (`@-`, `<-`) stdin. */
type FormContent = { kind: 'text'; text: string } | { kind: 'file'; path: string; asText: boolean };

export interface FormPart {
  name: string;
  content: FormContent;
  contentType?: string;
}

export interface FormField {
  parts: FormPart[];
  warnings: string[];
}

interface ParamPart {
  data: string;
  type?: string;
  filename?: string;
  headers: number;
  encoder?: string;
  skipped: number;
  sep: string;
  next: number;
}

/**
 * Reads one `-F`/`--form-string` argument as curl's formparse does. The name ends at the FIRST `=`. With `-F`,
 * `@path` attaches files (several separated by `,`, each may carry `;type=`, `;filename=`), `<path` reads a
 * field's text from a file, and a text value stops at `;`, where `;type=` and friends follow. `--form-string`
 * takes the value literally.
 */
export function readFormField(argument: string, literal: boolean): FormField {
  const equals = argument.indexOf('=');
  if (equals < 0) {
    throw new AppError(
      'VALIDATION',
      `-F ${shorten(argument)} has no '=': curl refuses it; write -F 'name=value' for a field or ` +
        "-F 'name=@path' for a file",
    );
  }
  const name = argument.slice(0, equals);
  const content = argument.slice(equals + 1);
  const option = literal ? '--form-string' : '-F';
  if (literal) return { parts: [{ name, content: { kind: 'text', text: content } }], warnings: [] };
  const warnings: string[] = [];
  if (content.startsWith('(') || (name === '' && content === ')')) {
    warnings.push(
      `${option} ${shorten(argument)} opens or closes a nested multipart, which is not imported; it was skipped.`,
    );
    return { parts: [], warnings };
  }
  if (content.startsWith('@')) {
    const parts: FormPart[] = [];
    let from = equals + 2;
    for (;;) {
      const part = readParamPart(argument, from, ',');
      noteAttributes(part, name, warnings);
      parts.push(withType({ name, content: { kind: 'file', path: part.data, asText: false } }, part.type));
      if (part.sep !== ',') break;
      from = part.next + 1;
    }
    return { parts, warnings };
  }
  if (content.startsWith('<')) {
    const part = readParamPart(argument, equals + 2, '');
    noteAttributes(part, name, warnings);
    return {
      parts: [withType({ name, content: { kind: 'file', path: part.data, asText: true } }, part.type)],
      warnings,
    };
  }
  const part = readParamPart(argument, equals + 1, '');
  noteAttributes(part, name, warnings);
  if (part.skipped > 0) {
    warnings.push(
      `-F field ${shorten(name)}: curl ends a -F value at ';', so the text after it was dropped, as curl does; ` +
        'use --form-string to send a value that contains ;.',
    );
  }
  return { parts: [withType({ name, content: { kind: 'text', text: part.data } }, part.type)], warnings };
}

function withType(part: FormPart, type: string | undefined): FormPart {
  return type === undefined ? part : { ...part, contentType: type };
}

function noteAttributes(part: ParamPart, name: string, warnings: string[]): void {
  const field = shorten(name);
  if (part.filename !== undefined) {
    warnings.push(
      `-F field ${field}: ;filename= (the file name sent to the server) is not kept; the file's own name is sent.`,
    );
  }
  if (part.headers > 0) warnings.push(`-F field ${field}: ;headers= (extra part headers) is not imported.`);
  if (part.encoder !== undefined) warnings.push(`-F field ${field}: ;encoder= (a transfer encoding) is not imported.`);
}

/**
 * curl's get_param_part: the value (optionally "quoted" with \" and \\ escapes; unquoted values lose
 * surrounding spaces), then `;name=value` attributes up to `endChar`. A content type runs on across `;` until
 * another attribute starts, as curl reads `type=text/plain; charset=utf-8`.
 */
function readParamPart(s: string, from: number, endChar: ',' | ''): ParamPart {
  let p = skipSpaces(s, from);
  const first = readParamWord(s, p, endChar);
  const result: ParamPart = {
    data: first.quoted ? first.word : trimEndSpaces(first.word),
    headers: 0,
    skipped: 0,
    sep: '',
    next: 0,
  };
  p = first.next;
  let typeStart = -1;
  let typeEnd = -1;
  let typeOpen = false;
  const closeType = () => {
    if (typeOpen) result.type = s.slice(typeStart, typeEnd);
    typeOpen = false;
  };
  while (s[p] === ';') {
    p = skipSpaces(s, p + 1);
    if (!typeOpen && startsWithIgnoringCase(s, p, 'type=')) {
      typeStart = skipSpaces(s, p + 5);
      const typeLength = validContentTypeLength(s, typeStart);
      if (typeLength < 0) {
        throw new AppError(
          'VALIDATION',
          `-F ${shorten(s)} has a malformed ;type= (curl refuses it); write it as ;type=major/minor, e.g. ;type=image/png`,
        );
      }
      p = typeStart + typeLength;
      typeEnd = p;
      typeOpen = true;
      p = extendType(s, p, endChar, (end) => {
        typeEnd = end;
      });
    } else if (startsWithIgnoringCase(s, p, 'filename=')) {
      closeType();
      const word = readParamWord(s, skipSpaces(s, p + 9), endChar);
      result.filename = word.quoted ? word.word : trimEndSpaces(word.word);
      p = word.next;
    } else if (startsWithIgnoringCase(s, p, 'headers=')) {
      closeType();
      result.headers += 1;
      p = readParamWord(s, skipSpaces(s, p + 8), endChar).next;
    } else if (startsWithIgnoringCase(s, p, 'encoder=')) {
      closeType();
      const word = readParamWord(s, skipSpaces(s, p + 8), endChar);
      result.encoder = word.word;
      p = word.next;
    } else if (typeOpen) {
      typeEnd = p;
      p = extendType(s, p, endChar, (end) => {
        typeEnd = end;
      });
    } else {
      const word = readParamWord(s, p, endChar);
      if (word.word !== '') result.skipped += 1;
      p = word.next;
    }
  }
  closeType();
  result.sep = s[p] ?? '';
  result.next = p;
  return result;
}

/** Scans a content type's tail to `;` or `endChar`, reporting the end of its last non-space character. */
function extendType(s: string, from: number, endChar: string, setEnd: (end: number) => void): number {
  let p = from;
  while (p < s.length && s[p] !== ';' && s[p] !== endChar) {
    if (!isSpace(s.charAt(p))) setEnd(p + 1);
    p++;
  }
  return p;
}

/** Length of a `major/minor` type at `from` as curl's sscanf("%127[^/ ]/%127[^;, \n]") accepts it, or -1. */
function validContentTypeLength(s: string, from: number): number {
  let p = from;
  while (p < s.length && p - from < 127 && s[p] !== '/' && s[p] !== ' ') p++;
  const majorLength = p - from;
  if (majorLength === 0 || s[p] !== '/') return -1;
  p++;
  const minorStart = p;
  while (p < s.length && p - minorStart < 127 && !';, \n'.includes(s.charAt(p))) p++;
  return p === minorStart ? -1 : p - from;
}

/** curl's get_param_word: a "quoted" word (escapes \" and \\), or the text up to `;` or `endChar`. */
function readParamWord(s: string, from: number, endChar: string): { word: string; quoted: boolean; next: number } {
  if (s[from] === '"') {
    const parts: string[] = [];
    let p = from + 1;
    while (p < s.length) {
      const c = s.charAt(p);
      if (c === '\\' && (s[p + 1] === '\\' || s[p + 1] === '"')) {
        parts.push(s.charAt(p + 1));
        p += 2;
        continue;
      }
      if (c === '"') {
        let next = p + 1;
        while (next < s.length && s[next] !== ';' && s[next] !== endChar) next++;
        return { word: parts.join(''), quoted: true, next };
      }
      parts.push(c);
      p++;
    }
  }
  let p = from;
  while (p < s.length && s[p] !== ';' && s[p] !== endChar) p++;
  return { word: s.slice(from, p), quoted: false, next: p };
}

function skipSpaces(s: string, from: number): number {
  let p = from;
  while (p < s.length && isSpace(s.charAt(p))) p++;
  return p;
}

function trimEndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';
}

function startsWithIgnoringCase(s: string, at: number, prefix: string): boolean {
  return s.slice(at, at + prefix.length).toLowerCase() === prefix;
}
