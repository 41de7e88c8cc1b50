import { describeType, invalid, readList, readRecord, readString, refuseUnknown } from '../field-readers.js';
import type { EndpointAuth, EndpointBody, GraphqlBody, KeyValue, MultipartPart, QueryParam } from '../model.js';

/*
 * Readers for the fields the files share (rows, auth, body). Each failure is a VALIDATION AppError whose message
 * starts with the field's path (`headers[2].value`), which is how the file's problem finds its line.
 */

/** A body, a script or a description: large, but not a download. */
export const MAX_FILE_TEXT = 16 * 1024 * 1024;
const MAX_FIELD = 64 * 1024;

/**
 * A text field. A person or an agent writing `value: 8080` or `value:` means the text `8080` or nothing, so plain
 * numbers, true/false and an empty field are taken as the text they show.
 */
export function readText(value: unknown, label: string, max = MAX_FIELD): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return readString(value, label, max);
}

export function readOptionalText(value: unknown, label: string, max = MAX_FIELD): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = readText(value, label, max);
  return text === '' ? undefined : text;
}

/** `enabled: false` switches a row off; absent or true is on, and on is kept as absent (the model's rule). */
export function readEnabled(value: unknown, label: string): { enabled?: false } {
  if (value === undefined || value === null || value === true) return {};
  if (value === false) return { enabled: false };
  throw invalid(`${label} must be true or false, not ${describeType(value)}`);
}

export function readRows(value: unknown, label: string): KeyValue[] {
  if (value === undefined || value === null) return [];
  return readList(value, label).map((item, index) => {
    const where = `${label}[${index}]`;
    const row = readRecord(item, where);
    refuseUnknown(row, ['key', 'value', 'enabled'], where);
    return {
      key: readText(row.key, `${where}.key`),
      value: readText(row.value, `${where}.value`, MAX_FILE_TEXT),
      ...readEnabled(row.enabled, `${where}.enabled`),
    };
  });
}

export function readQuery(value: unknown, label: string): QueryParam[] {
  if (value === undefined || value === null) return [];
  return readList(value, label).map((item, index) => {
    const where = `${label}[${index}]`;
    const row = readRecord(item, where);
    refuseUnknown(row, ['key', 'value', 'equals', 'enabled'], where);
    const param: QueryParam = {
      key: readText(row.key, `${where}.key`),
      value: readText(row.value, `${where}.value`),
      ...readEnabled(row.enabled, `${where}.enabled`),
    };
    if (row.equals === true) param.equals = true;
    else if (row.equals !== undefined && row.equals !== false && row.equals !== null) {
      throw invalid(`${where}.equals must be true or false, not ${describeType(row.equals)}`);
    }
    return param;
  });
}

/** Rows as the files write them: `enabled` only when off, `equals` only when set. */
export function rowsOf(rows: readonly QueryParam[]): Record<string, unknown>[] {
  return rows.map((row) => ({
    key: row.key,
    value: row.value,
    ...(row.equals === true ? { equals: true } : {}),
    ...(row.enabled === false ? { enabled: false } : {}),
  }));
}

function oneOf<T extends string>(value: unknown, known: readonly T[], label: string): T {
  const found = known.find((candidate) => candidate === value);
  if (found === undefined) {
    throw invalid(`${label} ${JSON.stringify(value) ?? 'undefined'} is unknown; use one of ${known.join(', ')}`);
  }
  return found;
}

const AUTH_FIELDS: Record<EndpointAuth['type'], readonly string[]> = {
  none: [],
  inherit: [],
  basic: ['username', 'password'],
  digest: ['username', 'password'],
  bearer: ['token'],
  apiKey: ['key', 'value', 'in'],
  oauth2: ['grant', 'authorizationUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scope'],
  awsSigV4: ['accessKeyId', 'secretAccessKey', 'sessionToken', 'region', 'service'],
};
const AUTH_TYPES = Object.keys(AUTH_FIELDS) as EndpointAuth['type'][];

/** An auth block: `type` and that kind's fields, a missing one read as empty. */
export function readAuth(value: unknown, label: string): EndpointAuth {
  if (typeof value === 'string') return readAuth({ type: value }, label);
  const auth = readRecord(value, label);
  const type = oneOf(auth.type, AUTH_TYPES, `${label}.type`);
  refuseUnknown(auth, ['type', ...AUTH_FIELDS[type]], label);
  const text = (field: string) => readText(auth[field], `${label}.${field}`);
  switch (type) {
    case 'none':
    case 'inherit':
      return { type };
    case 'basic':
    case 'digest':
      return { type, username: text('username'), password: text('password') };
    case 'bearer':
      return { type, token: text('token') };
    case 'apiKey':
      return {
        type,
        key: text('key'),
        value: text('value'),
        in: auth.in === undefined ? 'header' : oneOf(auth.in, ['header', 'query'] as const, `${label}.in`),
      };
    case 'oauth2':
      return readOAuth2(auth, label, text);
    case 'awsSigV4':
      return {
        type,
        accessKeyId: text('accessKeyId'),
        secretAccessKey: text('secretAccessKey'),
        sessionToken: text('sessionToken'),
        region: text('region'),
        service: text('service'),
      };
  }
}

