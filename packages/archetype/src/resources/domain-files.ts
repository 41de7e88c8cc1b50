import { FIELD_TYPES, INT_RANGE, STRING_MAX_LENGTH } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { article, fit, guard, sortedNames, throwCall } from './source-text.js';

/** The constant of the domain's limits, `ORDER_RULES`, or undefined when no field type has limits. */
export function rulesConstant(spec: ResourceSpec): string | undefined {
  return spec.fields.some((field) => field.type === 'string' || field.type === 'int')
    ? `${spec.name.constant}_RULES`
    : undefined;
}

function ruleMembers(spec: ResourceSpec): string[] {
  return spec.fields.flatMap((field) => {
    if (field.type === 'string') return [`  ${field.name}MaxLength: ${STRING_MAX_LENGTH},`];
    if (field.type === 'int') return [`  ${field.name}Min: ${INT_RANGE.min},`, `  ${field.name}Max: ${INT_RANGE.max},`];
    return [];
  });
}

const ruleViolated = (message: string) => throwCall('DomainError.ruleViolated', message);

/** The checks of one field in `draft`, at four spaces. */
function fieldChecks(field: ResourceField, rules: string): string[] {
  const { name } = field;
  const indent = '    ';
  switch (field.type) {
    case 'string':
      return [
        `${indent}const ${name} = input.${name}.trim();`,
        guard(indent, [`${name}.length === 0`], ruleViolated(`'${name} must not be blank'`)),
        guard(indent, [`hasControlCharacter(${name})`], ruleViolated(`'${name} must not contain control characters'`)),
        guard(
          indent,
          [`characterCount(${name}) > ${rules}.${name}MaxLength`],
          ruleViolated(`\`${name} must be at most \${${rules}.${name}MaxLength} characters\``),
        ),
      ];
    case 'int':
      return [
        guard(
          indent,
          [
            `!Number.isInteger(input.${name})`,
            `input.${name} < ${rules}.${name}Min`,
            `input.${name} > ${rules}.${name}Max`,
          ],
          ruleViolated(`\`${name} must be an integer from \${${rules}.${name}Min} to \${${rules}.${name}Max}\``),
        ),
      ];
    case 'number':
      return [guard(indent, [`!Number.isFinite(input.${name})`], ruleViolated(`'${name} must be a finite number'`))];
    case 'date':
      return [
        guard(
          indent,
          [`!isCalendarDate(input.${name})`],
          ruleViolated(`'${name} must be a calendar date written YYYY-MM-DD'`),
        ),
      ];
    case 'boolean':
      return [];
  }
}

function commonImports(spec: ResourceSpec): string[] {
  const types = new Set(spec.fields.map((field) => field.type));
  return sortedNames([
    ...(types.has('string') ? ['characterCount', 'hasControlCharacter'] : []),
    ...(types.has('date') ? ['isCalendarDate'] : []),
  ]);
}

