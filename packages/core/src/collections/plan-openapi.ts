import { MAX_NAME_LENGTH } from '../constants.js';
import { BASE_URL_VARIABLE, type EndpointBody, type KeyValue } from '../model.js';
import { splitUrl } from '../url/split-url.js';
import type { ImportPlan } from './import-plan.js';
import { namedSchemas, operationContract } from './openapi-contract.js';
import { responseExamples } from './openapi-examples.js';
import { SchemaConverter } from './openapi-schema.js';
import { securityOfRequirements } from './openapi-security.js';
import { bodyText, descriptionOf, entriesOf, field, isRecord, listOf, recordOf, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';
import { schemaExample } from './schema-example.js';

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface OpenApiContext {
  plan: PlanBuilder;
  document: Record<string, unknown>;
  swagger: boolean;
  schemas: SchemaConverter;
}

/** A server URL with its `{variables}` replaced by their defaults. */
function serverUrl(server: unknown): string | undefined {
  const url = textOf(field(server, 'url'));
  if (url === undefined) return undefined;
  const variables = recordOf(field(server, 'variables'));
  return url
    .replace(/\{([^}]+)\}/g, (typed, name: string) => textOf(field(variables[name], 'default')) ?? typed)
    .replace(/\/+$/, '');
}

/** Where a relative server URL (`/v1`) points: against the address the document came from, when known. */
function absoluteServer(url: string, sourceUrl: string | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || sourceUrl === undefined) return url;
  try {
    const source = splitUrl(sourceUrl);
    if (url.startsWith('/')) return `${source.origin}${url}`.replace(/\/+$/, '');
    const folder = source.path.slice(0, source.path.lastIndexOf('/') + 1);
    return `${source.origin}${folder}${url.replace(/^\.\//, '')}`.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

function readServers(context: OpenApiContext, sourceUrl: string | undefined): void {
  const { plan, document } = context;
  let urls: string[];
  if (context.swagger) {
    const host = textOf(document.host);
    const scheme = textOf(listOf(document.schemes)[0]) ?? 'https';
    const basePath = (textOf(document.basePath) ?? '').replace(/\/+$/, '');
    urls =
      host === undefined
        ? sourceUrl === undefined
          ? []
          : [absoluteServer(basePath || '/', sourceUrl)]
        : [`${scheme}://${host}${basePath}`];
  } else {
    urls = listOf(document.servers).flatMap((server) => {
      const url = serverUrl(server);
      return url === undefined ? [] : [absoluteServer(url, sourceUrl)];
    });
  }
  const [first] = urls;
  if (first === undefined) {
    plan.warn('the document names no server; set base_url in the project before sending');
    return;
  }
  if (!/^https?:\/\//i.test(first)) plan.warn(`the server ${first} is relative; set base_url to the full address`);
  plan.baseUrl = first;
  if (urls.length > 1) {
    for (const url of urls)
      plan.environment({ name: url, variables: [{ key: BASE_URL_VARIABLE, value: url, secret: false }] });
  }
}

/** A parameter's value: its example, the first of its examples, its default, or one built from its schema. */
function parameterValue(parameter: Record<string, unknown>): string | undefined {
  const examples = entriesOf(parameter.examples);
  const candidates = [
    parameter.example,
    examples.length > 0 ? field(examples[0]?.[1], 'value') : undefined,
    parameter.default,
    parameter['x-example'],
    field(parameter.schema, 'example'),
    field(parameter.schema, 'default'),
    listOf(field(parameter.schema, 'enum'))[0] ?? listOf(parameter.enum)[0],
  ];
  const found = candidates.find((value) => value !== undefined && value !== null);
  if (found === undefined) return undefined;
  return typeof found === 'object' ? bodyText(found) : textOr(found, '');
}

/** Path-level parameters, overridden by the operation's own of the same name and place. */
function parametersOf(pathItem: unknown, operation: unknown): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const parameter of [...listOf(field(pathItem, 'parameters')), ...listOf(field(operation, 'parameters'))]) {
    if (!isRecord(parameter)) continue;
    byKey.set(`${textOr(parameter.in, '')}:${textOr(parameter.name, '')}`, parameter);
  }
  return [...byKey.values()];
}

const JSON_TYPE = /^application\/(.+\+)?json/i;

