import { HEADER_NAME } from '../examples/read-examples.js';
import type { KeyValue } from '../model.js';
import { keptEnabled } from '../request/enabled-rows.js';

/**
 * A saved response's header rows as an example's headers: a row whose name is no header name (a status line, a
 * blank key) is left out rather than the whole example, and a line break in a value becomes a space.
 */
export function exampleHeaders(rows: readonly { key: string; value: string; enabled: boolean }[]): KeyValue[] {
  return rows.flatMap(({ key, value, enabled }) =>
    HEADER_NAME.test(key) ? [{ key, value: value.replace(/[\r\n\0]+/g, ' '), ...keptEnabled(enabled) }] : [],
  );
}
