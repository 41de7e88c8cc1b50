import { ArchetypeError } from '../archetype-error.js';
import type { ResourceField } from './resource-fields.js';
import { parseResourceName } from './resource-name.js';
import type { ReferenceTarget } from './resource-spec.js';

const escaped = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The resources the `ref(…)` fields name, read from the project's `database-schema.ts`: each must be there (its
 * table in `DatabaseSchema`, its interface with the columns), or the field is refused before anything is written.
 */
export function referenceTargets(
  fields: readonly ResourceField[],
  schema: string,
  schemaPath: string,
): Map<string, ReferenceTarget> {
  const targets = new Map<string, ReferenceTarget>();
  for (const field of fields) {
    if (field.target === undefined || targets.has(field.target)) continue;
    const name = parseResourceName(field.target);
    const body = new RegExp(`^export interface ${escaped(name.pascal)}Table \\{\\n([^}]*)^\\}`, 'm').exec(schema)?.[1];
    if (!new RegExp(`^ {2}${escaped(name.table)}: ${escaped(name.pascal)}Table;$`, 'm').test(schema) || !body) {
      throw new ArchetypeError(
        'INVALID_RESOURCE',
        `field ${field.name} refers to ${field.target}, which ${schemaPath} does not have: add that resource first`,
      );
    }
    const columns = body
      .split('\n')
      .map((line) => /^ {2}(\w+): (.+);$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null && match[1] !== 'id')
      .map((match) => ({ column: match[1] ?? '', type: match[2] ?? '' }));
    targets.set(field.target, { name, columns });
  }
  return targets;
}

/**
 * A value of a target's column for the tests' records of it, the `n`th (1 or 2): distinct per record, so unique
 * columns hold; as the database takes it (`db`) or as the target's API takes it (`api`).
 */
export function columnSample(type: string, n: 1 | 2, as: 'db' | 'api'): string {
  const literal = /^'([^']*)'/.exec(type);
  if (literal) return `'${[...type.matchAll(/'([^']*)'/g)].map((match) => match[1])[n - 1] ?? literal[1]}'`;
  if (type.startsWith('ColumnType<boolean')) return as === 'db' ? String(n - 1) : String(n === 2);
  if (type.startsWith('ColumnType<Date')) return n === 1 ? "'2024-02-29'" : "'2024-03-01'";
  if (type.startsWith('string')) return `'record ${n}'`;
  if (type.startsWith('number')) return String(n);
  throw new ArchetypeError('INVALID_RESOURCE', `cannot make test records of a table with a column of type ${type}`);
}
