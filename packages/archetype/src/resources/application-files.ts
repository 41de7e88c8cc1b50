import { FIELD_TYPES } from './field-types.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { fit, sortedNames } from './source-text.js';

function commandsFile(spec: ResourceSpec): string {
  const { pascal } = spec.name;
  const members = spec.fields.map((field) => `  readonly ${field.name}: ${FIELD_TYPES[field.type].typescript};`);
  return `import type { PageQuery } from '${moduleImport(spec, 'common')}';
import type { ${pascal}SortColumn } from '${moduleImport(spec, 'domain')}';

export interface Create${pascal}Command {
${members.join('\n')}
}

export interface Update${pascal}Command {
  readonly id: number;
${members.join('\n')}
}

export type ${pascal}PageQuery = PageQuery<${pascal}SortColumn>;
`;
}

function serviceFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, words } = spec.name;
  const plural = spec.name.pluralCamel;
  return `import type { PageResult } from '${moduleImport(spec, 'common')}';
${fit('', 'import ', 'curly', sortedNames(['DomainError', pascal, `type ${pascal}Gateway`]), ` from '${moduleImport(spec, 'domain')}';`)}

import type { TransactionManager } from '../transaction/transaction-manager.js';
${fit('', 'import type ', 'curly', sortedNames([`Create${pascal}Command`, `${pascal}PageQuery`, `Update${pascal}Command`]), ` from './${kebab}-commands.js';`)}

/** The ${words} use cases. It orchestrates; the rules live in \`${pascal}\`, persistence behind \`${pascal}Gateway\`. */
export class ${pascal}AppService {
  constructor(
    private readonly ${plural}: ${pascal}Gateway,
    private readonly transactions: TransactionManager,
  ) {}

  page(query: ${pascal}PageQuery): Promise<PageResult<${pascal}>> {
    return this.${plural}.page(query);
  }

  async get(id: number): Promise<${pascal}> {
    const ${camel} = await this.${plural}.findById(id);
    if (!${camel}) throw notFound(id);
    return ${camel};
  }

  async create(command: Create${pascal}Command): Promise<number> {
    return this.${plural}.insert(${pascal}.draft(command));
  }

  /** Read, change and write in one transaction, so a concurrent delete cannot slip in between. */
  update(command: Update${pascal}Command): Promise<void> {
    return this.transactions.inTransaction(async () => {
      const ${camel} = await this.get(command.id);
      await this.${plural}.update(${camel}.withDetails(command));
    });
  }

  async delete(id: number): Promise<void> {
    if (!(await this.${plural}.deleteById(id))) throw notFound(id);
  }
}

function notFound(id: number): DomainError {
  return DomainError.notFound(\`${words} \${id} does not exist\`);
}
`;
}

/** A value the domain refuses, for each type that has rules. */
const REFUSED_VALUE: Readonly<Record<string, string>> = {
  string: "' '",
  int: 'Number.NaN',
  number: 'Number.NaN',
  date: "'2023-02-29'",
};

function serviceTestFile(spec: ResourceSpec): string {
  const { pascal, camel, kebab, words } = spec.name;
  const low = sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0]);
  const high = sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[1]);
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

${fit('', 'const FIRST = ', 'curly', low, ';')}
${fit('', 'const SECOND = ', 'curly', high, ';')}

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
    ? `    const refused = { ...FIRST, ${refused.name}: ${REFUSED_VALUE[refused.type]} };\n    await expect(service.create(refused)).rejects.toMatchObject({ code: 'RULE_VIOLATED' });\n`
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

/** The application module's files of a resource, by path inside \`src/\`. */
export function applicationFiles(spec: ResourceSpec): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}-commands.ts`, commandsFile(spec)],
    [`${kebab}/${kebab}-app-service.ts`, serviceFile(spec)],
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
