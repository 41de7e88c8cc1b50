/** Readers for documents parsed from untrusted JSON or YAML: each answers a safe value instead of throwing. */

export type PlainRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is PlainRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function recordOf(value: unknown): PlainRecord {
  return isRecord(value) ? value : {};
}

export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string, or a number or boolean written where a string was meant; else undefined. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function textOr(value: unknown, fallback: string): string {
  return textOf(value) ?? fallback;
}

/** A field of a record, read only when the record holds it itself (never from Object.prototype). */
export function field(record: unknown, key: string): unknown {
  return isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Own entries of a record, in order. */
export function entriesOf(value: unknown): [string, unknown][] {
  return isRecord(value) ? Object.entries(value) : [];
}

/** A value as the text of a JSON or plain body: strings as they are, anything else pretty-printed. */
export function bodyText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '';
  }
}

/** A description as collections write it: text, or `{content}` (Postman v2.1); empty when there is none. */
export function descriptionOf(value: unknown): string {
  return (textOf(value) ?? textOf(field(value, 'content')) ?? '').trim();
}

/** A script as collections write it: one text, or a list of lines (Postman's `exec`). */
export function scriptText(value: unknown): string {
  if (Array.isArray(value)) return value.map((line) => textOr(line, '')).join('\n');
  return textOr(value, '');
}
