import type {
  ContractMedia,
  ContractParameter,
  ContractResponse,
  EndpointContract,
  JsonSchema,
} from '../examples/contract.js';
import { MAX_CONTRACT_BYTES } from '../examples/contract.js';
import { type SchemaConverter, SchemaTooLarge } from './openapi-schema.js';
import { entriesOf, field, isRecord, listOf, type PlainRecord, recordOf, textOf } from './plain-data.js';

/** A Swagger 2.0 parameter, header or items object writes its schema's keywords on itself. */
const SWAGGER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];
const PLACES = new Set(['path', 'query', 'header']);
const STATUS_KEY = /^([1-5](\d\d|XX)|default)$/i;

/** What the contract of one operation is read from. */
export interface OperationSource {
  swagger: boolean;
  document: PlainRecord;
  operation: PlainRecord;
  /** Path-level and operation parameters, the operation's winning. */
  parameters: PlainRecord[];
}

function swaggerSchema(value: unknown): PlainRecord {
  const schema: PlainRecord = {};
  for (const key of SWAGGER_SCHEMA_KEYS) {
    const keyword = field(value, key);
    if (keyword === undefined) continue;
    schema[key] = key === 'items' && isRecord(keyword) ? swaggerSchema(keyword) : keyword;
  }
  return schema;
}

/** The schema of a parameter or header: its `schema`, the first of its `content`'s, or (Swagger) its own keywords. */
function schemaOfParameter(value: unknown, swagger: boolean): unknown {
  if (swagger) return swaggerSchema(value);
  if (field(value, 'schema') !== undefined) return field(value, 'schema');
  return field(entriesOf(field(value, 'content'))[0]?.[1], 'schema');
}

function withSchema<T extends object>(row: T, schema: JsonSchema | undefined): T & { schema?: JsonSchema } {
  return schema === undefined ? row : { ...row, schema };
}

class ContractReader {
  readonly roots: JsonSchema[] = [];

  constructor(
    private readonly converter: SchemaConverter,
    private readonly source: OperationSource,
  ) {}

  /** A schema that allows anything (`{}`, `true`) says nothing: the contract leaves it out, as if none were written. */
  schema(value: unknown): JsonSchema | undefined {
    if (value === undefined) return undefined;
    const schema = this.converter.convert(value);
    if (schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return undefined;
    this.roots.push(schema);
    return schema;
  }

  media(content: unknown): ContractMedia[] {
    return entriesOf(content).map(([mediaType, media]) =>
      withSchema({ mediaType }, this.schema(field(media, 'schema'))),
    );
  }

  /** Swagger's `consumes`/`produces`: the operation's, else the document's, else JSON. */
  mediaTypes(key: 'consumes' | 'produces'): string[] {
    const types = listOf(this.source.operation[key] ?? this.source.document[key]).flatMap((type) => {
      const text = textOf(type);
      return text === undefined ? [] : [text];
    });
    return types.length > 0 ? types : ['application/json'];
  }

  parameters(): ContractParameter[] {
    const { swagger } = this.source;
    return this.source.parameters.flatMap((parameter) => {
      const name = textOf(parameter.name);
      const place = textOf(parameter.in);
      if (name === undefined || place === undefined || !PLACES.has(place)) return [];
      const row = {
        name,
        in: place as ContractParameter['in'],
        required: parameter.required === true || place === 'path',
      };
      return [withSchema(row, this.schema(schemaOfParameter(parameter, swagger)))];
    });
  }

  requestBody(): EndpointContract['requestBody'] {
    if (!this.source.swagger) {
      const body = field(this.source.operation, 'requestBody');
      if (!isRecord(body)) return undefined;
      return { required: body.required === true, content: this.media(body.content) };
    }
    const body = this.source.parameters.find((parameter) => parameter.in === 'body');
    if (body !== undefined) {
      const schema = this.schema(body.schema);
      const content = this.mediaTypes('consumes').map((mediaType) => withSchema({ mediaType }, schema));
      return { required: body.required === true, content };
    }
    const form = this.source.parameters.filter((parameter) => parameter.in === 'formData');
    if (form.length === 0) return undefined;
    const multipart =
      form.some((parameter) => parameter.type === 'file') ||
      this.mediaTypes('consumes').some((type) => type.startsWith('multipart/'));
    const required = form.filter((parameter) => parameter.required === true).map((parameter) => String(parameter.name));
    const schema = this.schema({
      type: 'object',
      properties: Object.fromEntries(form.map((parameter) => [String(parameter.name), swaggerSchema(parameter)])),
      ...(required.length > 0 ? { required } : {}),
    });
    const mediaType = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
    return { required: required.length > 0, content: [withSchema({ mediaType }, schema)] };
  }

  responses(): ContractResponse[] {
    const { swagger } = this.source;
    return entriesOf(field(this.source.operation, 'responses')).flatMap(([status, response]) => {
      if (!STATUS_KEY.test(status) || !isRecord(response)) return [];
      const description = textOf(response.description);
      const headers = entriesOf(response.headers).map(([name, header]) =>
        withSchema(
          { name, required: field(header, 'required') === true },
          this.schema(schemaOfParameter(header, swagger)),
        ),
      );
      const content = swagger
        ? response.schema === undefined
          ? []
          : this.mediaTypesWithSchema(this.schema(response.schema))
        : this.media(response.content);
      return [
        {
          status: status.toLowerCase() === 'default' ? 'default' : status.toUpperCase(),
          ...(description === undefined ? {} : { description }),
          headers,
          content,
        },
      ];
    });
  }

  private mediaTypesWithSchema(schema: JsonSchema | undefined): ContractMedia[] {
    return this.mediaTypes('produces').map((mediaType) => withSchema({ mediaType }, schema));
  }
}

/**
 * What an operation says it accepts and answers, its schemas in JSON Schema 2020-12 with the named ones they use
 * in `defs`. A string when it is left off: the reason, for the import's warning.
 */
export function operationContract(converter: SchemaConverter, source: OperationSource): EndpointContract | string {
  const reader = new ContractReader(converter, source);
  try {
    const requestBody = reader.requestBody();
    const contract: EndpointContract = {
      parameters: reader.parameters(),
      ...(requestBody === undefined ? {} : { requestBody }),
      responses: reader.responses(),
      defs: {},
    };
    const defs = converter.defsOf(reader.roots);
    // Measured before the defs go in: each def's length is known once per document, and contracts share them.
    const names = Object.keys(defs);
    const size =
      JSON.stringify(contract).length +
      names.reduce((sum, name) => sum + converter.defLength(name), 0) +
      Math.max(0, names.length - 1);
    contract.defs = defs;
    if (size > MAX_CONTRACT_BYTES) return `its schemas come to ${size} bytes as JSON, over ${MAX_CONTRACT_BYTES}`;
    return contract;
  } catch (error) {
    if (error instanceof SchemaTooLarge) return 'its schemas unfold into more than 50,000 schema objects';
    throw error;
  }
}

/** The document's named schemas: OpenAPI 3's `components.schemas`, Swagger's `definitions`. */
export function namedSchemas(document: PlainRecord, swagger: boolean): Record<string, unknown> {
  return recordOf(swagger ? document.definitions : field(document.components, 'schemas'));
}
