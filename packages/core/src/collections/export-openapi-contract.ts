import type { EndpointContract, JsonSchema } from '../examples/contract.js';
import type { EndpointExample } from '../examples/example.js';
import { statusName } from '../examples/status-reason.js';
import { isEnabled } from '../request/enabled-rows.js';
import { refName } from './openapi-schema.js';
import { isRecord, type PlainRecord } from './plain-data.js';
import { responseKeyOfStatus } from './response-status.js';

const JSON_TYPE = /^application\/(.+\+)?json/i;
/** What OpenAPI allows as a component's name. */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;
/** Values, not schemas: a `$ref` in them is data. */
const VALUES = new Set(['enum', 'const', 'examples', 'default']);

/**
 * The `components.schemas` of an export: every contract's defs, under their own names where they agree, renamed
 * where two endpoints' defs of one name differ; each contract's `#/$defs/<name>` points at its component.
 */
export class ComponentSchemas {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly texts = new Map<string, string>();

  /** Adds a contract's defs; returns the function that writes its schemas with references to the components. */
  add(contract: EndpointContract): (schema: JsonSchema | undefined) => JsonSchema | undefined {
    const names = new Map<string, string>();
    for (const name of Object.keys(contract.defs)) names.set(name, this.freeName(name, contract.defs[name] ?? true));
    const rewrite = (schema: JsonSchema | undefined): JsonSchema | undefined =>
      schema === undefined ? undefined : (rewritten(schema, names) as JsonSchema);
    for (const [name, component] of names) {
      if (this.schemas[component] === undefined) this.schemas[component] = rewrite(contract.defs[name]) ?? true;
    }
    return rewrite;
  }

  private freeName(name: string, def: JsonSchema): string {
    const base = COMPONENT_NAME.test(name) ? name : name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'schema';
    const text = JSON.stringify(def);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      const taken = this.texts.get(candidate);
      if (taken === undefined) {
        this.texts.set(candidate, text);
        return candidate;
      }
      if (taken === text) return candidate;
    }
  }
}

function rewritten(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewritten(item, names));
  if (!isRecord(value)) return value;
  const copy: PlainRecord = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref') {
      const name = refName(item);
      const component = name === undefined ? undefined : names.get(name);
      copy[key] = component === undefined ? item : `#/components/schemas/${component}`;
    } else copy[key] = VALUES.has(key) ? item : rewritten(item, names);
  }
  return copy;
}

type Rewrite = ReturnType<ComponentSchemas['add']>;

/** The rewrite of an endpoint without a contract: it has no defs to point at. */
export const noDefs: Rewrite = (schema) => schema;

/** A schema written where OpenAPI needs one: a parameter or header says nothing of its values without one. */
const schemaOrAny = (schema: JsonSchema | undefined, rewrite: Rewrite): JsonSchema => rewrite(schema) ?? {};

export interface ExportedParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
  example?: unknown;
}

/**
 * The contract's parameters in its order, each with the example the endpoint's own value gives; then the
 * endpoint's parameters the contract does not name.
 */
export function contractParameters(
  derived: ExportedParameter[],
  contract: EndpointContract,
  rewrite: Rewrite,
): ExportedParameter[] {
  const own = new Map(derived.map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]));
  const described = contract.parameters.map((parameter) => {
    const key = `${parameter.in}:${parameter.name}`;
    const example = own.get(key)?.example;
    own.delete(key);
    return {
      name: parameter.name,
      in: parameter.in,
      ...(parameter.required ? { required: true } : {}),
      schema: schemaOrAny(parameter.schema, rewrite),
      ...(example === undefined ? {} : { example }),
    };
  });
  return [...described, ...own.values()];
}

/** The contract's request body, each media type with the endpoint's body as its example where the types agree. */
export function contractRequestBody(
  derived: PlainRecord | undefined,
  body: NonNullable<EndpointContract['requestBody']>,
  rewrite: Rewrite,
): PlainRecord {
  const derivedContent = isRecord(derived?.content) ? derived.content : {};
  const content: PlainRecord = {};
  for (const media of body.content) {
    const own = derivedContent[media.mediaType];
    content[media.mediaType] = {
      ...(media.schema === undefined ? {} : { schema: rewrite(media.schema) }),
      ...(isRecord(own) && Object.hasOwn(own, 'example') ? { example: own.example } : {}),
    };
  }
  for (const [mediaType, media] of Object.entries(derivedContent)) {
    if (!Object.hasOwn(content, mediaType)) content[mediaType] = media;
  }
  return { ...(body.required ? { required: true } : {}), content };
}

/** The media type an example answers with: its Content-Type, else JSON when its body is JSON, else text. */
function mediaTypeOf(example: EndpointExample): string {
  const declared = example.headers.find((header) => isEnabled(header) && header.key.toLowerCase() === 'content-type');
  if (declared !== undefined) return declared.value;
  try {
    JSON.parse(example.body);
    return 'application/json';
  } catch {
    return 'text/plain';
  }
}

/** An example body as OpenAPI's value: JSON parsed back where its media type is JSON, else its text. */
function exampleValue(example: EndpointExample, mediaType: string): unknown {
  if (!JSON_TYPE.test(mediaType)) return example.body;
  try {
    return JSON.parse(example.body);
  } catch {
    return example.body;
  }
}

/**
 * An operation's responses: the contract's, with their headers and schemas, and each example under its status's
 * response (the range or `default` it was read from, when that is where it came from) and its media type.
 * Undefined when there is neither.
 */
export function exportedResponses(
  contract: EndpointContract | undefined,
  examples: readonly EndpointExample[],
  rewrite: Rewrite,
): Record<string, PlainRecord> | undefined {
  const responses: Record<string, PlainRecord> = {};
  for (const response of contract?.responses ?? []) {
    responses[response.status] = {
      description: response.description ?? '',
      ...(response.headers.length === 0
        ? {}
        : {
            headers: Object.fromEntries(
              response.headers.map((header) => [
                header.name,
                { ...(header.required ? { required: true } : {}), schema: schemaOrAny(header.schema, rewrite) },
              ]),
            ),
          }),
      ...(response.content.length === 0
        ? {}
        : {
            content: Object.fromEntries(
              response.content.map((media) => [
                media.mediaType,
                media.schema === undefined ? {} : { schema: rewrite(media.schema) },
              ]),
            ),
          }),
    };
  }
  const keys = Object.keys(responses);
  for (const example of examples) {
    const key = responseKeyOfStatus(example.status, keys);
    const response = responses[key] ?? { description: statusName(example.status) };
    responses[key] = response;
    const content = (response.content ?? {}) as Record<string, PlainRecord>;
    response.content = content;
    const mediaType = mediaTypeOf(example);
    const media = content[mediaType] ?? {};
    content[mediaType] = media;
    const named = (media.examples ?? {}) as PlainRecord;
    media.examples = named;
    named[example.name] = { value: exampleValue(example, mediaType) };
  }
  return Object.keys(responses).length === 0 ? undefined : responses;
}
