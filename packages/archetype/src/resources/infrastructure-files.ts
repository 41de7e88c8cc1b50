import { nullMembers } from './domain-files.js';
import { fieldType } from './field-types.js';
import { columnSample } from './reference-targets.js';
import type { ResourceField } from './resource-fields.js';
import { parseResourceName } from './resource-name.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { replaceEach, replaceLinesBetween, replaceOnce } from './sample-edits.js';
import { renameSample, SAMPLE_FILES, type SampleSources } from './sample-source.js';
import { fit, sortedNames } from './source-text.js';

/** The shared helper a gateway reads `date` columns with; written the first time a resource has a date. */
export const DATE_COLUMN_FILE = 'database/date-column.ts';
export const DATE_COLUMN_SOURCE = `/**
 * A \`date\` column's value as \`YYYY-MM-DD\`. The PostgreSQL and MySQL drivers return a Date at local midnight and
 * SQLite the text that was stored, so both read back as the calendar date that was written.
 */
export function isoDate(value: Date | string): string {
  if (typeof value === 'string') return value;
  const year = String(value.getFullYear()).padStart(4, '0');
  const month = String(value.getMonth() + 1).padStart(2, '0');
  const day = String(value.getDate()).padStart(2, '0');
  return \`\${year}-\${month}-\${day}\`;
}
`;

const hasType = (spec: ResourceSpec, type: ResourceField['type']) => spec.fields.some((field) => field.type === type);

/** `convert(value)`, or null for a nullable field's null. */
function converted(field: ResourceField, value: string, convert: string): string {
  return field.nullable ? `${value} === null ? null : ${convert}(${value})` : `${convert}(${value})`;
}

/** `text` with the body of the gateway's method `method` run inside `wrapper(async () => { … }, message)`. */
export function wrapMethod(text: string, file: string, method: string, wrapper: string, message: string): string {
  const head = new RegExp(`^ {2}async ${method}\\(`);
  const lines = text.split('\n');
  const start = lines.findIndex((line) => head.test(line));
  const end = lines.findIndex((line, i) => i > start && line === '  }');
  const wrapped = [
    `    return ${wrapper}(async () => {`,
    ...lines.slice(start + 1, end).map((line) => `  ${line}`),
    `    }, ${message});`,
  ];
  return replaceLinesBetween(text, file, head, /^ {2}\}$/, wrapped);
}

/** A field as the gateway writes it into its column. */
function written(field: ResourceField, from: string): string {
  const value = `${from}.${field.name}`;
  return `${field.column}: ${field.type === 'boolean' ? converted(field, value, 'Number') : value}`;
}

/** A column as the gateway reads it into the field. */
function read(field: ResourceField): string {
  const value = `row.${field.column}`;
  if (field.type === 'boolean') return `${field.name}: ${converted(field, value, 'Boolean')}`;
  if (field.type === 'date') return `${field.name}: ${converted(field, value, 'isoDate')}`;
  return `${field.name}: ${value}`;
}

function gatewayFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.gatewayImpl;
  const { fields } = spec;
  const columns = ['id', ...fields.map((field) => field.column)].map((column) => `'${column}'`);
  const sortColumns = ["id: 'id'", ...fields.map((field) => `${field.name}: '${field.column}'`)];
  let text = replaceEach(sample, file, /\.select\(\[[^\]]*\]\)/, `.select([${columns.join(', ')}])`);
  text = replaceOnce(text, file, /(?<=const SORT_COLUMNS: [^=]*= )\{[^}]*\}/, `{ ${sortColumns.join(', ')} }`);
  const values = (from: string) => `{ ${fields.map((field) => written(field, from)).join(', ')} }`;
  text = replaceOnce(text, file, /\.values\(\{[^}]*\}\)/, `.values(${values('draft')})`);
  text = replaceOnce(text, file, /\.set\(\{[^}]*\}\)/, `.set(${values(spec.name.camel)})`);
  text = replaceOnce(
    text,
    file,
    /\.restore\(row\.id, \{[^}]*\}\)/,
    `.restore(row.id, { ${fields.map(read).join(', ')} })`,
  );
  const references = fields.filter((field) => field.target);
  if (references.length > 0) {
    // The writes that may name a record that is not there: the foreign key's refusal is the domain's NOT_FOUND.
    for (const [method, from] of [
      ['insert', 'draft'],
      ['update', spec.name.camel],
    ] as const) {
      const [reference] = references;
      const message =
        references.length === 1 && reference
          ? `\`${(reference.target ?? '').replaceAll('-', ' ')} \${${from}.${reference.name}} does not exist\``
          : `'a record it refers to does not exist: ${references.map((field) => field.name).join(', ')}'`;
      text = wrapMethod(text, file, method, 'refusingMissingReferences', message);
    }
    text = replaceOnce(
      text,
      file,
      /^import \{ ID_MAX \}/m,
      "import { refusingMissingReferences } from '../database/foreign-key-violation.js';\nimport { ID_MAX }",
    );
  }
  const unique = fields.filter((field) => field.unique);
  if (unique.length > 0) {
    const message = `'another ${spec.name.words} has ${unique.length === 1 ? 'this' : 'one of these'}: ${unique.map((field) => field.name).join(', ')}'`;
    // The writes that may hold a duplicate: a unique column's refusal is the domain's CONFLICT.
    for (const method of ['insert', 'update']) text = wrapMethod(text, file, method, 'refusingDuplicates', message);
    text = replaceOnce(
      text,
      file,
      /^import \{ ID_MAX \}/m,
      "import { refusingDuplicates } from '../database/unique-violation.js';\nimport { ID_MAX }",
    );
  }
  if (!hasType(spec, 'date')) return text;
  return replaceOnce(
    text,
    file,
    /^import \{ ID_MAX \}/m,
    "import { isoDate } from '../database/date-column.js';\nimport { ID_MAX }",
  );
}

