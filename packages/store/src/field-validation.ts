import { AppError, MAX_NAME_LENGTH } from '@client/core';

export function invalid(message: string): AppError {
  return new AppError('VALIDATION', message);
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

export function readObject(value: unknown, label: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${label} must be an object, not ${describeType(value)}`);
  }
  return value as Record<string, unknown>;
}

/** Any string, the empty one included. */
export function readText(value: unknown, label: string): string {
  if (typeof value !== 'string') throw invalid(`${label} must be a string, not ${describeType(value)}`);
  return value;
}

/** A trimmed, non-empty name of at most MAX_NAME_LENGTH characters. */
export function readName(value: unknown, label: string): string {
  const name = readText(value, label).trim();
  if (name === '') throw invalid(`${label} must not be empty`);
  if (name.length > MAX_NAME_LENGTH) {
    throw invalid(`${label} is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  }
  return name;
}

/** A variable key is used as `{{key}}`, so it cannot hold braces. */
export function readVariableKey(value: unknown): string {
  const key = readName(value, 'variable key');
  if (/[{}]/.test(key)) throw invalid(`variable key "${key}" must not contain { or }; it is used as {{${key}}}`);
  return key;
}

/** A row's `enabled`: absent or true is on (and kept absent), false is off; anything else is refused. */
export function readEnabled(value: unknown, label: string): { enabled?: false } {
  if (value !== undefined && typeof value !== 'boolean') {
    throw invalid(`${label} must be true or false, not ${describeType(value)}`);
  }
  return value === false ? { enabled: false } : {};
}
