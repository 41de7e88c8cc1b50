import { compareSources } from '../index-exports.js';
import { rulesConstant } from './domain-files.js';
import { FIELD_TYPES } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { article, chain, fit, hug, sortedNames } from './source-text.js';

/** The zod schema of a field in the request body; the domain checks the same rules again. */
function bodySchema(field: ResourceField, rules: string): string {
  const { name } = field;
  switch (field.type) {
    case 'string':
      return [
        `    ${name}: z`,
        '      .string()',
        '      .trim()',
        "      .min(1, 'must not be blank')",
        `      .max(${rules}.${name}MaxLength)`,
        `      .refine((value) => !hasControlCharacter(value), 'must not contain control characters'),`,
      ].join('\n');
    case 'int':
      return chain(
        '    ',
        `${name}: z`,
        ['.number()', '.int()', `.min(${rules}.${name}Min)`, `.max(${rules}.${name}Max)`],
        ',',
      );
    case 'number':
      return `    ${name}: z.number(),`;
    case 'boolean':
      return `    ${name}: z.boolean(),`;
    case 'date':
      return `    ${name}: z.iso.date(),`;
  }
}

function schemasFile(spec: ResourceSpec): string {
  const { camel, constant, plural } = spec.name;
  const rules = rulesConstant(spec);
  const text = spec.fields.some((field) => field.type === 'string');
  const fromDomain = sortedNames([...(rules ? [rules] : []), `${constant}_SORT_COLUMNS`]);
  const example = sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0]);
  return [
    "import { z } from 'zod';",
    '',
    ...(text ? [`import { hasControlCharacter } from '${moduleImport(spec, 'common')}';`] : []),
    fit('', 'import ', 'curly', fromDomain, ` from '${moduleImport(spec, 'domain')}';`),
    '',
    "import { idParamSchema } from './id-param-schema.js';",
    "import { nestedQuerySchema, pageQuerySchema } from './page-query-schema.js';",
    '',
    `/** \`GET /${plural}/page?page.pageSize=…&page.sorts[0].column=…\` */`,
    hug(
      '',
      `export const ${camel}PageQuerySchema = nestedQuerySchema`,
      [`page: pageQuerySchema(${constant}_SORT_COLUMNS).prefault({})`],
      ';',
    ),
    '',
    '/** What the documentation shows as a request body. */',
    fit('', 'const EXAMPLE = ', 'curly', example, ';'),
    '',
    `/** Body of \`POST /${plural}\` and \`PUT /${plural}/:id\`; the domain checks the same rules again. */`,
    `export const ${camel}BodySchema = z`,
    '  .object({',
    ...spec.fields.map((field) => bodySchema(field, rules ?? '')),
    '  })',
    '  .meta({ examples: [EXAMPLE] });',
    '',
    `/** \`:id\` of \`/${plural}/:id\`. */`,
    `export const ${camel}IdSchema = z.object({ id: idParamSchema });`,
    '',
  ].join('\n');
}

/** \`z.object(…).meta(…)\` on one line when it fits; otherwise Biome breaks the chain, one call a line. */
function voSchema(spec: ResourceSpec, members: readonly string[]): string {
  const head = `export const ${spec.name.camel}VoSchema = z`;
  const line = `${head}.object({ ${members.join(', ')} }).meta({ examples: [EXAMPLE] });`;
  if (line.length <= 120) return line;
  return `${head}\n${hug('  ', '.object', members, '')}\n  .meta({ examples: [EXAMPLE] });`;
}

