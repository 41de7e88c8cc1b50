import { ArchetypeError } from '../archetype-error.js';
import { ENUM_VALUE_MAX_LENGTH, FIELD_TYPE_NAMES, type FieldTypeName, isFieldTypeName } from './field-types.js';
import { RESERVED_WORDS } from './reserved-words.js';

/** One field of a resource, from `name:type` in `--fields`. */
export interface ResourceField {
  /** `placedOn`: the property in every layer and the JSON key. */
  readonly name: string;
  /** `placed_on`: the column. */
  readonly column: string;
  readonly type: FieldTypeName;
  /** The values of an `enum(…)` field, in the order given. */
  readonly values?: readonly string[];
  /** `note:string?`: the field may be null. */
  readonly nullable?: boolean;
  /** `email:string!unique`: no two records hold the same value; its column has a unique constraint. */
  readonly unique?: boolean;
  /** The resource a `ref(…)` field names, kebab-case: `customer` for `customerId:ref(customer)`. */
  readonly target?: string;
}

const FIELD_NAME_MAX_LENGTH = 20;
export const FIELDS_MAX = 20;
const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;

/** Names the generated entity has already (`id`) or uses for its own methods. */
const ENTITY_MEMBERS = new Set(['id', 'draft', 'restore', 'withDetails']);

/** The modifier after a type that makes the field's value the record's alone. */
const UNIQUE = '!unique';
/** `ref(customer)`: the resource whose id the field holds. */
const REFERENCE_TYPE = /^ref\((.*)\)$/;
/** `ref(…)` names a resource as add-resource does: kebab-case. */
const RESOURCE_NAME = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$/;
/** `enum(low|high)`: the values between the brackets, split at `|`. */
const ENUM_TYPE = /^enum\((.*)\)$/;
const ENUM_VALUE = /^[a-z][a-z0-9_]*$/;
const ENUM_VALUES_MAX = 20;

function parseEnumValues(list: string, refuse: (why: string) => ArchetypeError): string[] {
  const values = list.split('|');
  if (values.length < 2 || values.length > ENUM_VALUES_MAX) {
    throw refuse(`must name from 2 to ${ENUM_VALUES_MAX} values, e.g. enum(low|high)`);
  }
  for (const value of values) {
    if (!ENUM_VALUE.test(value) || value.length > ENUM_VALUE_MAX_LENGTH) {
      throw refuse(
        `has the value "${value}": each value is a lower-case letter, then lower-case letters, digits and _, at most ${ENUM_VALUE_MAX_LENGTH} characters`,
      );
    }
  }
  if (new Set(values).size !== values.length) throw refuse('names a value twice');
  return values;
}

const columnOf = (name: string) => name.replaceAll(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function parseField(entry: string): ResourceField {
  const refuse = (why: string) => new ArchetypeError('INVALID_RESOURCE', `field "${entry}" ${why}`);
  const [name = '', written, ...rest] = entry.split(':');
  if (written === undefined || rest.length > 0) throw refuse('must be written name:type, e.g. age:int');
  // `email:string!unique`: the value is the record's alone; `note:string?`: it may be null.
  const unique = written.endsWith(UNIQUE);
  const typed = unique ? written.slice(0, -UNIQUE.length) : written;
  const nullable = typed.endsWith('?');
  const type = nullable ? typed.slice(0, -1) : typed;
  if (unique && type === 'boolean') throw refuse('cannot be unique: a boolean has two values');
  const optional = { ...(nullable ? { nullable: true } : {}), ...(unique ? { unique: true } : {}) };
  if (!FIELD_NAME.test(name)) {
    throw refuse('must have a camelCase name: a lower-case letter, then letters and digits');
  }
  if (name.length > FIELD_NAME_MAX_LENGTH) throw refuse(`has a name longer than ${FIELD_NAME_MAX_LENGTH} characters`);
  if (RESERVED_WORDS.has(name)) throw refuse(`has a reserved word of TypeScript as its name`);
  if (ENTITY_MEMBERS.has(name))
    throw refuse(`is named like a member every entity has (${[...ENTITY_MEMBERS].join(', ')})`);
  const reference = REFERENCE_TYPE.exec(type)?.[1];
  if (reference !== undefined) {
    if (!RESOURCE_NAME.test(reference)) throw refuse('must name a resource in kebab-case, e.g. ref(customer)');
    return { name, column: columnOf(name), type: 'ref', target: reference, ...optional };
  }
  const enumeration = ENUM_TYPE.exec(type);
  if (enumeration) {
    const values = parseEnumValues(enumeration[1] ?? '', refuse);
    return { name, column: columnOf(name), type: 'enum', values, ...optional };
  }
  if (!isFieldTypeName(type) || type === 'enum' || type === 'ref') {
    throw refuse(
      `has an unknown type; the types are ${FIELD_TYPE_NAMES.map((name) => (name === 'enum' ? 'enum(a|b)' : name === 'ref' ? 'ref(resource)' : name)).join(', ')}`,
    );
  }
  return { name, column: columnOf(name), type, ...optional };
}

/** Reads `--fields name:string,age:int`; anything it cannot generate is an `INVALID_RESOURCE` error. */
export function parseFields(spec: string): ResourceField[] {
  const entries = spec.split(',').map((entry) => entry.trim());
  if (spec.trim() === '' || entries.some((entry) => entry === '')) {
    throw new ArchetypeError('INVALID_RESOURCE', `--fields "${spec}" has an empty entry; write name:type,name:type`);
  }
  if (entries.length > FIELDS_MAX) {
    throw new ArchetypeError('INVALID_RESOURCE', `--fields names ${entries.length} fields; at most ${FIELDS_MAX}`);
  }
  const fields = entries.map(parseField);
  const columns = new Set<string>();
  for (const field of fields) {
    if (columns.has(field.column)) {
      throw new ArchetypeError('INVALID_RESOURCE', `field ${field.name} is named twice in --fields`);
    }
    columns.add(field.column);
  }
  return fields;
}
