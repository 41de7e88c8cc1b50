const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
const HEX = '0123456789ABCDEF';

/**
 * What `--data-urlencode` and `--url-query` do to a value: curl_easy_escape on its UTF-8 bytes (everything but
 * letters, digits and `-._~` becomes %XX), then `%20` becomes `+`.
 */
export function encodeLikeCurl(value: string): string {
  return encodeBytes(value, isCurlUnreserved);
}

/** curl_easy_escape alone (space as %20), as curl escapes a file name it appends to an upload URL. */
export function escapeLikeCurl(value: string): string {
  return encodeBytes(value, isCurlUnreserved, false);
}

/**
 * The application/x-www-form-urlencoded serialisation of a urlencoded body (WHATWG URL standard, what
 * `URLSearchParams` produces): pairs joined by `&`, space as `+`, everything but letters, digits and `*-._`
 * as %XX. A parsed urlencoded body serialises back with this function.
 */
export function serializeUrlencoded(fields: readonly { name: string; value: string }[]): string {
  return fields.map((field) => `${formEncode(field.name)}=${formEncode(field.value)}`).join('&');
}

/** One name or value of a urlencoded body as `serializeUrlencoded` writes it (a space as `+`). */
export function formEncode(text: string): string {
  return encodeBytes(text, isFormUnreserved);
}

/**
 * The decoded pairs of a body that is plainly form data, or null when the text is something else (JSON, free
 * text, binary) sent with a form content type. Plain form data means: `name=value` pairs joined by `&`, no
 * empty pair, names without quotes, braces or spaces, no control characters, every `%` starting a valid
 * escape, and the escapes decoding to valid UTF-8. Such a body means the same to a server after
 * `serializeUrlencoded`, even where the bytes differ (an unencoded space becomes `+`).
 */
export function parseFormBody(text: string): { name: string; value: string }[] | null {
  if (text === '') return null;
  const fields: { name: string; value: string }[] = [];
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return null;
    const rawName = pair.slice(0, equals);
    const rawValue = pair.slice(equals + 1);
    if (!isPlainFormName(rawName) || hasControlCharacter(rawValue)) return null;
    const name = decodeFormComponent(rawName);
    const value = decodeFormComponent(rawValue);
    if (name === null || value === null) return null;
    fields.push({ name, value });
  }
  return fields;
}

/** Percent-decodes userinfo as curl does; a `%` that starts no valid escape stays as typed. */
export function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  return lenientUtf8.decode(decodeEscapes(text, false) ?? new Uint8Array());
}

function decodeFormComponent(text: string): string | null {
  if (!needsDecoding(text)) return text;
  const bytes = decodeEscapes(text.replaceAll('+', ' '), true);
  if (bytes === null) return null;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Plain text (no escapes, no `+`, no surrogates that UTF-8 could not carry) decodes to itself. */
function needsDecoding(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 || code === 0x2b || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

/** The bytes `text` stands for once %XX escapes are decoded; null when `strict` and an escape is malformed. */
function decodeEscapes(text: string, strict: boolean): Uint8Array | null {
  const source = utf8.encode(text);
  const out = new Uint8Array(source.length);
  let length = 0;
  for (let i = 0; i < source.length; i++) {
    const byte = source[i] as number;
    if (byte === 0x25) {
      const high = hexValue(source[i + 1]);
      const low = hexValue(source[i + 2]);
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
      if (strict) return null;
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

function encodeBytes(value: string, keep: (byte: number) => boolean, spaceAsPlus = true): string {
  const parts: string[] = [];
  for (const byte of utf8.encode(value)) {
    if (keep(byte)) parts.push(String.fromCharCode(byte));
    else if (byte === 0x20 && spaceAsPlus) parts.push('+');
    else parts.push(`%${HEX[byte >> 4]}${HEX[byte & 15]}`);
  }
  return parts.join('');
}

function isAlphanumeric(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

function isCurlUnreserved(byte: number): boolean {
  return isAlphanumeric(byte) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
}

function isFormUnreserved(byte: number): boolean {
  return isAlphanumeric(byte) || byte === 0x2a || byte === 0x2d || byte === 0x2e || byte === 0x5f;
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function isPlainFormName(name: string): boolean {
  for (const c of name) {
    if (c === '"' || c === '{' || c === '}' || c === ' ' || c === '\\') return false;
  }
  return !hasControlCharacter(name);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
