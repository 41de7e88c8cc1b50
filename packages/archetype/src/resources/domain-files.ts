import { fieldType, INT_RANGE, NOT_AN_ENUM_VALUE, STRING_MAX_LENGTH } from './field-types.js';
import type { ResourceField } from './resource-fields.js';
import { moduleImport, type ResourceSpec, sampleMembers } from './resource-spec.js';
import { replaceLinesBetween, replaceOnce } from './sample-edits.js';
import { renameSample, SAMPLE_FILES, type SampleSources } from './sample-source.js';
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

/**
 * The checks of one field in `draft`, at four spaces. A nullable field's value is checked when it is not null; its
 * text, if it is one, is trimmed when it is not null.
 */
function fieldChecks(field: ResourceField, rules: string): string[] {
  const checks = valueChecks(field, rules);
  if (!field.nullable || checks.length === 0) return checks;
  const { name } = field;
  const text = field.type === 'string';
  const inner = text ? checks.slice(1) : checks;
  return [
    ...(text ? [`    const ${name} = input.${name} === null ? null : input.${name}.trim();`] : []),
    `    if (${text ? name : `input.${name}`} !== null) {`,
    ...inner.map((check) => check.replaceAll(/^/gm, '  ')),
    '    }',
  ];
}

/** The checks of one field's value, at four spaces. */
function valueChecks(field: ResourceField, rules: string): string[] {
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
    case 'ref':
      return [
        guard(
          indent,
          [`!Number.isInteger(input.${name})`, `input.${name} < 1`],
          ruleViolated(`'${name} must be the id of ${article((field.target ?? '').replaceAll('-', ' '))}'`),
        ),
      ];
    case 'enum':
      return [
        guard(
          indent,
          [`!${enumValues(field)}.includes(input.${name})`],
          ruleViolated(`'${name} must be one of: ${(field.values ?? []).join(', ')}'`),
        ),
      ];
  }
}

/** `note: null` for each field that may be null. */
export function nullMembers(spec: ResourceSpec): string[] {
  return spec.fields.filter((field) => field.nullable).map((field) => `${field.name}: null`);
}

/** The values of an `enum(…)` field as an array literal: `['low', 'high']`. */
function enumValues(field: ResourceField): string {
  return `[${(field.values ?? []).map((value) => `'${value}'`).join(', ')}]`;
}

function commonImports(spec: ResourceSpec): string[] {
  const types = new Set(spec.fields.map((field) => field.type));
  return sortedNames([
    ...(types.has('string') ? ['characterCount', 'hasControlCharacter'] : []),
    ...(types.has('date') ? ['isCalendarDate'] : []),
  ]);
}

function entityFile(spec: ResourceSpec, sample: string): string {
  const file = SAMPLE_FILES.entity;
  const { name, fields } = spec;
  const rules = rulesConstant(spec);
  const fromCommon = commonImports(spec);
  const typed = (indent: string, end: string) =>
    fields.map((field) => `${indent}readonly ${field.name}: ${fieldType(field).typescript}${end}`);
  let text = replaceOnce(
    sample,
    file,
    /^import \{[^}]*\} from '[^']*-common';\n\n/m,
    fromCommon.length > 0 ? `import { ${fromCommon.join(', ')} } from '${moduleImport(spec, 'common')}';\n\n` : '',
  );
  if (fields.every((field) => field.type === 'boolean')) {
    text = replaceOnce(text, file, /^import \{ DomainError \} from '\.\.\/domain-error\.js';\n\n/m, '');
  }
  text = rules
    ? replaceLinesBetween(text, file, /^export const \w+_RULES = \{$/, /^\} as const;$/, ruleMembers(spec))
    : replaceOnce(text, file, /^\/\*\*[^\n]*\*\/\nexport const \w+_RULES = \{\n[\s\S]*?^\} as const;\n\n/m, '');
  const columns = ['id', ...fields.map((field) => field.name)].map((column) => `'${column}'`);
  text = replaceOnce(text, file, /_SORT_COLUMNS = \[[^\]]*\]/, `_SORT_COLUMNS = [${columns.join(', ')}]`);
  text = replaceLinesBetween(text, file, /^export interface \w+Draft \{$/, /^\}$/, typed('  ', ';'));
  text = replaceLinesBetween(text, file, /^ {4}readonly id: number,$/, /^ {2}\) \{\}$/, typed('    ', ','));
  const hasText = fields.some((field) => field.type === 'string');
  text = replaceOnce(text, file, / \(name trimmed\)/, hasText ? ' (text trimmed)' : '');
  text = replaceLinesBetween(
    text,
    file,
    /^ {2}static draft\(/,
    /^ {4}return \{/,
    fields.flatMap((field) => fieldChecks(field, rules ?? '')),
  );
  const normalised = fields.map((field) =>
    field.type === 'string' ? field.name : `${field.name}: input.${field.name}`,
  );
  text = replaceOnce(text, file, /^ {4}return \{.*\};$/m, `    return { ${normalised.join(', ')} };`);
  const restored = ['id', ...fields.map((field) => `draft.${field.name}`)];
  return replaceOnce(text, file, /return new \w+\(id, [^)]*\);/, `return new ${name.pascal}(${restored.join(', ')});`);
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
    case 'ref':
      return [
        row(`${name} 0`, '0', `'${name} must be the id of ${article((field.target ?? '').replaceAll('-', ' '))}'`),
      ];
    case 'enum':
      return [
        row(
          `a ${name} outside its values`,
          `${NOT_AN_ENUM_VALUE} as ${fieldType(field).samples[0]}`,
          `'${name} must be one of: ${(field.values ?? []).join(', ')}'`,
        ),
      ];
  }
}

function entityTestFile(spec: ResourceSpec): string {
  const { pascal, kebab } = spec.name;
  const rules = rulesConstant(spec) ?? '';
  const rows = spec.fields.flatMap((field) => refusedRowsOf(field, rules));
  const text = spec.fields.filter((field) => field.type === 'string');
  const nulls = nullMembers(spec);
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
      sampleMembers(spec, (field) => fieldType(field).samples[0]),
      ';',
    ),
    fit(
      '',
      `const CHANGED: ${pascal}Draft = `,
      'curly',
      sampleMembers(spec, (field) => fieldType(field).samples[1]),
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
    ...(nulls.length > 0
      ? [
          '',
          "  it('accepts null in the fields that may be null', () => {",
          fit('    ', 'const blank = ', 'curly', ['...VALID', ...nulls], ';'),
          `    expect(${pascal}.draft(blank)).toEqual(blank);`,
          '  });',
        ]
      : []),
    '});',
    '',
  ].join('\n');
}

/** The domain module's files of a resource, by path inside `src/`: the sources from the sample's. */
export function domainFiles(spec: ResourceSpec, sample: SampleSources): Map<string, string> {
  const { kebab } = spec.name;
  return new Map([
    [`${kebab}/${kebab}.ts`, entityFile(spec, renameSample(sample.entity, spec))],
    [`${kebab}/${kebab}-gateway.ts`, renameSample(sample.gateway, spec)],
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
