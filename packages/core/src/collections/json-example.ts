import { placeholderPattern } from '../request/template.js';

/** Whether `offset` in `text` lies inside a JSON string literal (after an odd number of unescaped quotes). */
function insideString(text: string, offset: number): boolean {
  let inside = false;
  for (let index = 0; index < offset; index++) {
    const character = text[index];
    if (character === '\\' && inside) index++;
    else if (character === '"') inside = !inside;
  }
  return inside;
}

function isJsonScalar(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value === null || ['number', 'boolean', 'string'].includes(typeof value);
  } catch {
    return false;
  }
}

/**
 * A JSON body as an example value: each `{{name}}` replaced by the variable's value (`values`), or by `<name>`
 * when the project has none, so that a body written with placeholders is still JSON. Inside a string the value
 * is written as string text; in a value's place it stands as itself when it is a JSON scalar (`42`, `true`),
 * else as a string. Undefined when the text is no JSON even so.
 */
export function jsonExample(text: string, values: ReadonlyMap<string, string>): unknown {
  const filled = text.replace(placeholderPattern(), (_typed: string, name: string, offset: number) => {
    const value = values.get(name) ?? `<${name}>`;
    if (insideString(text, offset)) return JSON.stringify(value).slice(1, -1);
    return isJsonScalar(value) ? value : JSON.stringify(value);
  });
  try {
    return JSON.parse(filled);
  } catch {
    return undefined;
  }
}

/** The JSON Schema an example value has: its types, an object's properties (all required), an array's items. */
export function schemaOfExample(value: unknown): Record<string, unknown> {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) {
    const items = value.map(schemaOfExample);
    const [first] = items;
    const alike = first !== undefined && items.every((item) => JSON.stringify(item) === JSON.stringify(first));
    return { type: 'array', ...(alike ? { items: first } : {}) };
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map(([key, item]) => [key, schemaOfExample(item)])),
      ...(entries.length > 0 ? { required: entries.map(([key]) => key) } : {}),
    };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  return { type: typeof value };
}
