import { AppError } from '../errors.js';
import { invalid, readRecord } from '../field-readers.js';

/**
 * A JSON Schema (draft 2020-12). Imports turn OpenAPI 3.0's dialect into it (`nullable`, boolean
 * `exclusiveMinimum`…) and point every `$ref` at `#/$defs/<name>` of the contract's `defs`.
 */
export type JsonSchema = Record<string, unknown> | boolean;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema?: JsonSchema;
}

/** One media type of a request or response body. */
export interface ContractMedia {
  mediaType: string;
  schema?: JsonSchema;
}

export interface ContractResponse {
  /** `200`, a range like `4XX`, or `default`, as OpenAPI writes it. */
  status: string;
  description?: string;
  headers: { name: string; required: boolean; schema?: JsonSchema }[];
  content: ContractMedia[];
}

/**
 * What an API description (an imported OpenAPI operation) says an endpoint accepts and answers: a mock validates
 * requests against it and builds answers from it. It stands alone: every schema it refers to is in `defs`.
 */
export interface EndpointContract {
  parameters: ContractParameter[];
  requestBody?: { required: boolean; content: ContractMedia[] };
  responses: ContractResponse[];
  /** The named schemas that `{"$ref": "#/$defs/<name>"}` in the schemas above refer to. */
  defs: Record<string, JsonSchema>;
}

/** A contract larger than this as JSON is a whole API, not one operation's; kept off so reads stay quick. */
export const MAX_CONTRACT_BYTES = 1024 * 1024;

const PARAMETER_PLACES = ['path', 'query', 'header'] as const;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

function readSchema(value: unknown, label: string): JsonSchema | undefined {
  if (value === undefined) return undefined;
  if (!isSchema(value)) throw invalid(`${label} must be a JSON Schema (an object or true/false)`);
  return value;
}

function readMedia(value: unknown, label: string): ContractMedia[] {
  if (!Array.isArray(value)) throw invalid(`${label} must be an array of {mediaType, schema}`);
  return value.map((item, index) => {
    const media = readRecord(item, `${label}[${index}]`);
    if (typeof media.mediaType !== 'string' || media.mediaType === '') {
      throw invalid(`${label}[${index}].mediaType must be a media type like application/json`);
    }
    const schema = readSchema(media.schema, `${label}[${index}].schema`);
    return schema === undefined ? { mediaType: media.mediaType } : { mediaType: media.mediaType, schema };
  });
}

/**
 * A contract as it arrives (an import's plan, a backup, the window), checked for its shape; the schemas in it
 * are taken as written (a schema that no validator can compile is reported when a mock uses it).
 */
export function readContract(value: unknown, label: string): EndpointContract {
  const size = JSON.stringify(value)?.length ?? 0;
  if (size > MAX_CONTRACT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${label} is ${size} bytes as JSON; keep it under ${MAX_CONTRACT_BYTES}`);
  }
  const record = readRecord(value, label);
  const parameters = Array.isArray(record.parameters) ? record.parameters : [];
  const contract: EndpointContract = {
    parameters: parameters.map((item, index) => {
      const parameter = readRecord(item, `${label}.parameters[${index}]`);
      const place = PARAMETER_PLACES.find((candidate) => candidate === parameter.in);
      if (typeof parameter.name !== 'string' || place === undefined) {
        throw invalid(`${label}.parameters[${index}] needs a name and "in" of path, query or header`);
      }
      const schema = readSchema(parameter.schema, `${label}.parameters[${index}].schema`);
      return {
        name: parameter.name,
        in: place,
        required: parameter.required === true || place === 'path',
        ...(schema === undefined ? {} : { schema }),
      };
    }),
    responses: (Array.isArray(record.responses) ? record.responses : []).map((item, index) => {
      const response = readRecord(item, `${label}.responses[${index}]`);
      const status = String(response.status ?? '');
      if (!/^([1-5](\d\d|XX)|default)$/i.test(status)) {
        throw invalid(`${label}.responses[${index}].status "${status}" must be a status like 200, 4XX or default`);
      }
      const headers = Array.isArray(response.headers) ? response.headers : [];
      return {
        status: status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase(),
        ...(typeof response.description === 'string' ? { description: response.description } : {}),
        headers: headers.map((header, headerIndex) => {
          const row = readRecord(header, `${label}.responses[${index}].headers[${headerIndex}]`);
          const schema = readSchema(row.schema, `${label}.responses[${index}].headers[${headerIndex}].schema`);
          return {
            name: String(row.name ?? ''),
            required: row.required === true,
            ...(schema === undefined ? {} : { schema }),
          };
        }),
        content: readMedia(response.content ?? [], `${label}.responses[${index}].content`),
      };
    }),
    defs: {},
  };
  if (record.requestBody !== undefined) {
    const body = readRecord(record.requestBody, `${label}.requestBody`);
    contract.requestBody = {
      required: body.required === true,
      content: readMedia(body.content ?? [], `${label}.requestBody.content`),
    };
  }
  const defs = record.defs === undefined ? {} : readRecord(record.defs, `${label}.defs`);
  for (const [name, schema] of Object.entries(defs)) {
    contract.defs[name] = readSchema(schema, `${label}.defs.${name}`) ?? true;
  }
  return contract;
}
