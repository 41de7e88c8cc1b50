import { nullMembers, rulesConstant } from './domain-files.js';
import { fieldType } from './field-types.js';
import { columnSample } from './reference-targets.js';
import type { ResourceField } from './resource-fields.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { replaceLinesBetween, replaceOnce } from './sample-edits.js';
import { renameSample, SAMPLE_FILES, type SampleRole, type SampleSources } from './sample-source.js';
import { chain, fit, sortedNames } from './source-text.js';

/** The zod schema of a field in the request body, `.nullable()` for a nullable one; the domain checks it again. */
function bodySchema(field: ResourceField, rules: string): string {
  const schema = valueSchema(field, rules);
  return field.nullable ? `${schema.slice(0, -1)}.nullable(),` : schema;
}

/** The zod schema of a field's value in the request body, as the member `name: …,`. */
function valueSchema(field: ResourceField, rules: string): string {
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
    case 'enum':
      return `    ${name}: ${fieldType({ ...field, nullable: false }).vo},`;
    case 'ref':
      return `    ${name}: z.number().int().positive(),`;
  }
}

function schemasFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.schemas;
  const { constant, plural } = spec.name;
  const rules = rulesConstant(spec);
  const text = spec.fields.some((field) => field.type === 'string');
  const fromDomain = sortedNames([...(rules ? [rules] : []), `${constant}_SORT_COLUMNS`]);
  const example = sampleMembers(spec, (field) => fieldType(field).samples[0]);
  let result = replaceOnce(
    sample,
    file,
    /^import \{ hasControlCharacter \} from '[^']*';\n/m,
    text ? `import { hasControlCharacter } from '${moduleImport(spec, 'common')}';\n` : '',
  );
  result = replaceOnce(
    result,
    file,
    /^import \{[^}]*\} from '[^']*-domain';$/m,
    `import { ${fromDomain.join(', ')} } from '${moduleImport(spec, 'domain')}';`,
  );
  result = replaceOnce(
    result,
    file,
    /^\/\*\*(?:(?!\*\/)[\s\S])*\*\/$(?=\nexport const \w+BodySchema)/m,
    `/** Body of \`POST /${plural}\` and \`PUT /${plural}/:id\`; the domain checks the same rules again. */`,
  );
  result = replaceLinesBetween(
    result,
    file,
    /^ {2}\.object\(\{$/,
    /^ {2}\}\)$/,
    spec.fields.map((field) => bodySchema(field, rules ?? '')),
  );
  return replaceOnce(
    result,
    file,
    /\.meta\(\{ examples: \[\{[^}]*\}\] \}\)/,
    `.meta({ examples: [{ ${example.join(', ')} }] })`,
  );
}

/** `{ id: record.id, … }`: the fields of a record as an object literal. */
function copied(spec: ResourceSpec): string {
  const { camel } = spec.name;
  return `{ ${['id', ...spec.fields.map((field) => field.name)].map((name) => `${name}: ${camel}.${name}`).join(', ')} }`;
}

function voFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.vo;
  const vo = ['id: z.number().int()', ...spec.fields.map((field) => `${field.name}: ${fieldType(field).vo}`)];
  const example = ['id: 1', ...sampleMembers(spec, (field) => fieldType(field).samples[0])];
  let text = replaceOnce(sample, file, /\.object\(\{[^}]*\}\)/, `.object({ ${vo.join(', ')} })`);
  text = replaceOnce(
    text,
    file,
    /\.meta\(\{ examples: \[\{[^}]*\}\] \}\)/,
    `.meta({ examples: [{ ${example.join(', ')} }] })`,
  );
  return replaceOnce(text, file, /(?<=return )\{ id: \w+\.id[^}]*\}/, copied(spec));
}

function providerFile(spec: ResourceSpec, sample: string): string {
  return replaceOnce(sample, SAMPLE_FILES.provider, /(?<=return )\{ id: \w+\.id[^}]*\}/, copied(spec));
}

