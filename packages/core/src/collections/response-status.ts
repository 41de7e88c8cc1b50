const RANGE = /^([1-5])XX$/i;

/**
 * The status an example found under an OpenAPI response key answers with: the code itself, `N00` for a range
 * `NXX`, and for `default` 200 when the operation names no success of its own (it is then the answer), else 500.
 * Undefined for a key that is no status.
 */
export function statusOfResponseKey(key: string, keys: readonly string[]): number | undefined {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  const range = RANGE.exec(key);
  if (range !== null) return Number(range[1]) * 100;
  if (key !== 'default') return undefined;
  return keys.some((other) => /^2(\d\d|XX)$/i.test(other)) ? 500 : 200;
}

/** The response key an example of `status` goes back under: its own code, else the range or `default` it came from. */
export function responseKeyOfStatus(status: number, keys: readonly string[]): string {
  const own = String(status);
  if (keys.includes(own)) return own;
  const range = keys.find((key) => RANGE.test(key) && key[0] === own[0] && statusOfResponseKey(key, keys) === status);
  if (range !== undefined) return range;
  if (keys.includes('default') && statusOfResponseKey('default', keys) === status) return 'default';
  return own;
}
