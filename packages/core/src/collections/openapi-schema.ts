import type { JsonSchema } from '../examples/contract.js';
import { entriesOf, isRecord, listOf, type PlainRecord } from './plain-data.js';

/** Keywords whose value is one schema. */
const ONE_SCHEMA = new Set([
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/**
 * OpenAPI's own keywords that are no JSON Schema (a validator in strict mode refuses them), and `$id`/`$schema`,
 * which would move where `#/$defs/…` resolves.
 */
const DROPPED = new Set([
  'nullable',
  'x-nullable',
  'discriminator',
  'xml',
  'externalDocs',
  '$id',
  '$schema',
  'example',
]);

/** A schema graph bigger than this (in schema objects) is a whole API unfolded, not one operation's. */
const MAX_NODES = 50_000;

/** Thrown when a schema unfolds past `MAX_NODES`; the contract that needs it is left off. */
export class SchemaTooLarge extends Error {}

const pointerName = (name: string): string => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));

export const refTo = (name: string): { $ref: string } => ({ $ref: `#/$defs/${pointerName(name)}` });

/** The def a `#/$defs/<name>` reference names, or undefined for any other reference. */
export function refName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return undefined;
  try {
    return decodeURIComponent(ref.slice('#/$defs/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined;
  }
}

function addNull(schema: PlainRecord, converted: PlainRecord): JsonSchema {
  const type = converted.type;
  if (typeof type === 'string') converted.type = type === 'null' ? type : [type, 'null'];
  else if (Array.isArray(type) && !type.includes('null')) converted.type = [...type, 'null'];
  else if (type === undefined && ['allOf', 'anyOf', 'oneOf', '$ref'].some((key) => Object.hasOwn(schema, key))) {
    return { anyOf: [converted, { type: 'null' }] };
  }
  if (Array.isArray(converted.enum) && !converted.enum.includes(null)) converted.enum = [...converted.enum, null];
  return converted;
}

/** OpenAPI 3.0's boolean `exclusiveMinimum: true` beside `minimum: n` is 2020-12's `exclusiveMinimum: n`. */
function exclusiveBound(converted: PlainRecord, exclusive: string, bound: string): void {
  const flag = converted[exclusive];
  if (typeof flag !== 'boolean') return;
  if (flag && typeof converted[bound] === 'number') {
    converted[exclusive] = converted[bound];
    delete converted[bound];
  } else delete converted[exclusive];
}

/**
 * Turns the schemas of one OpenAPI (3.0, 3.1) or Swagger 2.0 document into self-contained JSON Schema 2020-12.
 * The document's named schemas (`components.schemas`, Swagger's `definitions`) become defs referred to as
 * `#/$defs/<name>`; they are found by object identity in a dereferenced document and by `$ref` in one that is not.
 * A cycle through unnamed schemas gets a def of its own, so every cycle ends at a reference. Each def is
 * converted once per document and shared by every contract that needs it.
 */
export class SchemaConverter {
  private readonly names = new Map<object, string>();
  private readonly named = new Map<string, unknown>();
  private readonly defs = new Map<string, JsonSchema | SchemaTooLarge>();
  private readonly anonymous = new Map<object, string>();
  private readonly converting = new Set<object>();
  private readonly refsOfDef = new Map<string, string[]>();
  private readonly lengths = new Map<string, number>();
  private nodes = 0;
  private cycles = 0;

  constructor(named: Record<string, unknown>) {
    for (const [name, schema] of Object.entries(named)) {
      this.named.set(name, schema);
      if (isRecord(schema) && !this.names.has(schema)) this.names.set(schema, name);
    }
  }

  /** One schema of an operation (a parameter's, a body's); throws `SchemaTooLarge`. */
  convert(schema: unknown): JsonSchema {
    this.nodes = 0;
    return this.node(schema);
  }

  /** The defs the given schemas refer to, and the ones those refer to, by name; throws `SchemaTooLarge`. */
  defsOf(schemas: readonly JsonSchema[]): Record<string, JsonSchema> {
    const found: Record<string, JsonSchema> = {};
    const queue = schemas.flatMap((schema) => refsIn(schema));
    while (queue.length > 0) {
      const name = queue.pop() as string;
      if (Object.hasOwn(found, name)) continue;
      const def = this.def(name);
      found[name] = def;
      let refs = this.refsOfDef.get(name);
      if (refs === undefined) {
        refs = refsIn(def);
        this.refsOfDef.set(name, refs);
      }
      queue.push(...refs);
    }
    return found;
  }

  /** How long `"name":<def>` is in JSON, measured once per document. */
  defLength(name: string): number {
    let length = this.lengths.get(name);
    if (length === undefined) {
      length = JSON.stringify(name).length + 1 + JSON.stringify(this.def(name)).length;
      this.lengths.set(name, length);
    }
    return length;
  }

  private def(name: string): JsonSchema {
    let def = this.defs.get(name);
    if (def === undefined) {
      // A reference met while the def itself is converted resolves once it is done.
      this.defs.set(name, true);
      const outer = this.nodes;
      this.nodes = 0;
      try {
        def = this.node(this.named.get(name), true);
      } catch (error) {
        if (!(error instanceof SchemaTooLarge)) throw error;
        def = error;
      }
      this.nodes = outer;
      this.defs.set(name, def);
    }
    if (def instanceof SchemaTooLarge) throw def;
    return def;
  }

  private node(schema: unknown, top = false): JsonSchema {
    if (typeof schema === 'boolean') return schema;
    if (!isRecord(schema)) return true;
    const name = top ? undefined : this.nameOf(schema);
    if (name !== undefined) {
      if (!this.defs.has(name)) this.def(name);
      return refTo(name);
    }
    const cyclic = this.anonymous.get(schema);
    if (cyclic !== undefined && this.defs.has(cyclic)) return refTo(cyclic);
    if (this.converting.has(schema)) {
      const anonymous = cyclic ?? this.anonymousName();
      this.anonymous.set(schema, anonymous);
      return refTo(anonymous);
    }
    this.nodes += 1;
    if (this.nodes > MAX_NODES) throw new SchemaTooLarge('schema too large');
    this.converting.add(schema);
    let converted: JsonSchema;
    try {
      converted = this.keywords(schema);
    } finally {
      this.converting.delete(schema);
    }
    const anonymous = this.anonymous.get(schema);
    if (anonymous === undefined || top) return converted;
    this.defs.set(anonymous, converted);
    return refTo(anonymous);
  }

  private nameOf(schema: PlainRecord): string | undefined {
    const own = this.names.get(schema);
    if (own !== undefined) return own;
    const ref = schema.$ref;
    if (typeof ref !== 'string') return undefined;
    const match = /^#\/(?:components\/schemas|definitions)\/([^/]+)$/.exec(ref);
    if (match?.[1] === undefined) return undefined;
    const name = decodeURIComponent(match[1]).replace(/~1/g, '/').replace(/~0/g, '~');
    return this.named.has(name) ? name : undefined;
  }

  private anonymousName(): string {
    let name: string;
    do name = `cycle-${++this.cycles}`;
    while (this.named.has(name));
    return name;
  }

  private keywords(schema: PlainRecord): JsonSchema {
    const converted: PlainRecord = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === '$ref') continue;
      if (ONE_SCHEMA.has(key)) converted[key] = typeof value === 'boolean' ? value : this.node(value);
      else if (SCHEMA_LIST.has(key)) converted[key] = listOf(value).map((item) => this.node(item));
      else if (SCHEMA_MAP.has(key)) {
        converted[key === 'definitions' ? '$defs' : key] = Object.fromEntries(
          entriesOf(value).map(([name, item]) => [name, this.node(item)]),
        );
      } else if (key === 'items') {
        // OpenAPI 3.0 and Swagger have no tuples; a list under `items` is 2020-12's `prefixItems`.
        if (Array.isArray(value)) converted.prefixItems = value.map((item) => this.node(item));
        else converted.items = this.node(value);
      } else converted[key] = value;
    }
    if (schema.type === 'file') {
      converted.type = 'string';
      converted.format = 'binary';
    }
    if (Object.hasOwn(schema, 'example') && !Object.hasOwn(schema, 'examples')) converted.examples = [schema.example];
    else if (Object.hasOwn(converted, 'examples') && !Array.isArray(converted.examples)) delete converted.examples;
    exclusiveBound(converted, 'exclusiveMinimum', 'minimum');
    exclusiveBound(converted, 'exclusiveMaximum', 'maximum');
    const nullable = schema.nullable === true || schema['x-nullable'] === true;
    return nullable ? addNull(schema, converted) : converted;
  }
}

/** The names of the defs a converted schema refers to. */
export function refsIn(schema: unknown): string[] {
  const names: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref') {
          const name = refName(item);
          if (name !== undefined) names.push(name);
        } else if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'default') walk(item);
      }
    }
  };
  walk(schema);
  return names;
}
