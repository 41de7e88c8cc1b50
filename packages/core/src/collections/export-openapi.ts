import { graphqlPayload } from '../graphql/graphql-payload.js';
import type { Endpoint, EndpointAuth, EndpointBody, KeyValue } from '../model.js';
import { isOwnUrl } from '../url/endpoint-url.js';
import { normalizeOrigin, splitUrl } from '../url/split-url.js';
import {
  ComponentSchemas,
  contractParameters,
  contractRequestBody,
  type ExportedParameter,
  exportedResponses,
  noDefs,
} from './export-openapi-contract.js';
import {
  baseUrlOf,
  type ExportResult,
  exportedAuth,
  exportedHeaders,
  folderPath,
  type ProjectSnapshot,
} from './export-snapshot.js';
import { jsonExample, schemaOfExample } from './json-example.js';

/** Headers OpenAPI describes elsewhere (the body's media type, the security scheme). */
const DESCRIBED_ELSEWHERE = new Set(['content-type', 'authorization']);

/** A JSON body's media type: its schema and an example that is valid JSON, placeholders filled; else its text. */
function jsonMedia(text: string, values: ReadonlyMap<string, string>): Record<string, unknown> {
  const example = jsonExample(text, values);
  return example === undefined ? { example: text } : { schema: schemaOfExample(example), example };
}

/**
 * The server an endpoint with a URL of its own goes to, for its operation: a `{{name}}` in it becomes a server
 * variable `{name}` whose default is the project's value. Undefined when that is the project's own server.
 */
function ownServer(origin: string, values: ReadonlyMap<string, string>, baseUrl: string | undefined) {
  if (baseUrl !== undefined && normalizeOrigin(baseUrl) === origin) return undefined;
  const names: string[] = [];
  const url = origin.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_typed, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  const variables = Object.fromEntries(names.map((name) => [name, { default: values.get(name) ?? name }]));
  return { url, ...(names.length > 0 ? { variables } : {}) };
}

function requestBody(
  body: EndpointBody,
  headers: readonly KeyValue[],
  values: ReadonlyMap<string, string>,
): Record<string, unknown> | undefined {
  const declared = headers.find((header) => header.key.toLowerCase() === 'content-type')?.value;
  const form = (fields: KeyValue[], type: string) => ({
    content: {
      [type]: {
        schema: { type: 'object', properties: Object.fromEntries(fields.map(({ key }) => [key, { type: 'string' }])) },
        example: Object.fromEntries(fields.map(({ key, value }) => [key, value])),
      },
    },
  });
  switch (body.mode) {
    case 'none':
      return undefined;
    case 'json':
      return { content: { [declared ?? 'application/json']: jsonMedia(body.text, values) } };
    case 'text':
      return { content: { [declared ?? 'text/plain']: { example: body.text } } };
    case 'urlencoded':
      return form(body.fields, 'application/x-www-form-urlencoded');
    case 'multipart':
      return form(
        body.parts.map((part) => ({ key: part.name, value: part.value ?? '' })),
        'multipart/form-data',
      );
    case 'file':
      return {
        content: { [declared ?? 'application/octet-stream']: { schema: { type: 'string', format: 'binary' } } },
      };
    case 'graphql':
      return { content: { [declared ?? 'application/json']: jsonMedia(graphqlPayload(body), values) } };
  }
}

function securityScheme(auth: EndpointAuth): [string, Record<string, unknown>] | undefined {
  switch (auth.type) {
    case 'none':
    case 'inherit':
      return undefined;
    case 'basic':
    case 'digest':
      return [`${auth.type}Auth`, { type: 'http', scheme: auth.type }];
    case 'bearer':
      return ['bearerAuth', { type: 'http', scheme: 'bearer' }];
    case 'apiKey':
      return [`apiKey_${auth.in}_${auth.key}`, { type: 'apiKey', in: auth.in, name: auth.key }];
    case 'oauth2': {
      const scopes = Object.fromEntries(
        auth.scope
          .split(/\s+/)
          .filter(Boolean)
          .map((scope) => [scope, scope]),
      );
      return auth.grant === 'authorizationCode'
        ? [
            'oauth2AuthorizationCode',
            {
              type: 'oauth2',
              flows: {
                authorizationCode: { authorizationUrl: auth.authorizationUrl, tokenUrl: auth.tokenUrl, scopes },
              },
            },
          ]
        : [
            'oauth2ClientCredentials',
            { type: 'oauth2', flows: { clientCredentials: { tokenUrl: auth.tokenUrl, scopes } } },
          ];
    }
    case 'awsSigV4':
      // The convention API Gateway reads: the signature travels in the Authorization header.
      return [
        'awsSigV4',
        { type: 'apiKey', in: 'header', name: 'Authorization', 'x-amazon-apigateway-authtype': 'awsSigv4' },
      ];
  }
}

function operationId(name: string, taken: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'operation';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

/** `{{name}}` in a path is an OpenAPI path parameter `{name}`. */
function openApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const converted = path.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_typed, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: converted, names };
}

