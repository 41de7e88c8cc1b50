import { entriesOf, field, isRecord, listOf, textOf } from './plain-data.js';

/** Deep schemas (and cycles a dereferenced document may hold) stop here. */
const MAX_DEPTH = 8;
/**
 * What one example may cost. A dereferenced document shares each `$ref`'s schema wherever it is named, so a few
 * kilobytes of schemas that each name the next several times over unfold into millions of values: the example
 * stops growing at these many schemas visited, or once its values add up to these many bytes of JSON.
 */
export const MAX_EXAMPLE_NODES = 2_000;
export const MAX_EXAMPLE_BYTES = 256 * 1024;

interface Budget {
  nodes: number;
  bytes: number;
}

/** `value`, its JSON's length taken from the budget. */
function charged(budget: Budget, value: unknown): unknown {
  budget.bytes -= JSON.stringify(value)?.length ?? 0;
  return value;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  email: 'user@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
};

function typeOf(schema: unknown): string | undefined {
  const type = field(schema, 'type');
  if (typeof type === 'string') return type;
  // OpenAPI 3.1 writes `type: [string, "null"]`.
  return listOf(type).find((entry): entry is string => typeof entry === 'string' && entry !== 'null');
}

function merged(parts: unknown[], depth: number, seen: Set<unknown>, budget: Budget): unknown {
  const values = parts.map((part) => exampleFrom(part, depth, seen, budget));
  if (values.every((value) => isRecord(value))) return Object.assign({}, ...values);
  return values.find((value) => value !== undefined);
}

function exampleFrom(schema: unknown, depth: number, seen: Set<unknown>, budget: Budget): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH || seen.has(schema)) return undefined;
  if (budget.nodes <= 0 || budget.bytes <= 0) return undefined;
  budget.nodes -= 1;
  seen.add(schema);
  try {
    if (Object.hasOwn(schema, 'example')) return charged(budget, schema.example);
    const examples = listOf(schema.examples);
    if (examples.length > 0) return charged(budget, examples[0]);
    if (Object.hasOwn(schema, 'default')) return charged(budget, schema.default);
    if (Object.hasOwn(schema, 'const')) return charged(budget, schema.const);
    const choices = listOf(schema.enum);
    if (choices.length > 0) return charged(budget, choices[0]);
    const allOf = listOf(schema.allOf);
    if (allOf.length > 0) return merged(allOf, depth + 1, seen, budget);
    const oneOf = listOf(schema.oneOf ?? schema.anyOf);
    if (oneOf.length > 0) return exampleFrom(oneOf[0], depth + 1, seen, budget);
    switch (typeOf(schema)) {
      case 'array': {
        const item = exampleFrom(schema.items, depth + 1, seen, budget);
        return item === undefined ? [] : [item];
      }
      case 'string':
        return charged(budget, STRING_FORMATS[textOf(schema.format) ?? ''] ?? 'string');
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 0;
      case 'boolean':
        return true;
      case 'null':
        return null;
      default: {
        const properties = entriesOf(schema.properties);
        if (properties.length === 0 && typeOf(schema) !== 'object') return undefined;
        const value: Record<string, unknown> = {};
        for (const [name, property] of properties) {
          const example = exampleFrom(property, depth + 1, seen, budget);
          if (example !== undefined) value[name] = example;
        }
        return value;
      }
    }
  } finally {
    seen.delete(schema);
  }
}

/**
 * A value that fits a JSON Schema (OpenAPI's dialects included): its own example, default, enum or const where
 * it has one, else one built from its type and properties, as far as `MAX_EXAMPLE_NODES` and `MAX_EXAMPLE_BYTES`
 * allow. Undefined when the schema says nothing usable.
 */
export function schemaExample(schema: unknown): unknown {
  return exampleFrom(schema, 0, new Set(), { nodes: MAX_EXAMPLE_NODES, bytes: MAX_EXAMPLE_BYTES });
}
