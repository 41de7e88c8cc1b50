import { fieldType, NOT_AN_ENUM_VALUE } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { replaceLinesBetween } from './sample-edits.js';
import { renameSample, SAMPLE_FILES, type SampleSources } from './sample-source.js';
import { fit, sortedNames } from './source-text.js';

function commandsFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.commands;
  const members = spec.fields.map((field) => `  readonly ${field.name}: ${fieldType(field).typescript};`);
  const text = replaceLinesBetween(sample, file, /^export interface Create\w+Command \{$/, /^\}$/, members);
  return replaceLinesBetween(text, file, /^ {2}readonly id: number;$/, /^\}$/, members);
}

/** A value the domain refuses, for each type that has rules. */
const REFUSED_VALUE: Readonly<Record<string, string>> = {
  string: "' '",
  int: 'Number.NaN',
  number: 'Number.NaN',
  date: "'2023-02-29'",
  ref: '0',
};

/** A value the domain refuses for `field`, typed as the field is so the command still compiles. */
function refusedValue(field: ResourceField): string {
  return field.type === 'enum'
    ? `${NOT_AN_ENUM_VALUE} as ${fieldType(field).samples[0]}`
    : (REFUSED_VALUE[field.type] ?? '');
}

function serviceTestFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, words } = spec.name;
  const low = sampleMembers(spec, (field) => fieldType(field).samples[0]);
  const high = sampleMembers(spec, (field) => fieldType(field).samples[1]);
  const refused = spec.fields.find((field) => field.type !== 'boolean');
  return `import { beforeEach, describe, expect, it } from 'vitest';

import type { PageQuery, PageResult } from '${moduleImport(spec, 'common')}';
${fit('', 'import type ', 'curly', [`${pascal}Draft`, `${pascal}Gateway`, `${pascal}SortColumn`], ` from '${moduleImport(spec, 'domain')}';`)}
${fit('', 'import ', 'curly', sortedNames(['DomainError', pascal]), ` from '${moduleImport(spec, 'domain')}';`)}

import type { TransactionManager } from '../transaction/transaction-manager.js';
import { ${pascal}AppService } from './${kebab}-app-service.js';

/** Records in a Map, recording whether each call ran inside a transaction. */
class InMemory${pascal}Gateway implements ${pascal}Gateway {
  readonly records = new Map<number, ${pascal}>();
  readonly calls: string[] = [];
  inTransaction = false;

  private record(call: string): void {
    this.calls.push(this.inTransaction ? \`\${call} (in transaction)\` : call);
  }

  async page(query: PageQuery<${pascal}SortColumn>): Promise<PageResult<${pascal}>> {
    this.record('page');
    const list = [...this.records.values()].slice((query.pageIndex - 1) * query.pageSize).slice(0, query.pageSize);
    return { list, totalCount: this.records.size, pageSize: query.pageSize, pageIndex: query.pageIndex };
  }

  async findById(id: number): Promise<${pascal} | undefined> {
    this.record('findById');
    return this.records.get(id);
  }

  async insert(draft: ${pascal}Draft): Promise<number> {
    this.record('insert');
    const id = this.records.size + 1;
    this.records.set(id, ${pascal}.restore(id, draft));
    return id;
  }

  async update(${camel}: ${pascal}): Promise<void> {
    this.record('update');
    this.records.set(${camel}.id, ${camel});
  }

  async deleteById(id: number): Promise<boolean> {
    this.record('deleteById');
    return this.records.delete(id);
  }
}

${fit('', `const FIRST: ${pascal}Draft = `, 'curly', low, ';')}
${fit('', `const SECOND: ${pascal}Draft = `, 'curly', high, ';')}

let gateway: InMemory${pascal}Gateway;
let service: ${pascal}AppService;

beforeEach(() => {
  gateway = new InMemory${pascal}Gateway();
  const transactions: TransactionManager = {
    async inTransaction(work) {
      gateway.inTransaction = true;
      try {
        return await work();
      } finally {
        gateway.inTransaction = false;
      }
    },
  };
  service = new ${pascal}AppService(gateway, transactions);
});

describe('${pascal}AppService', () => {
  it('creates ${words} records from commands checked by the domain rules', async () => {
    const id = await service.create(FIRST);
    expect(await service.get(id)).toEqual(${pascal}.restore(id, FIRST));
${
  refused
    ? `    const refused = { ...FIRST, ${refused.name}: ${refusedValue(refused)} };\n    await expect(service.create(refused)).rejects.toMatchObject({ code: 'RULE_VIOLATED' });\n`
    : ''
}  });

  it('reads and writes an update inside one transaction', async () => {
    const id = await service.create(FIRST);
    gateway.calls.length = 0;
    await service.update({ id, ...SECOND });
    expect(gateway.calls).toEqual(['findById (in transaction)', 'update (in transaction)']);
    expect(await service.get(id)).toEqual(${pascal}.restore(id, SECOND));
  });

  it('reports a missing ${words} as NOT_FOUND for get, update and delete', async () => {
    for (const attempt of [service.get(9), service.update({ id: 9, ...FIRST }), service.delete(9)]) {
      await expect(attempt).rejects.toEqual(DomainError.notFound('${words} 9 does not exist'));
    }
  });
});
`;
}

/** The application module's files of a resource, by path inside `src/`: the sources from the sample's. */
export function applicationFiles(spec: ResourceSpec, sample: SampleSources): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}-commands.ts`, commandsFile(spec, renameSample(sample.commands, spec))],
    [`${kebab}/${kebab}-app-service.ts`, renameSample(sample.appService, spec)],
    [`${kebab}/${kebab}-app-service.test.ts`, serviceTestFile(spec)],
  ]);
}

export function applicationExports(spec: ResourceSpec): string[] {
  const { pascal, kebab } = spec.name;
  return [
    `export { ${pascal}AppService } from './${kebab}/${kebab}-app-service.js';`,
    fit(
      '',
      'export type ',
      'curly',
      sortedNames([`Create${pascal}Command`, `${pascal}PageQuery`, `Update${pascal}Command`]),
      ` from './${kebab}/${kebab}-commands.js';`,
    ),
  ];
}