function entityFile(spec: ResourceSpec): string {
  const { name, fields } = spec;
  const rules = rulesConstant(spec) ?? '';
  const fromCommon = commonImports(spec);
  const normalised = fields.map((field) =>
    field.type === 'string' ? field.name : `${field.name}: input.${field.name}`,
  );
  const hasText = fields.some((field) => field.type === 'string');
  return [
    ...(fromCommon.length > 0
      ? [fit('', 'import ', 'curly', fromCommon, ` from '${moduleImport(spec, 'common')}';`), '']
      : []),
    ...(fields.some((field) => field.type !== 'boolean')
      ? ["import { DomainError } from '../domain-error.js';", '']
      : []),
    ...(rules
      ? [
          `/** Limits ${article(name.words)} must stay within; the start module declares the same limits on its routes. */`,
          `export const ${rules} = {`,
          ...ruleMembers(spec),
          '} as const;',
          '',
        ]
      : []),
    `/** Fields a page of ${name.words} records may be sorted by; anything else never reaches a query. */`,
    fit(
      '',
      `export const ${name.constant}_SORT_COLUMNS = `,
      'square',
      ['id', ...fields.map((field) => field.name)].map((column) => `'${column}'`),
      ' as const;',
    ),
    `export type ${name.pascal}SortColumn = (typeof ${name.constant}_SORT_COLUMNS)[number];`,
    '',
    `/** What ${article(name.words)} is made of before it has an id. */`,
    `export interface ${name.pascal}Draft {`,
    ...fields.map((field) => `  readonly ${field.name}: ${FIELD_TYPES[field.type].typescript};`),
    '}',
    '',
    `export class ${name.pascal} {`,
    '  private constructor(',
    '    readonly id: number,',
    ...fields.map((field) => `    readonly ${field.name}: ${FIELD_TYPES[field.type].typescript},`),
    '  ) {}',
    '',
    `  /** Checks the business rules of a new or changed ${name.words} and returns it normalised${hasText ? ' (text trimmed)' : ''}. */`,
    `  static draft(input: ${name.pascal}Draft): ${name.pascal}Draft {`,
    ...fields.flatMap((field) => fieldChecks(field, rules)),
    fit('    ', 'return ', 'curly', normalised, ';'),
    '  }',
    '',
    `  /** Rebuilds ${article(name.words)} that was stored earlier; the rules held when it was stored. */`,
    `  static restore(id: number, draft: ${name.pascal}Draft): ${name.pascal} {`,
    fit('    ', `return new ${name.pascal}`, 'round', ['id', ...fields.map((field) => `draft.${field.name}`)], ';'),
    '  }',
    '',
    `  /** The same ${name.words} with new details, checked against the same rules as a new one. */`,
    `  withDetails(details: ${name.pascal}Draft): ${name.pascal} {`,
    `    return ${name.pascal}.restore(this.id, ${name.pascal}.draft(details));`,
    '  }',
    '}',
    '',
  ].join('\n');
}

function gatewayFile(spec: ResourceSpec): string {
  const { pascal, kebab, words } = spec.name;
  return `import type { PageQuery, PageResult } from '${moduleImport(spec, 'common')}';

${fit('', 'import type ', 'curly', [pascal, `${pascal}Draft`, `${pascal}SortColumn`], ` from './${kebab}.js';`)}

/** Persistence of ${words} records as the domain needs it; the infrastructure module implements it. */
export interface ${pascal}Gateway {
  page(query: PageQuery<${pascal}SortColumn>): Promise<PageResult<${pascal}>>;
  findById(id: number): Promise<${pascal} | undefined>;
  /** Stores a new ${words} and returns its id. */
  insert(draft: ${pascal}Draft): Promise<number>;
  update(${spec.name.camel}: ${pascal}): Promise<void>;
  /** Returns false when there was no such ${words}. */
  deleteById(id: number): Promise<boolean>;
}
`;
}

/** Drafts the rules refuse for one field, each with its message, as `[why, draft, message]` rows of the test. */
function refusedRowsOf(field: ResourceField, rules: string): string[] {
  const { name } = field;
  const row = (why: string, value: string, message: string) =>
    fit('  ', '', 'square', [`'${why}'`, `{ ...VALID, ${name}: ${value} }`, message], ',');
  switch (field.type) {
    case 'string':
      return [
        row(`a blank ${name}`, "'   '", `'${name} must not be blank'`),
        row(`control characters in ${name}`, "'a\\u0000b'", `'${name} must not contain control characters'`),
        row(
          `${name} longer than the limit`,
          `'x'.repeat(${rules}.${name}MaxLength + 1)`,
          `\`${name} must be at most \${${rules}.${name}MaxLength} characters\``,
        ),
      ];
    case 'int': {
      const message = `\`${name} must be an integer from \${${rules}.${name}Min} to \${${rules}.${name}Max}\``;
      return [
        row(`a fraction as ${name}`, '1.5', message),
        row(`${name} above the limit`, `${rules}.${name}Max + 1`, message),
      ];
    }
    case 'number':
      return [
        row(`NaN as ${name}`, 'Number.NaN', `'${name} must be a finite number'`),
        row(`infinity as ${name}`, 'Number.POSITIVE_INFINITY', `'${name} must be a finite number'`),
      ];
    case 'date':
      return [
        row(
          `a day that does not exist as ${name}`,
          "'2023-02-29'",
          `'${name} must be a calendar date written YYYY-MM-DD'`,
        ),
        row(
          `a date and time as ${name}`,
          "'2024-02-29T10:00:00Z'",
          `'${name} must be a calendar date written YYYY-MM-DD'`,
        ),
      ];
    case 'boolean':
      return [];
  }
}