function voFile(spec: ResourceSpec): string {
  const { pascal, camel, words } = spec.name;
  const vo = ['id: z.number().int()', ...spec.fields.map((field) => `${field.name}: ${FIELD_TYPES[field.type].vo}`)];
  const example = ['id: 1', ...sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0])];
  return `import { z } from 'zod';

import type { PageResult } from '${moduleImport(spec, 'common')}';
import type { ${pascal} } from '${moduleImport(spec, 'domain')}';

import type { PageVO } from './page-vo.js';

/** What the documentation shows as ${article(words)}. */
${fit('', 'const EXAMPLE = ', 'curly', example, ';')}

/**
 * ${capitalizedWords(article(words))} as the HTTP API shows it: the response schema of the routes (it is what \`/openapi.json\`
 * describes, and the serializer sends nothing it does not name). Conversion from the domain happens here.
 */
${voSchema(spec, vo)}

export type ${pascal}VO = z.infer<typeof ${camel}VoSchema>;

export function to${pascal}VO(${camel}: ${pascal}): ${pascal}VO {
${fit(
  '  ',
  'return ',
  'curly',
  ['id', ...spec.fields.map((field) => field.name)].map((name) => `${name}: ${camel}.${name}`),
  ';',
)}
}

export function to${pascal}PageVO(page: PageResult<${pascal}>): PageVO<${pascal}VO> {
  return { ...page, list: page.list.map(to${pascal}VO) };
}
`;
}

const capitalizedWords = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Relative import lines in Biome's order: the resource's own files may sort either side of the shared ones. */
function sortedImports(lines: readonly string[]): string {
  const sourceOf = (line: string) => /from '([^']+)'/.exec(line)?.[1] ?? '';
  return lines.toSorted((a, b) => compareSources(sourceOf(a), sourceOf(b))).join('\n');
}

function controllerFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, plural, pluralCamel, words } = spec.name;
  return `import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { ${pascal}AppService } from '${moduleImport(spec, 'application')}';

${sortedImports([
  "import { pageVoSchema } from '../vo/page-vo.js';",
  fit(
    '',
    'import ',
    'curly',
    sortedNames([`${camel}VoSchema`, `to${pascal}PageVO`, `to${pascal}VO`]),
    ` from '../vo/${kebab}-vo.js';`,
  ),
])}
${fit('', 'import ', 'curly', sortedNames([`${camel}BodySchema`, `${camel}IdSchema`, `${camel}PageQuerySchema`]), ` from './${kebab}-schemas.js';`)}

const TAGS = ['${kebab}'];

/**
 * The ${words} HTTP API. Validation is declared on each route, and \`response[200]\` names what \`data\` holds; the
 * handlers return plain values, which the unified response wrapper puts into \`{code, data, msg}\`. The same
 * schemas describe the routes in \`/openapi.json\`.
 */
export function ${camel}Controller(${pluralCamel}: ${pascal}AppService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/${plural}/page',
      {
        schema: {
          summary: 'A page of ${words} records',
          description: 'Sorted by the \`page.sorts[i]\` columns in turn, then by id.',
          tags: TAGS,
          querystring: ${camel}PageQuerySchema,
          response: { 200: pageVoSchema(${camel}VoSchema) },
        },
      },
      async (request) => to${pascal}PageVO(await ${pluralCamel}.page(request.query.page)),
    );

    app.post(
      '/${plural}',
      {
        schema: {
          summary: 'Create ${article(words)}',
          tags: TAGS,
          body: ${camel}BodySchema,
          response: {
            200: z
              .number()
              .int()
              .meta({ description: 'the new id', examples: [1] }),
          },
        },
      },
      async (request) => ${pluralCamel}.create(request.body),
    );

    app.get(
      '/${plural}/:id',
      {
        schema: {
          summary: '${capitalizedWords(article(words))}',
          tags: TAGS,
          params: ${camel}IdSchema,
          response: { 200: ${camel}VoSchema },
        },
      },
      async (request) => to${pascal}VO(await ${pluralCamel}.get(request.params.id)),
    );

    app.put(
      '/${plural}/:id',
      {
        schema: {
          summary: 'Change ${article(words)}',
          tags: TAGS,
          params: ${camel}IdSchema,
          body: ${camel}BodySchema,
          response: { 200: z.null() },
        },
      },
      async (request) => {
        await ${pluralCamel}.update({ id: request.params.id, ...request.body });
        return null;
      },
    );

    app.delete(
      '/${plural}/:id',
      {
        schema: {
          summary: 'Delete ${article(words)}',
          tags: TAGS,
          params: ${camel}IdSchema,
          response: { 200: z.null() },
        },
      },
      async (request) => {
        await ${pluralCamel}.delete(request.params.id);
        return null;
      },
    );
  };
}
`;
}

function providerFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, pluralCamel } = spec.name;
  const dto = ['id', ...spec.fields.map((field) => field.name)].map((name) => `${name}: ${camel}.${name}`);
  return `import { type ZodType, z } from 'zod';

import * as api from '${moduleImport(spec, 'api')}';
import type { ${pascal}AppService } from '${moduleImport(spec, 'application')}';
import { ${sortedNames(['DomainError', `type ${pascal}`]).join(', ')} } from '${moduleImport(spec, 'domain')}';

${sortedImports([
  "import { idValueSchema } from '../controller/id-param-schema.js';",
  fit(
    '',
    'import ',
    'curly',
    sortedNames([`${camel}BodySchema`, `${camel}PageQuerySchema`]),
    ` from '../controller/${kebab}-schemas.js';`,
  ),
  "import { domainErrorStatus } from '../web/domain-error-status.js';",
])}

const providerIdSchema = z.object({ id: idValueSchema });

function toDTO(${camel}: ${pascal}): api.${pascal}DTO {
${fit('  ', 'return ', 'curly', dto, ';')}
}

/**
 * \`${pascal}Api\` implemented in-process, for callers that reach this service through an RPC transport rather
 * than HTTP. Requests are validated with the same schemas as the HTTP routes; failures are \`ApiError\`s with
 * the same codes.
 */
export class ${pascal}Provider implements api.${pascal}Api {
  constructor(private readonly ${pluralCamel}: ${pascal}AppService) {}

  page(request: api.${pascal}PageRequest): Promise<api.PageResponse<api.${pascal}DTO>> {
    return this.call(async () => {
      const { page } = validate(${camel}PageQuerySchema, { page: request });
      const result = await this.${pluralCamel}.page(page);
      return { ...result, list: result.list.map(toDTO) };
    });
  }

  get(id: number): Promise<api.${pascal}DTO> {
    return this.call(async () => toDTO(await this.${pluralCamel}.get(validate(providerIdSchema, { id }).id)));
  }

  create(request: api.${pascal}CreateRequest): Promise<number> {
    return this.call(() => this.${pluralCamel}.create(validate(${camel}BodySchema, request)));
  }

  update(id: number, request: api.${pascal}UpdateRequest): Promise<void> {
    return this.call(() => {
      const body = validate(${camel}BodySchema, request);
      return this.${pluralCamel}.update({ ...validate(providerIdSchema, { id }), ...body });
    });
  }

  delete(id: number): Promise<void> {
    return this.call(() => this.${pluralCamel}.delete(validate(providerIdSchema, { id }).id));
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw new api.ApiError(domainErrorStatus(error), error.message);
      throw error;
    }
  }
}

function validate<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new api.ApiError(api.ResultCode.BAD_REQUEST, z.prettifyError(result.error));
  return result.data;
}
`;
}

function apiTestFile(spec: ResourceSpec): string {
  const { pascal, camel, plural, pluralCamel, words } = spec.name;
  const [first] = spec.fields;
  const column = first?.name ?? 'id';
  const invalid = first ? FIELD_TYPES[first.type].invalid : undefined;
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';

${fit('', 'import ', 'curly', sortedNames(['ApiError', `create${pascal}Client`, `type ${pascal}Api`, `type ${pascal}CreateRequest`]), ` from '${moduleImport(spec, 'api')}';`)}

import { startTestApplication, type TestApplication, withoutTraceId } from './test-application.test-support.js';

${fit(
  '',
  `const FIRST: ${pascal}CreateRequest = `,
  'curly',
  sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0]),
  ';',
)}
${fit(
  '',
  `const SECOND: ${pascal}CreateRequest = `,
  'curly',
  sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[1]),
  ';',
)}

