import type { IncomingHttpHeaders } from 'node:http';
import type { ContractParameter, EndpointContract, JsonSchema } from '@client/core';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isJsonMedia } from './mock-answer.js';

/** One way a request breaks its endpoint's contract, in the shape Prism lists them. */
export interface Violation {
  location: string[];
  severity: 'Error';
  code: string;
  message: string;
}

/** What of a request is checked against the contract. */
export interface CheckedRequest {
  /** The path's parameters, by the names the endpoint's path gives them. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The outcome: the request's violations, and whether its body's media type was one the contract does not take. */
export interface CheckOutcome {
  violations: Violation[];
  unsupportedMediaType: string | null;
}

type Place = ContractParameter['in'];

// ajv-formats is CommonJS whose default export is the function itself.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** OpenAPI's own formats, which JSON Schema validators do not know: accepted as they come. */
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];

function newAjv(coerceTypes: boolean | 'array'): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes, logger: false, addUsedSchema: false });
  addFormats(ajv);
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

/** Parameters arrive as text: `?limit=5` must meet `type: integer`, and one `?tag=a` an array. */
const paramsAjv = newAjv('array');
const bodyAjv = newAjv(false);

const PLACE_WORDS: Record<Place, string> = { path: 'path', query: 'query', header: 'header' };

function describe(error: ErrorObject): string {
  const message = error.message ?? 'is not valid';
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
    return `${message}: ${error.params.allowedValues.map(String).join(', ')}`;
  }
  return message;
}

function pointerParts(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function paramViolations(place: Place, errors: ErrorObject[]): Violation[] {
  return errors.map((error) => {
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : null;
    const [name = missing ?? '', ...rest] = pointerParts(error.instancePath);
    const where = [name, ...rest].join('.');
    const message =
      missing !== null
        ? `Request ${PLACE_WORDS[place]} parameter ${missing} is required`
        : `Request ${PLACE_WORDS[place]} parameter ${where} ${describe(error)}`;
    return { location: [place, missing ?? name, ...rest], severity: 'Error', code: error.keyword, message };
  });
}

function bodyViolations(errors: ErrorObject[]): Violation[] {
  return errors.map((error) => {
    const parts = pointerParts(error.instancePath);
    const subject = parts.length === 0 ? 'Request body' : `Request body property ${parts.join('.')}`;
    return {
      location: ['body', ...parts],
      severity: 'Error',
      code: error.keyword,
      message: `${subject} ${describe(error)}`,
    };
  });
}

function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function mediaMatches(declared: string, actual: string): boolean {
  const wanted = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (wanted === '*/*' || wanted === actual) return true;
  return wanted.endsWith('/*') && actual.startsWith(wanted.slice(0, -1));
}

/**
 * An endpoint's contract compiled for checking requests: one validator for each place's parameters and one for
 * each JSON body schema, compiled once (lazily, on the first request that needs it). A schema no validator can
 * compile throws an `Error` naming it when it is first used.
 */
export class RequestChecker {
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(private readonly contract: EndpointContract) {}

  check(request: CheckedRequest): CheckOutcome {
    const violations: Violation[] = [];
    const values: Record<Place, Record<string, string | string[]>> = {
      path: request.params,
      query: {},
      header: {},
    };
    for (const key of new Set(request.query.keys())) {
      const all = request.query.getAll(key);
      values.query[key] = all.length === 1 ? (all[0] ?? '') : all;
    }
    for (const parameter of this.contract.parameters) {
      if (parameter.in !== 'header') continue;
      const value = request.headers[parameter.name.toLowerCase()];
      if (value !== undefined) values.header[parameter.name.toLowerCase()] = value;
    }
    for (const place of ['path', 'query', 'header'] as const) {
      const validate = this.validator(place, () => this.paramsSchema(place));
      // Coercion writes into what it checks: a copy keeps the request's own values as they came.
      const copy = { ...values[place] };
      if (validate !== null && !validate(copy)) violations.push(...paramViolations(place, validate.errors ?? []));
    }
    const unsupportedMediaType = this.checkBody(request, violations);
    return { violations, unsupportedMediaType };
  }

  private checkBody(request: CheckedRequest, violations: Violation[]): string | null {
    const declared = this.contract.requestBody;
    if (declared === undefined) return null;
    if (request.body.length === 0) {
      if (declared.required) {
        violations.push({
          location: ['body'],
          severity: 'Error',
          code: 'required',
          message: 'Body parameter is required',
        });
      }
      return null;
    }
    const mediaType = mediaTypeOf(request.headers);
    const media = declared.content.find((candidate) => mediaMatches(candidate.mediaType, mediaType));
    if (media === undefined) return declared.content.length === 0 ? null : mediaType || 'none';
    if (media.schema === undefined || !isJsonMedia(mediaType || media.mediaType)) return null;
    let value: unknown;
    try {
      value = JSON.parse(request.body.toString('utf8'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      violations.push({
        location: ['body'],
        severity: 'Error',
        code: 'type',
        message: `Request body is not JSON: ${reason}`,
      });
      return null;
    }
    const schema = media.schema;
    const validate = this.validator(`body ${media.mediaType}`, () => this.rooted(schema), bodyAjv);
    if (validate !== null && !validate(value)) violations.push(...bodyViolations(validate.errors ?? []));
    return null;
  }

  private paramsSchema(place: Place): JsonSchema | null {
    const parameters = this.contract.parameters.filter((parameter) => parameter.in === place);
    if (parameters.length === 0) return null;
    const name = (parameter: ContractParameter) => (place === 'header' ? parameter.name.toLowerCase() : parameter.name);
    return this.rooted({
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [name(parameter), parameter.schema ?? true])),
      required: parameters.filter((parameter) => parameter.required).map(name),
    });
  }

  /** The schema with the contract's `$defs` beside it, where its `#/$defs/<name>` references point. */
  private rooted(schema: JsonSchema): JsonSchema {
    return typeof schema === 'boolean'
      ? { allOf: [schema], $defs: this.contract.defs }
      : { ...schema, $defs: this.contract.defs };
  }

  private validator(key: string, schema: () => JsonSchema | null, ajv: Ajv2020 = paramsAjv): ValidateFunction | null {
    if (this.validators.has(key)) return this.validators.get(key) ?? null;
    const source = schema();
    let compiled: ValidateFunction | null = null;
    if (source !== null) {
      try {
        compiled = ajv.compile(source);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`the contract's ${key} schema cannot be compiled: ${reason}`);
      }
    }
    this.validators.set(key, compiled);
    return compiled;
  }
}