/** The test's records 1 and 2 of each resource the drafts refer to, unless it has two already (the sample users). */
function insertReferencedFunction(spec: ResourceSpec): string {
  const statements = [...(spec.targets?.values() ?? [])].map((target) => {
    const rows = ([1, 2] as const).map(
      (n) =>
        `{ ${target.columns.map((column) => `${column.column}: ${columnSample(column.type, n, 'db')}`).join(', ')} }`,
    );
    const count = `${target.name.pluralCamel}Count`;
    return [
      `  const ${count} = await executor.selectFrom('${target.name.table}').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();`,
      `  if (Number(${count}.total) < 2) await executor.insertInto('${target.name.table}').values([${rows.join(', ')}]).execute();`,
    ].join('\n');
  });
  return `
/** Records 1 and 2 of each resource the drafts refer to, unless the table has them already. */
async function insertReferenced(database: Database): Promise<void> {
  const executor = database.executor();
${statements.join('\n')}
}
`;
}

function gatewayTestFile(spec: ResourceSpec): string {
  const { pascal, kebab, table } = spec.name;
  const references = spec.fields.filter((field) => field.target);
  const [reference] = references;
  const nulls = nullMembers(spec);
  const duplicates = spec.fields.filter((field) => field.unique).map((field) => `${field.name}: FIRST.${field.name}`);
  const column = spec.fields[0]?.name ?? 'id';
  return `import { afterEach, beforeEach, describe, expect, it } from 'vitest';

${fit('', 'import ', 'curly', sortedNames([pascal, `type ${pascal}Draft`]), ` from '${moduleImport(spec, 'domain')}';`)}

import type { Database } from '../database/database.js';
import { openTestDatabase, type TestDatabase } from '../database/test-database.test-support.js';
import { ${pascal}GatewayImpl } from './${kebab}-gateway-impl.js';

${fit(
  '',
  `const FIRST: ${pascal}Draft = `,
  'curly',
  sampleMembers(spec, (field) => fieldType(field).samples[0]),
  ';',
)}
${fit(
  '',
  `const SECOND: ${pascal}Draft = `,
  'curly',
  sampleMembers(spec, (field) => fieldType(field).samples[1]),
  ';',
)}

let testDatabase: TestDatabase;
let database: Database;
let gateway: ${pascal}GatewayImpl;
${references.length > 0 ? insertReferencedFunction(spec) : ''}
// A migrated database of its own for each test: in-memory SQLite, or a scratch database on the configured server.
beforeEach(async () => {
  testDatabase = await openTestDatabase('${table}_gateway');
  database = testDatabase.database;
  gateway = new ${pascal}GatewayImpl(database);${references.length > 0 ? '\n  await insertReferenced(database);' : ''}
});
afterEach(() => testDatabase.close());

describe('${pascal}GatewayImpl on the configured database', () => {
  it('stores every field and reads it back as it was given, then updates and deletes', async () => {
    const id = await gateway.insert(FIRST);
    expect(await gateway.findById(id)).toEqual(${pascal}.restore(id, FIRST));
    await gateway.update(${pascal}.restore(id, SECOND));
    expect(await gateway.findById(id)).toEqual(${pascal}.restore(id, SECOND));
    expect(await gateway.deleteById(id)).toBe(true);
    expect(await gateway.deleteById(id)).toBe(false);
    expect(await gateway.findById(id)).toBeUndefined();
  });

  it('sorts by ${column} both ways and pages through the result', async () => {
    const first = await gateway.insert(FIRST);
    const second = await gateway.insert(SECOND);
    const ids = async (direction: 'ASC' | 'DESC') => {
      const sorts = [{ column: '${column}' as const, direction }];
      return (await gateway.page({ pageSize: 20, pageIndex: 1, sorts })).list.map((record) => record.id);
    };
    expect(await ids('ASC')).toEqual([first, second]);
    expect(await ids('DESC')).toEqual([second, first]);
    expect(await gateway.page({ pageSize: 1, pageIndex: 2, sorts: [] })).toEqual({
      list: [${pascal}.restore(second, SECOND)],
      totalCount: 2,
      pageSize: 1,
      pageIndex: 2,
    });
    expect(await gateway.page({ pageSize: 2, pageIndex: 5, sorts: [] })).toMatchObject({ list: [], totalCount: 2 });
  });

  it('refuses a sort column that is not in its whitelist even when the types were bypassed', async () => {
    const sorts = [{ column: 'id; DROP TABLE ${table}' as 'id', direction: 'ASC' as const }];
    await expect(gateway.page({ pageSize: 20, pageIndex: 1, sorts })).rejects.toThrow('cannot sort by');
  });

  it('finds nothing, and deletes nothing, for an id beyond the id column', async () => {
    expect(await gateway.findById(2_147_483_648)).toBeUndefined();
    expect(await gateway.deleteById(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('rolls back every change made inside a failed transaction', async () => {
    const failure = database.inTransaction(async () => {
      await gateway.insert(FIRST);
      throw new Error('abort');
    });
    await expect(failure).rejects.toThrow('abort');
    expect((await gateway.page({ pageSize: 20, pageIndex: 1, sorts: [] })).totalCount).toBe(0);
  });
${
  reference
    ? `
  it('refuses a reference to a record that does not exist as NOT_FOUND', async () => {
    await expect(gateway.insert({ ...FIRST, ${reference.name}: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const id = await gateway.insert(FIRST);
    const changed = ${pascal}.restore(id, { ...FIRST, ${reference.name}: 999_999 });
    await expect(gateway.update(changed)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
`
    : ''
}${
  duplicates.length > 0
    ? `
  it('refuses a duplicate of a unique field as a conflict, when added and when changed', async () => {
    await gateway.insert(FIRST);
${fit('    ', `const duplicate: ${pascal}Draft = `, 'curly', ['...SECOND', ...duplicates], ';')}
    await expect(gateway.insert(duplicate)).rejects.toMatchObject({ code: 'CONFLICT' });
    const id = await gateway.insert(SECOND);
    await expect(gateway.update(${pascal}.restore(id, duplicate))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await gateway.findById(id)).toEqual(${pascal}.restore(id, SECOND));
  });
`
    : ''
}${
  nulls.length > 0
    ? `
  it('stores null in the fields that may be null and reads it back', async () => {
${fit('    ', `const blank: ${pascal}Draft = `, 'curly', ['...FIRST', ...nulls], ';')}
    const id = await gateway.insert(blank);
    expect(await gateway.findById(id)).toEqual(${pascal}.restore(id, blank));
  });
`
    : ''
}});
`;
}

function migrationFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.migration;
  const { table, words } = spec.name;
  const columns = spec.fields.map((field) => {
    const constraints = [
      ...(field.nullable ? [] : ['.notNull()']),
      ...(field.unique ? ['.unique()'] : []),
      ...(field.target ? [`.references('${parseResourceName(field.target).table}.id')`] : []),
    ];
    const built = constraints.length > 0 ? `, (column) => column${constraints.join('')}` : '';
    return `    .addColumn('${field.column}', '${fieldType(field).column}'${built})`;
  });
  const text = replaceOnce(
    sample,
    file,
    /^\/\*\*[^\n]*\*\/$(?=\nexport async function up)/m,
    `/** The \`${table}\` table of the ${words} resource. */`,
  );
  return replaceLinesBetween(text, file, /\.addColumn\('id'/, /^ {4}\.execute\(\);$/, columns);
}

/** The name of the migration that creates the table, numbered after the last one of the folder. */
export function migrationName(spec: ResourceSpec, existing: readonly string[]): string {
  const numbers = existing.map((file) => Number(/^(\d+)-/.exec(file)?.[1] ?? 0));
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  return `${next}-create-${spec.name.table.replaceAll('_', '-')}`;
}

/** The table's interface in \`database-schema.ts\`. */
export function tableInterface(spec: ResourceSpec, migration: string): string {
  const { pascal, table } = spec.name;
  return [
    `/** The \`${table}\` table as Kysely sees it; \`migrations/${migration}.ts\` creates it. */`,
    `export interface ${pascal}Table {`,
    '  id: Generated<number>;',
    ...spec.fields.map((field) => `  ${field.column}: ${fieldType(field).table};`),
    '}',
  ].join('\n');
}

/** The infrastructure module's new files of a resource, by path inside `src/`: the sources from the sample's. */
export function infrastructureFiles(spec: ResourceSpec, sample: SampleSources, migration: string): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}-do.ts`, renameSample(sample.dataObject, spec)],
    [`${kebab}/${kebab}-gateway-impl.ts`, gatewayFile(spec, renameSample(sample.gatewayImpl, spec))],
    [`${kebab}/${kebab}-gateway-impl.test.ts`, gatewayTestFile(spec)],
    [`database/migrations/${migration}.ts`, migrationFile(spec, renameSample(sample.migration, spec))],
  ]);
}

export function infrastructureExports(spec: ResourceSpec): string[] {
  const { pascal, kebab } = spec.name;
  return [
    `export type { ${pascal}DO } from './${kebab}/${kebab}-do.js';`,
    `export { ${pascal}GatewayImpl } from './${kebab}/${kebab}-gateway-impl.js';`,
  ];
}