function operationOf(
  endpoint: Endpoint,
  snapshot: ProjectSnapshot,
  context: { ids: Set<string>; schemes: Record<string, unknown>; components: ComponentSchemas; warnings: string[] },
) {
  const { warnings } = context;
  const variables = new Map(snapshot.variables.map(({ key, value }) => [key, value]));
  let path = endpoint.path;
  let servers: unknown[] | undefined;
  if (isOwnUrl(endpoint.path)) {
    const split = splitUrl(endpoint.path);
    path = split.path;
    const server = ownServer(split.origin, variables, baseUrlOf(snapshot));
    servers = server === undefined ? undefined : [server];
  }
  const converted = openApiPath(path);
  const { contract } = endpoint;
  const rewrite = contract === undefined ? noDefs : context.components.add(contract);
  const derived: ExportedParameter[] = [
    ...converted.names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      ...(variables.has(name) ? { example: variables.get(name) } : {}),
    })),
    ...endpoint.queryParams.map(({ key, value }) => ({
      name: key,
      in: 'query',
      schema: { type: 'string' },
      example: value,
    })),
    ...exportedHeaders(endpoint.headers, warnings)
      .filter(({ key }) => !DESCRIBED_ELSEWHERE.has(key.toLowerCase()))
      .map(({ key, value }) => ({ name: key, in: 'header', schema: { type: 'string' }, example: value })),
  ];
  const parameters = contract === undefined ? derived : contractParameters(derived, contract, rewrite);
  const folder = folderPath(snapshot.folders, endpoint.folderId);
  const ownBody = requestBody(endpoint.body, endpoint.headers, variables);
  const body =
    contract?.requestBody === undefined ? ownBody : contractRequestBody(ownBody, contract.requestBody, rewrite);
  const responses = exportedResponses(contract, endpoint.examples ?? [], rewrite);
  const scheme = securityScheme(exportedAuth(endpoint.auth, warnings));
  if (scheme !== undefined) context.schemes[scheme[0]] = scheme[1];
  const scopes = endpoint.auth.type === 'oauth2' ? endpoint.auth.scope.split(/\s+/).filter(Boolean) : [];
  return {
    path: converted.path,
    operation: {
      operationId: operationId(endpoint.name, context.ids),
      summary: endpoint.name,
      ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
      ...(folder.length > 0 ? { tags: [folder.join(' / ')] } : {}),
      ...(servers === undefined ? {} : { servers }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body === undefined ? {} : { requestBody: body }),
      ...(scheme === undefined ? {} : { security: [{ [scheme[0]]: scopes }] }),
      // An operation its contract gives no responses keeps none; any other says it answers something.
      ...(responses === undefined && contract === undefined
        ? { responses: { default: { description: 'Response' } } }
        : responses === undefined
          ? {}
          : { responses }),
    },
  };
}

/** A tag for each folder path that holds endpoints, described as its folder is. */
function tagsOf(snapshot: ProjectSnapshot): { name: string; description?: string }[] {
  const tags = new Map<string, string | undefined>();
  for (const endpoint of snapshot.endpoints) {
    const name = folderPath(snapshot.folders, endpoint.folderId).join(' / ');
    if (name === '' || tags.has(name)) continue;
    tags.set(name, snapshot.folders.find((folder) => folder.id === endpoint.folderId)?.description);
  }
  return [...tags].map(([name, description]) => (description === undefined ? { name } : { name, description }));
}

function components(schemes: Record<string, unknown>, schemas: Record<string, unknown>) {
  const parts = {
    ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
    ...(Object.keys(schemes).length > 0 ? { securitySchemes: schemes } : {}),
  };
  return Object.keys(parts).length > 0 ? { components: parts } : {};
}

/**
 * A project (or one folder of it) as an OpenAPI 3.1 document: servers from `base_url`, folders as tags, each
 * endpoint's contract as its operation's parameters, body and responses (its defs as `components.schemas`) and
 * its examples as its responses' examples.
 */
export function exportOpenApi(snapshot: ProjectSnapshot): ExportResult {
  const warnings: string[] = [];
  const context = {
    ids: new Set<string>(),
    schemes: {} as Record<string, unknown>,
    components: new ComponentSchemas(),
    warnings,
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of snapshot.endpoints) {
    const method = endpoint.method.toLowerCase();
    const { path, operation } = operationOf(endpoint, snapshot, context);
    const item = paths[path] ?? {};
    paths[path] = item;
    if (item[method] !== undefined) {
      warnings.push(
        `${endpoint.method} ${path} (${endpoint.name}) was left out: OpenAPI holds one operation per method and path`,
      );
      continue;
    }
    item[method] = operation;
  }
  const scripted =
    (snapshot.scripts === undefined ? 0 : 1) +
    snapshot.folders.filter((folder) => folder.scripts !== undefined).length +
    snapshot.endpoints.filter((endpoint) => endpoint.scripts !== undefined || (endpoint.tests?.length ?? 0) > 0).length;
  if (scripted > 0) {
    warnings.push(
      `scripts and assertion rows (of ${scripted} endpoint(s), folder(s) or the project) have no place in OpenAPI and were left out; export as Postman v2.1 to keep them`,
    );
  }
  const tags = tagsOf(snapshot);
  const baseUrl = baseUrlOf(snapshot);
  return {
    document: {
      openapi: '3.1.0',
      info: {
        title: snapshot.name,
        version: '1.0.0',
        ...(snapshot.description === '' ? {} : { description: snapshot.description }),
      },
      ...(baseUrl === undefined ? {} : { servers: [{ url: baseUrl }] }),
      ...(tags.length > 0 ? { tags } : {}),
      paths,
      ...components(context.schemes, context.components.schemas),
    },
    warnings,
  };
}