function entityTestFile(spec: ResourceSpec): string {
  const { pascal, kebab } = spec.name;
  const rules = rulesConstant(spec) ?? '';
  const rows = spec.fields.flatMap((field) => refusedRowsOf(field, rules));
  const text = spec.fields.filter((field) => field.type === 'string');
  return [
    "import { describe, expect, it } from 'vitest';",
    '',
    ...(rows.length > 0 ? ["import { DomainError } from '../domain-error.js';"] : []),
    fit(
      '',
      'import ',
      'curly',
      sortedNames([pascal, `type ${pascal}Draft`, ...(rules ? [rules] : [])]),
      ` from './${kebab}.js';`,
    ),
    '',
    ...(rows.length > 0
      ? [
          'function ruleError(run: () => unknown): DomainError | undefined {',
          '  try {',
          '    run();',
          '  } catch (error) {',
          '    if (error instanceof DomainError) return error;',
          '    throw error;',
          '  }',
          '  return undefined;',
          '}',
          '',
        ]
      : []),
    fit(
      '',
      `const VALID: ${pascal}Draft = `,
      'curly',
      sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[0]),
      ';',
    ),
    fit(
      '',
      `const CHANGED: ${pascal}Draft = `,
      'curly',
      sampleMembers(spec, (field) => FIELD_TYPES[field.type].samples[1]),
      ';',
    ),
    ...(rows.length > 0
      ? [
          '',
          `/** Drafts the rules refuse, with the message each gets. */`,
          `const REFUSED: [string, ${pascal}Draft, string][] = [`,
          ...rows,
          '];',
        ]
      : []),
    '',
    `describe('${pascal} rules', () => {`,
    `  it('accepts a valid draft as it is', () => {`,
    `    expect(${pascal}.draft(VALID)).toEqual(VALID);`,
    '  });',
    ...(text.length > 0
      ? [
          '',
          "  it('trims text fields', () => {",
          fit(
            '    ',
            `const padded = `,
            'curly',
            ['...VALID', ...text.map((field) => `${field.name}: \` \${VALID.${field.name}} \``)],
            ';',
          ),
          `    expect(${pascal}.draft(padded)).toEqual(VALID);`,
          '  });',
        ]
      : []),
    ...(rows.length > 0
      ? [
          '',
          "  it.each(REFUSED)('refuses %s', (_why, draft, message) => {",
          `    const error = ruleError(() => ${pascal}.draft(draft));`,
          "    expect(error?.code).toBe('RULE_VIOLATED');",
          '    expect(error?.message).toBe(message);',
          '  });',
        ]
      : []),
    '',
    "  it('checks changed details with the same rules and keeps the id', () => {",
    `    const stored = ${pascal}.restore(7, VALID);`,
    `    expect(stored.withDetails(CHANGED)).toEqual(${pascal}.restore(7, CHANGED));`,
    ...(rows.length > 0
      ? [
          "    for (const [, draft] of REFUSED) expect(ruleError(() => stored.withDetails(draft))?.code).toBe('RULE_VIOLATED');",
        ]
      : []),
    '  });',
    '});',
    '',
  ].join('\n');
}

/** The domain module's files of a resource, by path inside `src/`. */
export function domainFiles(spec: ResourceSpec): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}.ts`, entityFile(spec)],
    [`${kebab}/${kebab}-gateway.ts`, gatewayFile(spec)],
    [`${kebab}/${kebab}.test.ts`, entityTestFile(spec)],
  ]);
}

/** The lines of the domain's `index.ts` that export a resource. */
export function domainExports(spec: ResourceSpec): string[] {
  const { pascal, constant, kebab } = spec.name;
  const rules = rulesConstant(spec);
  return [
    fit('', 'export type ', 'curly', [`${pascal}Draft`, `${pascal}SortColumn`], ` from './${kebab}/${kebab}.js';`),
    fit(
      '',
      'export ',
      'curly',
      sortedNames([...(rules ? [rules] : []), `${constant}_SORT_COLUMNS`, pascal]),
      ` from './${kebab}/${kebab}.js';`,
    ),
    `export type { ${pascal}Gateway } from './${kebab}/${kebab}-gateway.js';`,
  ];
}
