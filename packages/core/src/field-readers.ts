import { AppError } from './errors.js';

/** Checks for values that arrive over HTTP or from imported files: each failure names the field and the fix. */

export function invalid(message: string): AppError {
  return new AppError('VALIDATION', message);
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

export function readRecord(value: unknown, label: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${label} must be an object, not ${describeType(value)}`);
  }
  return value as Record<string, unknown>;
}

export function readList(value: unknown, label: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(`${label} must be an array, not ${describeType(value)}`);
  return value;
}

/** Any string (the empty one too) of at most `max` characters. */
export function readString(value: unknown, label: string, max: number): string {
  if (typeof value !== 'string') throw invalid(`${label} must be a string, not ${describeType(value)}`);
  if (value.length > max) throw invalid(`${label} is ${value.length} characters long; use at most ${max}`);
  return value;
}

/** A whole number from `min` to `max`. */
export function readWhole(value: unknown, label: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(`${label} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value) ?? 'undefined'}`);
  }
  return value;
}

export function readBoolean(value: unknown, label: string): boolean {
  if (typeof value !== 'boolean') throw invalid(`${label} must be true or false, not ${describeType(value)}`);
  return value;
}

/** Refuses fields the reader does not know, so a misspelt option is never silently ignored. */
export function refuseUnknown(record: Record<string, unknown>, known: readonly string[], label: string): void {
  const unknown = Object.keys(record).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw invalid(`${label} has no field "${unknown}"; the fields are ${known.join(', ')}`);
  }
}