function mediaExample(media: unknown): unknown {
  if (field(media, 'example') !== undefined) return field(media, 'example');
  const [first] = entriesOf(field(media, 'examples'));
  if (first !== undefined && field(first[1], 'value') !== undefined) return field(first[1], 'value');
  return schemaExample(field(media, 'schema'));
}

function formFields(value: unknown): KeyValue[] {
  return entriesOf(value).map(([key, entry]) => ({
    key,
    value: typeof entry === 'object' ? bodyText(entry) : textOr(entry, ''),
  }));
}

/** OpenAPI 3 `requestBody`: JSON first, then forms, then any other type as text. */
function openApiBody(operation: unknown, headers: KeyValue[]): EndpointBody {
  const content = entriesOf(field(field(operation, 'requestBody'), 'content'));
  if (content.length === 0) return { mode: 'none' };
  const pick =
    content.find(([type]) => JSON_TYPE.test(type)) ??
    content.find(([type]) => type.includes('x-www-form-urlencoded')) ??
    content.find(([type]) => type.includes('multipart/form-data')) ??
    content[0];
  if (pick === undefined) return { mode: 'none' };
  const [type, media] = pick;
  const example = mediaExample(media);
  if (type.includes('x-www-form-urlencoded')) return { mode: 'urlencoded', fields: formFields(example) };
  if (type.includes('multipart/form-data')) {
    return { mode: 'multipart', parts: formFields(example).map(({ key, value }) => ({ name: key, value })) };
  }
  if (type !== '*/*') headers.push({ key: 'Content-Type', value: type });
  if (example === undefined) return JSON_TYPE.test(type) ? { mode: 'json', text: '' } : { mode: 'none' };
  return JSON_TYPE.test(type) ? { mode: 'json', text: bodyText(example) } : { mode: 'text', text: bodyText(example) };
}

/** Swagger 2: an `in: body` parameter, or `in: formData` fields. */
function swaggerBody(
  context: OpenApiContext,
  operation: unknown,
  parameters: Record<string, unknown>[],
  headers: KeyValue[],
): EndpointBody {
  const body = parameters.find((parameter) => parameter.in === 'body');
  if (body !== undefined) {
    const consumes = listOf(field(operation, 'consumes') ?? context.document.consumes).map(String);
    const type = consumes.find((entry) => JSON_TYPE.test(entry)) ?? consumes[0] ?? 'application/json';
    headers.push({ key: 'Content-Type', value: type });
    const example = body['x-example'] ?? schemaExample(body.schema);
    const text = example === undefined ? '' : bodyText(example);
    return JSON_TYPE.test(type) ? { mode: 'json', text } : { mode: 'text', text };
  }
  const form = parameters.filter((parameter) => parameter.in === 'formData');
  if (form.length === 0) return { mode: 'none' };
  if (form.some((parameter) => parameter.type === 'file')) {
    return {
      mode: 'multipart',
      parts: form.map((parameter) => ({ name: textOr(parameter.name, ''), value: parameterValue(parameter) ?? '' })),
    };
  }
  return {
    mode: 'urlencoded',
    fields: form.map((parameter) => ({ key: textOr(parameter.name, ''), value: parameterValue(parameter) ?? '' })),
  };
}

/**
 * The server an operation (or its path item) names for itself, when that is not the document's first server:
 * the endpoint gets that URL of its own instead of `base_url`. Swagger 2.0 has no such servers.
 */