let service: TestApplication;
let ${pluralCamel}: ${pascal}Api;

beforeAll(async () => {
  service = await startTestApplication();
  ${pluralCamel} = create${pascal}Client(service.application.url);
});
afterAll(() => service.application.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(\`\${service.application.url}\${path}\`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: withoutTraceId((await response.json()) as Record<string, unknown>) };
}

describe('the ${words} API', () => {
  it('answers an empty first page in the unified response', async () => {
    expect(await call('GET', '/${plural}/page')).toEqual({
      status: 200,
      body: { code: 200, msg: 'success', data: { list: [], totalCount: 0, pageSize: 20, pageIndex: 1 } },
    });
  });

  it('creates, reads, pages, updates and deletes', async () => {
    const id = await ${pluralCamel}.create(FIRST);
    expect(await call('GET', \`/${plural}/\${id}\`)).toEqual({
      status: 200,
      body: { code: 200, msg: 'success', data: { id, ...FIRST } },
    });
    const other = await ${pluralCamel}.create(SECOND);
    const sorts = [{ column: '${column}' as const, direction: 'DESC' as const }];
    const sorted = await ${pluralCamel}.page({ sorts });
    expect(sorted.list.map((${camel}) => ${camel}.id)).toEqual([other, id]);
    expect(await ${pluralCamel}.page({ pageSize: 1, pageIndex: 2 })).toEqual({
      list: [{ id: other, ...SECOND }],
      totalCount: 2,
      pageSize: 1,
      pageIndex: 2,
    });
    await ${pluralCamel}.update(id, SECOND);
    expect(await ${pluralCamel}.get(id)).toEqual({ id, ...SECOND });
    expect(await call('DELETE', \`/${plural}/\${id}\`)).toEqual({
      status: 200,
      body: { code: 200, msg: 'success', data: null },
    });
    await ${pluralCamel}.delete(other);
    const missing = await ${pluralCamel}.get(id).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ code: 404, msg: \`${words} \${id} does not exist\` });
  });

  it('answers an unknown id with 404 and an id that is not one with 400', async () => {
    expect(await call('GET', '/${plural}/999999')).toEqual({
      status: 404,
      body: { code: 404, data: null, msg: '${words} 999999 does not exist' },
    });
    expect(await call('PUT', '/${plural}/abc', FIRST)).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: 'id: must be a positive integer' },
    });
  });
${
  invalid && first
    ? `
  it('refuses an invalid ${first.name} with 400, naming the field, and stores nothing', async () => {
    expect(await call('POST', '/${plural}', { ...FIRST, ${first.name}: ${invalid.value} })).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: '${first.name}: ${invalid.message}' },
    });
    expect((await ${pluralCamel}.page({})).totalCount).toBe(0);
  });
`
    : ''
}
  it('serves the same flow in-process through the provider, with the API codes', async () => {
    const provider = service.application.${camel}Provider;
    const id = await provider.create(FIRST);
    expect(await provider.get(id)).toEqual({ id, ...FIRST });
    await provider.delete(id);
    expect(await provider.get(id).catch((error: unknown) => error)).toMatchObject({ code: 404 });
    expect(await provider.get(0).catch((error: unknown) => error)).toMatchObject({ code: 400 });
  });
});
`;
}

/** The start module's files of a resource, by path inside `src/`. */
export function startFiles(spec: ResourceSpec): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`controller/${kebab}-schemas.ts`, schemasFile(spec)],
    [`controller/${kebab}-controller.ts`, controllerFile(spec)],
    [`vo/${kebab}-vo.ts`, voFile(spec)],
    [`provider/${kebab}-provider.ts`, providerFile(spec)],
    [`${kebab}-api.test.ts`, apiTestFile(spec)],
  ]);
}