function readOAuth2(auth: Record<string, unknown>, label: string, text: (field: string) => string): EndpointAuth {
  const common = { tokenUrl: text('tokenUrl'), clientId: text('clientId'), clientSecret: text('clientSecret') };
  const grant =
    auth.grant === undefined
      ? undefined
      : oneOf(auth.grant, ['clientCredentials', 'authorizationCode'] as const, `${label}.grant`);
  if (grant === 'authorizationCode') {
    const authorizationUrl = text('authorizationUrl');
    return { type: 'oauth2', grant, authorizationUrl, ...common, scope: text('scope') };
  }
  if (auth.authorizationUrl !== undefined) {
    throw invalid(`${label}.authorizationUrl belongs to grant authorizationCode; set grant or remove it`);
  }
  return { type: 'oauth2', ...(grant ? { grant } : {}), ...common, scope: text('scope') };
}

const BODY_FIELDS: Record<EndpointBody['mode'], readonly string[]> = {
  none: [],
  json: ['text'],
  text: ['text'],
  urlencoded: ['fields'],
  multipart: ['parts'],
  file: ['path'],
  graphql: ['query', 'variables', 'operationName'],
};
const BODY_MODES = Object.keys(BODY_FIELDS) as EndpointBody['mode'][];

export function readBody(value: unknown, label: string): EndpointBody {
  if (value === undefined || value === null) return { mode: 'none' };
  const body = readRecord(value, label);
  const mode = oneOf(body.mode, BODY_MODES, `${label}.mode`);
  refuseUnknown(body, ['mode', ...BODY_FIELDS[mode]], label);
  switch (mode) {
    case 'none':
      return { mode };
    case 'json':
    case 'text':
      return { mode, text: readText(body.text, `${label}.text`, MAX_FILE_TEXT) };
    case 'urlencoded':
      return { mode, fields: readRows(body.fields, `${label}.fields`) };
    case 'multipart':
      return { mode, parts: readParts(body.parts, `${label}.parts`) };
    case 'file':
      return { mode, path: readText(body.path, `${label}.path`) };
    case 'graphql':
      return readGraphql(body, label);
  }
}

/** Variables may be left out of the file when there are none; an operation name only when there is one. */
function readGraphql(body: Record<string, unknown>, label: string): GraphqlBody {
  const graphql: GraphqlBody = {
    mode: 'graphql',
    query: readText(body.query, `${label}.query`, MAX_FILE_TEXT),
    variables: body.variables === undefined ? '' : readText(body.variables, `${label}.variables`, MAX_FILE_TEXT),
  };
  if (body.operationName !== undefined) graphql.operationName = readText(body.operationName, `${label}.operationName`);
  return graphql;
}

function readParts(value: unknown, label: string): MultipartPart[] {
  if (value === undefined || value === null) return [];
  return readList(value, label).map((item, index) => {
    const where = `${label}[${index}]`;
    const row = readRecord(item, where);
    refuseUnknown(row, ['name', 'value', 'file', 'contentType', 'enabled'], where);
    const part: MultipartPart = { name: readText(row.name, `${where}.name`) };
    if (row.value !== undefined) part.value = readText(row.value, `${where}.value`, MAX_FILE_TEXT);
    if (row.file !== undefined) part.file = readText(row.file, `${where}.file`);
    if (row.contentType !== undefined) part.contentType = readText(row.contentType, `${where}.contentType`);
    return { ...part, ...readEnabled(row.enabled, `${where}.enabled`) };
  });
}

/** A body as the file writes it: its mode first, then that mode's one field. */
export function bodyOf(body: EndpointBody): Record<string, unknown> {
  switch (body.mode) {
    case 'urlencoded':
      return { mode: body.mode, fields: rowsOf(body.fields) };
    case 'multipart':
      return {
        mode: body.mode,
        parts: body.parts.map((part) => ({
          name: part.name,
          ...(part.value === undefined ? {} : { value: part.value }),
          ...(part.file === undefined ? {} : { file: part.file }),
          ...(part.contentType === undefined ? {} : { contentType: part.contentType }),
          ...(part.enabled === false ? { enabled: false } : {}),
        })),
      };
    default:
      return pick(body, ['mode', ...BODY_FIELDS[body.mode]]);
  }
}

/** The fields in the order given, whatever order the object was built in: the file's text must not depend on it. */
function pick(record: object, fields: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]),
  );
}

/** An auth as the file writes it: `type` first, then that kind's fields in a fixed order. */
export function authOf(auth: EndpointAuth): Record<string, unknown> {
  return pick(auth, ['type', ...AUTH_FIELDS[auth.type]]);
}