function ownServerOf(context: OpenApiContext, pathItem: unknown, operation: unknown): string | undefined {
  if (context.swagger) return undefined;
  const servers = listOf(field(operation, 'servers'));
  const [server] = servers.length > 0 ? servers : listOf(field(pathItem, 'servers'));
  const url = server === undefined ? undefined : serverUrl(server);
  if (url === undefined || !/^https?:\/\//i.test(url)) return undefined;
  return url === context.plan.baseUrl ? undefined : url;
}

function addOperation(
  context: OpenApiContext,
  path: string,
  pathItem: unknown,
  method: string,
  operation: Record<string, unknown>,
): void {
  const { plan, document } = context;
  const parameters = parametersOf(pathItem, operation);
  const queryParams: KeyValue[] = [];
  const headers: KeyValue[] = [];
  for (const parameter of parameters) {
    const name = textOf(parameter.name);
    if (name === undefined) continue;
    const value = parameterValue(parameter);
    if (parameter.in === 'path' && value !== undefined) plan.variable(name, value);
    // Optional parameters without a value would go out empty; the person adds them when needed.
    if (value === undefined && parameter.required !== true) continue;
    if (parameter.in === 'query') queryParams.push({ key: name, value: value ?? '' });
    if (parameter.in === 'header') headers.push({ key: name, value: value ?? '' });
  }
  const body = context.swagger ? swaggerBody(context, operation, parameters, headers) : openApiBody(operation, headers);
  const schemes = context.swagger ? document.securityDefinitions : field(document.components, 'securitySchemes');
  const requirements = field(operation, 'security') ?? document.security;
  const tag = textOf(listOf(field(operation, 'tags'))[0]);
  const summary = textOf(field(operation, 'summary'));
  const name = summary ?? textOf(field(operation, 'operationId')) ?? `${method.toUpperCase()} ${path}`;
  // The summary names the endpoint; the description documents it, or a summary too long to be a name does.
  const description =
    descriptionOf(field(operation, 'description')) ||
    (summary !== undefined && summary.length > MAX_NAME_LENGTH ? summary : '');
  const security = securityOfRequirements(requirements, schemes, plan, `${method.toUpperCase()} ${path}`);
  // A key the operation also lists as a parameter is sent once, as the parameter says.
  for (const row of security.headers) {
    if (!headers.some((header) => header.key.toLowerCase() === row.key.toLowerCase())) headers.push(row);
  }
  for (const row of security.queryParams) {
    if (!queryParams.some((param) => param.key === row.key)) queryParams.push(row);
  }
  const query = queryParams.map(({ key, value }) => `${key}=${value}`).join('&');
  const label = `${method.toUpperCase()} ${path}`;
  const contract = operationContract(context.schemas, {
    swagger: context.swagger,
    document,
    operation,
    parameters,
  });
  if (typeof contract === 'string') plan.warn(`${label}: its contract was left off, ${contract}`);
  plan.request({
    folder: tag === undefined ? [] : [tag],
    name,
    method,
    url: `${ownServerOf(context, pathItem, operation) ?? `{{${BASE_URL_VARIABLE}}}`}${path.replace(/\{([^}]+)\}/g, '{{$1}}')}${query === '' ? '' : `?${query}`}`,
    headers,
    body,
    auth: security.auth,
    description,
    examples: responseExamples(operation, context.swagger),
    ...(typeof contract === 'string' ? {} : { contract }),
  });
}

/**
 * An OpenAPI 3.0/3.1 or Swagger 2.0 document, its `$ref`s already resolved, as an import plan: servers become
 * `base_url` (and environments when there are several), tags folders, operations endpoints with their response
 * examples and their contract.
 */
export function planOpenApi(document: unknown, options: { sourceUrl?: string } = {}): ImportPlan {
  const root = recordOf(document);
  const swagger = textOf(root.swagger)?.startsWith('2') === true;
  const info = recordOf(root.info);
  const plan = new PlanBuilder(swagger ? 'swagger' : 'openapi', textOf(info.title) ?? 'Imported API');
  plan.description = textOf(info.description) ?? '';
  const context: OpenApiContext = {
    plan,
    document: root,
    swagger,
    schemas: new SchemaConverter(namedSchemas(root, swagger)),
  };
  readServers(context, options.sourceUrl);
  for (const tag of listOf(root.tags)) {
    const name = textOf(field(tag, 'name'));
    if (name !== undefined) plan.folder([name], descriptionOf(field(tag, 'description')));
  }
  for (const [path, pathItem] of entriesOf(root.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = field(pathItem, method);
      if (!isRecord(operation)) continue;
      addOperation(context, path, pathItem, method, operation);
      for (const [callback] of entriesOf(operation.callbacks)) {
        plan.skip(
          `callback ${callback} of ${method.toUpperCase()} ${path}`,
          'a callback is a request the API sends, not one to send it',
        );
      }
    }
  }
  for (const [name] of entriesOf(root.webhooks)) {
    plan.skip(`webhook ${name}`, 'a webhook is a request the API sends, not one to send it');
  }
  return plan.build();
}
