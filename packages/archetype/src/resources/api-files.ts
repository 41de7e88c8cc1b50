import { fieldType, INT_RANGE, STRING_MAX_LENGTH } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { type ResourceSpec, sampleMembers } from './resource-spec.js';
import { replaceLinesBetween, replaceOnce } from './sample-edits.js';
import { renameSample, SAMPLE_FILES, type SampleSources } from './sample-source.js';
import { fit, sortedNames } from './source-text.js';

/** What the API contract says of a field's values, for the DTO's documentation. */
function fieldContract(field: ResourceField): string {
  const contract = field.nullable ? `${valueContract(field)}, or null` : valueContract(field);
  return field.unique ? `${contract}, unique (409 when another record holds it)` : contract;
}

function valueContract(field: ResourceField): string {
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
    case 'enum':
      return `\`${field.name}\`: one of ${(field.values ?? []).map((value) => `\`${value}\``).join(', ')}`;
    case 'ref':
      return `\`${field.name}\`: the id of a ${(field.target ?? '').replaceAll('-', ' ')} (404 when there is none)`;
  }
}

function dtoFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.dto;
  const { pascal } = spec.name;
  const members = spec.fields.map((field) => `  readonly ${field.name}: ${fieldType(field).typescript};`);
  const columns = ['id', ...spec.fields.map((field) => field.name)].map((column) => `'${column}'`);
  let text = replaceLinesBetween(sample, file, /^ {2}readonly id: number;$/, /^\}$/, members);
  text = replaceOnce(
    text,
    file,
    /^\/\*\*[^\n]*\*\/\nexport interface \w+CreateRequest \{\n[^}]*\}/m,
    [
      ...spec.fields.map((field, i) => `${i === 0 ? '/** ' : ' * '}${fieldContract(field)}.`),
      ' */',
      `export interface ${pascal}CreateRequest {`,
      ...members,
      '}',
    ].join('\n'),
  );
  return replaceOnce(
    text,
    file,
    /^export type \w+SortColumnDTO = [^;]*;/m,
    `export type ${pascal}SortColumnDTO = ${columns.join(' | ')};`,
  );
}

function requestTypes(pascal: string): string[] {
  return sortedNames([`${pascal}CreateRequest`, `${pascal}DTO`, `${pascal}PageRequest`, `${pascal}UpdateRequest`]);
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
  sampleMembers(spec, (field) => fieldType(field).samples[0]),
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

/** The api module's files of a resource, by path inside `src/`: the sources from the sample's. */
export function apiFiles(spec: ResourceSpec, sample: SampleSources): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}-dto.ts`, dtoFile(spec, renameSample(sample.dto, spec))],
    [`${kebab}/${kebab}-api.ts`, renameSample(sample.api, spec)],
    [`${kebab}/${kebab}-client.ts`, renameSample(sample.client, spec)],
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
