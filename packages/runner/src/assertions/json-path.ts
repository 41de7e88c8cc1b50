import { JSONPath } from 'jsonpath-plus';

export type PathMatch = { found: true; value: unknown } | { found: false; reason: string };

/**
 * The value a JSONPath finds in a parsed body: the one value it matches, or an array of them when it matches
 * several. Filter expressions (`?(@.price < 10)`) run in jsonpath-plus's own evaluator, never as JavaScript, so a
 * path from an imported file or an agent cannot run code.
 */
export function queryJsonPath(root: unknown, path: string): PathMatch {
  if (path === '$') return { found: true, value: root };
  if (root === null || typeof root !== 'object') return { found: false, reason: `nothing found for ${path}` };
  let values: unknown[];
  try {
    values = JSONPath({ path, json: root, wrap: true, eval: 'safe' }) as unknown[];
  } catch (error) {
    return { found: false, reason: `the JSONPath ${path} cannot be read: ${(error as Error).message}` };
  }
  if (!Array.isArray(values) || values.length === 0) return { found: false, reason: `nothing found for ${path}` };
  return { found: true, value: values.length === 1 ? values[0] : values };
}