/** Statements that create, over the API, records 1 and 2 of each resource the requests refer to, if not there. */
function createReferenced(spec: ResourceSpec): string {
  return [...(spec.targets?.values() ?? [])]
    .map((target) => {
      const camel = (column: string) => column.replaceAll(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
      const bodies = ([1, 2] as const).map(
        (n) =>
          `{ ${target.columns.map((column) => `${camel(column.column)}: ${columnSample(column.type, n, 'api')}`).join(', ')} }`,
      );
      const page = `(await call('GET', '/${target.name.plural}/page')).body as { data: { totalCount: number } }`;
      return `
  // Records 1 and 2 of ${target.name.plural.replaceAll('-', ' ')}, which the requests refer to.
  if ((${page}).data.totalCount < 2) {
    for (const body of [${bodies.join(', ')}]) await call('POST', '/${target.name.plural}', body);
  }`;
    })
    .join('');
}

function apiTestFile(spec: ResourceSpec): string {
  const nulls = nullMembers(spec);
  const references = spec.fields.filter((field) => field.target);
  // With one reference the answer names the record that is not there; with more, which fields refer.
  const [reference] = references.length === 1 ? references : [];
  const target = reference?.target ? spec.targets?.get(reference.target) : undefined;
  const unique = spec.fields.filter((field) => field.unique);
  const { pascal, camel, plural, pluralCamel, words } = spec.name;
  const [first] = spec.fields;
  const column = first?.name ?? 'id';
  const invalid = first ? fieldType(first).invalid : undefined;
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';

${fit('', 'import ', 'curly', sortedNames(['ApiError', `create${pascal}Client`, `type ${pascal}Api`, `type ${pascal}CreateRequest`]), ` from '${moduleImport(spec, 'api')}';`)}

import { startTestApplication, type TestApplication, withoutTraceId } from './test-application.test-support.js';

${fit(
  '',
  `const FIRST: ${pascal}CreateRequest = `,
  'curly',
  sampleMembers(spec, (field) => fieldType(field).samples[0]),
  ';',
)}
${fit(
  '',
  `const SECOND: ${pascal}CreateRequest = `,
  'curly',
  sampleMembers(spec, (field) => fieldType(field).samples[1]),
  ';',
)}

let service: TestApplication;
let ${pluralCamel}: ${pascal}Api;

beforeAll(async () => {
  service = await startTestApplication();
  ${pluralCamel} = create${pascal}Client(service.application.url, service.fetch);${createReferenced(spec)}
});
afterAll(() => service.application.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await service.fetch(\`\${service.application.url}\${path}\`, {
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
    // The other one goes first, so the update may take its values, unique ones included.
    await ${pluralCamel}.delete(other);
    await ${pluralCamel}.update(id, SECOND);
    expect(await ${pluralCamel}.get(id)).toEqual({ id, ...SECOND });
    expect(await call('DELETE', \`/${plural}/\${id}\`)).toEqual({
      status: 200,
      body: { code: 200, msg: 'success', data: null },
    });
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
${
  reference && target
    ? `
  it('answers a reference to a record that does not exist with 404, and one still referred to cannot go (409)', async () => {
    expect(await call('POST', '/${spec.name.plural}', { ...FIRST, ${reference.name}: 999999 })).toEqual({
      status: 404,
      body: { code: 404, data: null, msg: '${target.name.words} 999999 does not exist' },
    });
    const id = await ${spec.name.pluralCamel}.create(FIRST);
    expect(await call('DELETE', \`/${target.name.plural}/\${FIRST.${reference.name}}\`)).toEqual({
      status: 409,
      body: {
        code: 409,
        data: null,
        msg: \`${target.name.words} \${FIRST.${reference.name}} is still referred to: delete or change what refers to it first\`,
      },
    });
    await ${spec.name.pluralCamel}.delete(id);
  });
`
    : ''
}${
  unique.length > 0
    ? `
  it('answers a duplicate of a unique field with 409, and stores nothing', async () => {
    const id = await ${spec.name.pluralCamel}.create(FIRST);
${fit('    ', 'const duplicate = ', 'curly', ['...SECOND', ...unique.map((field) => `${field.name}: FIRST.${field.name}`)], ';')}
    expect(await call('POST', '/${spec.name.plural}', duplicate)).toEqual({
      status: 409,
      body: { code: 409, data: null, msg: 'another ${spec.name.words} has ${unique.length === 1 ? 'this' : 'one of these'}: ${unique.map((field) => field.name).join(', ')}' },
    });
    expect((await ${spec.name.pluralCamel}.page({})).totalCount).toBe(1);
    await ${spec.name.pluralCamel}.delete(id);
  });
`
    : ''
}${
  nulls.length > 0
    ? `
  it('takes and answers null for the fields that may be null', async () => {
${fit('    ', 'const blank = ', 'curly', ['...FIRST', ...nulls], ';')}
    const id = await ${pluralCamel}.create(blank);
    expect(await ${pluralCamel}.get(id)).toEqual({ id, ...blank });
    await ${pluralCamel}.delete(id);
  });
`
    : ''
}});
`;
}

/** The start module's files of a resource, by path inside `src/`: the sources from the sample's. */
export function startFiles(spec: ResourceSpec, sample: SampleSources): Map<string, string> {
  const { kebab } = spec.name;
  const renamed = (role: SampleRole) => renameSample(sample[role], spec);
  return new Map([
    [`controller/${kebab}-schemas.ts`, schemasFile(spec, renamed('schemas'))],
    [`controller/${kebab}-controller.ts`, renamed('controller')],
    [`vo/${kebab}-vo.ts`, voFile(spec, renamed('vo'))],
    [`provider/${kebab}-provider.ts`, providerFile(spec, renamed('provider'))],
    [`${kebab}-api.test.ts`, apiTestFile(spec)],
  ]);
}
