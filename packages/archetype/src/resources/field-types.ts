/**
 * How each field type of `add-resource --fields` appears in every layer. One table, so the TypeScript type, the
 * zod schema of the routes, the column of the migration and the rules of the domain cannot drift apart:
 *
 * | type    | TypeScript | zod (request body)                           | column (SQLite, PostgreSQL, MySQL)        |
 * | ------- | ---------- | -------------------------------------------- | ----------------------------------------- |
 * | string  | `string`   | trimmed, 1–255 characters, no control chars  | `varchar(255)`                            |
 * | int     | `number`   | integer from -2^31 to 2^31-1                 | `integer`                                 |
 * | number  | `number`   | finite number                                | `double precision`                        |
 * | boolean | `boolean`  | `true` or `false`                            | `boolean` (0/1 on SQLite and MySQL)       |
 * | date    | `string`   | calendar date `YYYY-MM-DD`                   | `date` (text on SQLite)                   |
 * | enum(…) | a union    | one of the values                            | `varchar(32)`                             |
 * | ref(…)  | `number`   | the id of a record of the resource named     | `integer`, a foreign key to its `id`      |
 */
export const FIELD_TYPE_NAMES = ['string', 'int', 'number', 'boolean', 'date', 'enum', 'ref'] as const;
export type FieldTypeName = (typeof FIELD_TYPE_NAMES)[number];

export function isFieldTypeName(name: string): name is FieldTypeName {
  return (FIELD_TYPE_NAMES as readonly string[]).includes(name);
}

export interface FieldType {
  /** In the entity, the commands, the DTOs and the VO. */
  readonly typescript: string;
  /** The column type Kysely's schema builder writes in the migration. */
  readonly column: string;
  /** The property type in the Kysely table interface: what the drivers return, and what the gateway writes. */
  readonly table: string;
  /** The zod schema of the response (`VO`) property. */
  readonly vo: string;
  /** A low and a high valid value, as TypeScript literals: the generated tests sort and update with them. */
  readonly samples: readonly [string, string];
  /** A value the route refuses, as a TypeScript literal, with the message it answers. */
  readonly invalid: { readonly value: string; readonly message: string };
}

/** The limits of a generated `int` column: `integer` is 32 bits on PostgreSQL and MySQL. */
export const INT_RANGE = { min: '-2_147_483_648', max: '2_147_483_647' } as const;
/** The length of a generated `string` column, in characters. */
export const STRING_MAX_LENGTH = 255;
/** The length of an `enum(…)` column, and so of each of its values. */
export const ENUM_VALUE_MAX_LENGTH = 32;
/** A value no `enum(…)` field can have (values have no `-`): what the generated tests send to be refused. */
export const NOT_AN_ENUM_VALUE = "'not-a-value'";

/** The types whose description needs nothing but the type's name. */
type PlainTypeName = Exclude<FieldTypeName, 'enum' | 'ref'>;

const FIELD_TYPES: Readonly<Record<PlainTypeName, FieldType>> = {
  string: {
    typescript: 'string',
    column: `varchar(${STRING_MAX_LENGTH})`,
    table: 'string',
    vo: 'z.string()',
    samples: ["'alpha'", "'bravo'"],
    invalid: { value: "' '", message: 'must not be blank' },
  },
  int: {
    typescript: 'number',
    column: 'integer',
    table: 'number',
    vo: 'z.number().int()',
    samples: ['1', '2'],
    invalid: { value: '1.5', message: 'Invalid input: expected int, received number' },
  },
  number: {
    typescript: 'number',
    column: 'double precision',
    table: 'number',
    vo: 'z.number()',
    samples: ['1.5', '2.5'],
    invalid: { value: "'1.5'", message: 'Invalid input: expected number, received string' },
  },
  boolean: {
    typescript: 'boolean',
    column: 'boolean',
    // SQLite and MySQL store 0/1, and better-sqlite3 binds no booleans: the gateway writes numbers.
    table: 'ColumnType<boolean | number, number, number>',
    vo: 'z.boolean()',
    samples: ['false', 'true'],
    invalid: { value: "'yes'", message: 'Invalid input: expected boolean, received string' },
  },
  date: {
    typescript: 'string',
    column: 'date',
    // PostgreSQL and MySQL return a Date at local midnight, SQLite the text; the gateway reads both as YYYY-MM-DD.
    table: 'ColumnType<Date | string, string, string>',
    vo: 'z.iso.date()',
    samples: ["'2024-02-29'", "'2024-03-01'"],
    invalid: { value: "'2023-02-29'", message: 'Invalid ISO date' },
  },
};

/** A field as far as its type goes: its type's name, for `enum(…)` its values, and whether it may be null. */
export interface TypedField {
  readonly type: FieldTypeName;
  /** The values of an `enum(…)` field, in the order given. */
  readonly values?: readonly string[];
  /** `note:string?`: the field may be null, and its column is nullable. */
  readonly nullable?: boolean;
}

/** `T`, or `T | null` in each type argument of a Kysely `ColumnType<…>`. */
function orNull(type: string): string {
  const columnType = /^ColumnType<(.*)>$/.exec(type)?.[1];
  if (columnType === undefined) return `${type} | null`;
  return `ColumnType<${columnType
    .split(', ')
    .map((part) => `${part} | null`)
    .join(', ')}>`;
}

/**
 * How a field's type appears in every layer: the plain types' from the table above, an `enum(…)`'s from its values;
 * a nullable field's TypeScript, table and response types also take `null` (its samples and refused value do not).
 */
export function fieldType(field: TypedField): FieldType {
  const type =
    field.type === 'enum'
      ? enumType(field.values ?? [])
      : field.type === 'ref'
        ? REFERENCE_TYPE
        : FIELD_TYPES[field.type];
  if (!field.nullable) return type;
  return { ...type, typescript: orNull(type.typescript), table: orNull(type.table), vo: `${type.vo}.nullable()` };
}

/** A `ref(…)` field: the id of a record of another resource; the tests' samples name its records 1 and 2. */
const REFERENCE_TYPE: FieldType = {
  typescript: 'number',
  column: 'integer',
  table: 'number',
  vo: 'z.number().int()',
  samples: ['1', '2'],
  invalid: { value: '0', message: 'Too small: expected number to be >0' },
};

function enumType(names: readonly string[]): FieldType {
  const values = names.map((value) => `'${value}'`);
  // The samples sort as the generated tests expect, the first before the second.
  const [first = "''", second = first] = [...values].sort();
  return {
    typescript: values.join(' | '),
    column: `varchar(${ENUM_VALUE_MAX_LENGTH})`,
    // The column holds only the values the domain lets through, so Kysely may read it as their union.
    table: values.join(' | '),
    vo: `z.enum([${values.join(', ')}])`,
    samples: [first, second],
    invalid: {
      value: NOT_AN_ENUM_VALUE,
      message: `Invalid option: expected one of ${names.map((value) => `"${value}"`).join('|')}`,
    },
  };
}
