/** A parsed JSON value that is an object (not null, not an array): what an answer body must be to be read. */
export function isJsonRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
