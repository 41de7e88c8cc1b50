import { FIELD_TYPES, INT_RANGE, STRING_MAX_LENGTH } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { type ResourceSpec, sampleMembers } from './resource-spec.js';
import { fit, sortedNames } from './source-text.js';

/** What the API contract says of a field's values, for the DTO's documentation. */
function fieldContract(field: ResourceField): string {
  switch (field.type) {
    case 'string':
      return `\`${field.name}\`: 1–${STRING_MAX_LENGTH} characters after trimming`;
    case 'int':
      return `\`${field.name}\`: an integer from ${INT_RANGE.min.replaceAll('_', '')} to ${INT_RANGE.max.replaceAll('_', '')}`;
    case 'number':
      return `\`${field.name}\`: a finite number`;
    case 'boolean':
      return `\`${field.name}\`: true or false`;
    case 'date':
      return `\`${field.name}\`: a calendar date, YYYY-MM-DD`;
  }
}

/** `head 'a' | 'b';` on one line when it fits, else one member a line, as Biome prints a long union. */
function unionType(head: string, members: readonly string[]): string {
  const line = `${head} ${members.join(' | ')};`;
  return line.length <= 120 ? line : `${head}\n${members.map((member) => `  | ${member}`).join('\n')};`;
}

function dtoFile(spec: ResourceSpec): string {
  const { pascal } = spec.name;
  const members = spec.fields.map((field) => `  readonly ${field.name}: ${FIELD_TYPES[field.type].typescript};`);
  const columns = ['id', ...spec.fields.map((field) => field.name)].map((column) => `'${column}'`);
  return [
    "import type { SortDirectionDTO } from '../page-response.js';",
    '',
    `export interface ${pascal}DTO {`,
    '  readonly id: number;',
    ...members,
    '}',
    '',
    ...spec.fields.map((field, i) => `${i === 0 ? '/** ' : ' * '}${fieldContract(field)}.`),
    ' */',
    `export interface ${pascal}CreateRequest {`,
    ...members,
    '}',
    '',
    `export type ${pascal}UpdateRequest = ${pascal}CreateRequest;`,
    '',
    unionType(`export type ${pascal}SortColumnDTO =`, columns),
    '',
    '/** Defaults: `pageSize` 20 (at most 100), `pageIndex` 1, each sort `DESC`. */',
    `export interface ${pascal}PageRequest {`,
    '  readonly pageSize?: number;',
    '  readonly pageIndex?: number;',
    `  readonly sorts?: readonly { readonly column: ${pascal}SortColumnDTO; readonly direction?: SortDirectionDTO }[];`,
    '}',
    '',
  ].join('\n');
}

function requestTypes(pascal: string): string[] {
  return sortedNames([`${pascal}CreateRequest`, `${pascal}DTO`, `${pascal}PageRequest`, `${pascal}UpdateRequest`]);
}

function apiFile(spec: ResourceSpec): string {
  const { pascal, kebab, words } = spec.name;
  return `import type { PageResponse } from '../page-response.js';
${fit('', 'import type ', 'curly', requestTypes(pascal), ` from './${kebab}-dto.js';`)}

/**
 * The ${words} service as other services see it. \`create${pascal}Client\` implements it over HTTP; the start
 * module's provider implements it in-process. Changing a DTO field here is a contract change.
 */
export interface ${pascal}Api {
  page(request: ${pascal}PageRequest): Promise<PageResponse<${pascal}DTO>>;
  get(id: number): Promise<${pascal}DTO>;
  /** Returns the new ${words}'s id. */
  create(request: ${pascal}CreateRequest): Promise<number>;
  update(id: number, request: ${pascal}UpdateRequest): Promise<void>;
  delete(id: number): Promise<void>;
}
`;
}

/** The client's \`page\` member; Biome moves a long arrow body to the next line. */
function pageMember(spec: ResourceSpec): string {
  const { pascal, camel, plural } = spec.name;
  const body = `call<PageResponse<${pascal}DTO>>('GET', \`/${plural}/page?\${${camel}PageQueryString(request)}\`),`;
  const line = `    page: (request) => ${body}`;
  if (line.length <= 120) return line;
  const broken = `      ${body}`;
  if (broken.length <= 120) return `    page: (request) =>\n${broken}`;
  const path = `\`/${plural}/page?\${${camel}PageQueryString(request)}\``;
  return `    page: (request) =>\n      call<PageResponse<${pascal}DTO>>(\n        'GET',\n        ${path},\n      ),`;
}

function clientFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, plural } = spec.name;
  return `import { ApiError } from '../api-error.js';
import type { ApiResponse } from '../api-response.js';
import type { PageResponse } from '../page-response.js';
import type { ${pascal}Api } from './${kebab}-api.js';
${fit('', 'import type ', 'curly', requestTypes(pascal), ` from './${kebab}-dto.js';`)}

/** The nested query parameters of \`GET /${plural}/page\`: \`page.pageSize\`, \`page.sorts[0].column\`, … */
export function ${camel}PageQueryString(request: ${pascal}PageRequest): string {
  const params = new URLSearchParams();
  if (request.pageSize !== undefined) params.set('page.pageSize', String(request.pageSize));
  if (request.pageIndex !== undefined) params.set('page.pageIndex', String(request.pageIndex));
  request.sorts?.forEach((sort, i) => {
    params.set(\`page.sorts[\${i}].column\`, sort.column);
    if (sort.direction !== undefined) params.set(\`page.sorts[\${i}].direction\`, sort.direction);
  });
  return params.toString();
}

/** A \`${pascal}Api\` over HTTP; \`baseUrl\` is e.g. \`http://localhost:8080\`. Errors become \`ApiError\`. */
export function create${pascal}Client(baseUrl: string, fetchImpl: typeof fetch = fetch): ${pascal}Api {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(new URL(path, baseUrl), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const result = (await response.json()) as ApiResponse<T>;
    if (!response.ok) throw new ApiError(result.code, result.msg, result.traceId);
    return result.data;
  }

  return {
${pageMember(spec)}
    get: (id) => call<${pascal}DTO>('GET', \`/${plural}/\${id}\`),
    create: (request: ${pascal}CreateRequest) => call<number>('POST', '/${plural}', request),
    update: (id, request: ${pascal}UpdateRequest) => call<void>('PUT', \`/${plural}/\${id}\`, request),
    delete: (id) => call<void>('DELETE', \`/${plural}/\${id}\`),
  };
}
`;
}

function clientTestFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, plural } = spec.name;
  const [first] = spec.fields;
  const column = first?.name ?? 'id';
  return `import { describe, expect, it } from 'vitest';

import { ApiError } from '../api-error.js';
${fit('', 'import ', 'curly', sortedNames([`create${pascal}Client`, `${camel}PageQueryString`]), ` from './${kebab}-client.js';`)}
import type { ${pascal}CreateRequest } from './${kebab}-dto.js';

${fit(
  '',
  `const FIRST: ${pascal}CreateRequest = `,
  'curly',
  sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0]),
  ';',
)}

describe('${camel}PageQueryString', () => {
  it('writes the nested page parameters the service reads', () => {
    const query = ${camel}PageQueryString({
      pageSize: 5,
      pageIndex: 2,
      sorts: [{ column: '${column}', direction: 'ASC' }, { column: 'id' }],
    });
    expect(decodeURIComponent(query)).toBe(
      'page.pageSize=5&page.pageIndex=2&page.sorts[0].column=${column}&page.sorts[0].direction=ASC&page.sorts[1].column=id',
    );
  });

  it('leaves everything out for the defaults', () => {
    expect(${camel}PageQueryString({})).toBe('');
  });
});

describe('create${pascal}Client', () => {
  const requests: { method: string; url: string }[] = [];
  function answering(status: number, body: unknown): typeof fetch {
    return async (url, init) => {
      requests.push({ method: init?.method ?? 'GET', url: String(url) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
  }

  it('calls the routes of the service and unwraps the data', async () => {
    const answer = answering(200, { code: 200, data: 3, msg: 'success' });
    const client = create${pascal}Client('http://service.test', answer);
    requests.length = 0;
    expect(await client.create(FIRST)).toBe(3);
    await client.page({ pageSize: 5 });
    expect(requests).toEqual([
      { method: 'POST', url: 'http://service.test/${plural}' },
      { method: 'GET', url: 'http://service.test/${plural}/page?page.pageSize=5' },
    ]);
  });

  it('turns an error answer into an ApiError with its code, message and trace id', async () => {
    const body = { code: 404, data: null, msg: 'not there', traceId: 'abc' };
    const client = create${pascal}Client('http://service.test', answering(404, body));
    const error = await client.get(9).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, msg: 'not there', traceId: 'abc' });
  });
});
`;
}

/** The api module's files of a resource, by path inside \`src/\`. */
export function apiFiles(spec: ResourceSpec): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}-dto.ts`, dtoFile(spec)],
    [`${kebab}/${kebab}-api.ts`, apiFile(spec)],
    [`${kebab}/${kebab}-client.ts`, clientFile(spec)],
    [`${kebab}/${kebab}-client.test.ts`, clientTestFile(spec)],
  ]);
}

export function apiExports(spec: ResourceSpec): string[] {
  const { pascal, camel, kebab } = spec.name;
  return [
    `export type { ${pascal}Api } from './${kebab}/${kebab}-api.js';`,
    fit(
      '',
      'export ',
      'curly',
      sortedNames([`create${pascal}Client`, `${camel}PageQueryString`]),
      ` from './${kebab}/${kebab}-client.js';`,
    ),
    fit(
      '',
      'export type ',
      'curly',
      sortedNames([...requestTypes(pascal), `${pascal}SortColumnDTO`]),
      ` from './${kebab}/${kebab}-dto.js';`,
    ),
  ];
}
