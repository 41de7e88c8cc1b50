import { ENDPOINT_KINDS, ENDPOINT_STATES } from '@client/core';

/*
 * JSON schemas of what the UI sends, checked by Fastify (Ajv) before a route runs, so a route sees
 * well-formed input and a mistake comes back as VALIDATION naming the field. The store still applies
 * its own rules (a path starts with /, the method is a token, …).
 */

const text = { type: 'string' } as const;

const enabled = { type: 'boolean' } as const;

export const keyValuesSchema = {
  type: 'array',
  items: { type: 'object', required: ['key', 'value'], properties: { key: text, value: text, enabled } },
} as const;

/** A query param may also say that its empty value was written `name=`. */
const queryParamsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['key', 'value'],
    properties: { key: text, value: text, enabled, equals: { type: 'boolean' } },
  },
} as const;

const bodySchema = {
  type: 'object',
  required: ['mode'],
  oneOf: [
    { properties: { mode: { const: 'none' } } },
    { required: ['text'], properties: { mode: { enum: ['json', 'text'] }, text } },
    { required: ['fields'], properties: { mode: { const: 'urlencoded' }, fields: keyValuesSchema } },
    {
      required: ['parts'],
      properties: {
        mode: { const: 'multipart' },
        parts: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name'],
            properties: { name: text, value: text, file: text, contentType: text, enabled },
          },
        },
      },
    },
    { required: ['path'], properties: { mode: { const: 'file' }, path: text } },
    {
      required: ['query', 'variables'],
      properties: { mode: { const: 'graphql' }, query: text, variables: text, operationName: text },
    },
  ],
} as const;

export const authSchema = {
  type: 'object',
  required: ['type'],
  oneOf: [
    { properties: { type: { enum: ['none', 'inherit'] } } },
    {
      required: ['username', 'password'],
      properties: { type: { enum: ['basic', 'digest'] }, username: text, password: text },
    },
    { required: ['token'], properties: { type: { const: 'bearer' }, token: text } },
    {
      required: ['key', 'value', 'in'],
      properties: { type: { const: 'apiKey' }, key: text, value: text, in: { enum: ['header', 'query'] } },
    },
    {
      required: ['tokenUrl', 'clientId', 'clientSecret', 'scope'],
      properties: {
        type: { const: 'oauth2' },
        grant: { enum: ['clientCredentials', 'authorizationCode'] },
        authorizationUrl: text,
        tokenUrl: text,
        clientId: text,
        clientSecret: text,
        scope: text,
      },
    },
    {
      required: ['accessKeyId', 'secretAccessKey', 'sessionToken', 'region', 'service'],
      properties: {
        type: { const: 'awsSigV4' },
        accessKeyId: text,
        secretAccessKey: text,
        sessionToken: text,
        region: text,
        service: text,
      },
    },
  ],
} as const;

export const draftSchema = {
  type: 'object',
  required: ['name', 'method', 'path', 'queryParams', 'headers', 'body', 'auth', 'state'],
  properties: {
    name: text,
    method: text,
    path: text,
    queryParams: queryParamsSchema,
    headers: keyValuesSchema,
    body: bodySchema,
    auth: authSchema,
    state: { enum: [...ENDPOINT_STATES] },
    folderId: { type: ['string', 'null'] },
    // Checked field by field by readRequestSettings, which names what is wrong.
    settings: { type: 'object' },
    description: text,
    // Checked row by row by readAssertions, readExamples and readScripts, which name what is wrong.
    tests: { type: 'array' },
    examples: { type: 'array' },
    scripts: { type: ['object', 'null'] },
    kind: { enum: ['http', ...ENDPOINT_KINDS] },
    // Checked field by field by readWebSocketSettings, which names what is wrong.
    websocket: { type: ['object', 'null'] },
    // Checked by readMcpSettings, which names what is wrong.
    mcp: { type: ['object', 'null'] },
  },
} as const;

/** What a Send names: the request as edited and where it goes; `confirmUpload` only where a Send may upload. */
export const sendTargetSchema = {
  requestId: { type: 'string', minLength: 1, maxLength: 100 },
  projectId: text,
  endpointId: { type: ['string', 'null'] },
  environmentId: { type: ['string', 'null'] },
  folderId: { type: ['string', 'null'] },
  request: draftSchema,
} as const;
export const sendTargetRequired = ['requestId', 'projectId', 'endpointId', 'environmentId', 'request'] as const;

export const idParams = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: { type: 'string' } } }) as const;
