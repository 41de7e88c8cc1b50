import type { McpJsonSchema } from '@client/core';

/**
 * One field of the form made from a tool's input schema: the kinds a person types as they are, and everything else
 * (objects, arrays, unions) as JSON text.
 */
export type SchemaField = {
  name: string;
  required: boolean;
  description?: string;
} & (
  | { kind: 'string' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'json' }
);

/** What the person typed, by field name: text for every kind, `true`/`false` for a boolean, '' for left empty. */
export type FieldValues = Record<string, string>;

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function fieldOf(name: string, schema: Record<string, unknown>, required: boolean): SchemaField {
  const base = {
    name,
    required,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
  if (Array.isArray(schema.enum) && schema.enum.every((option) => typeof option === 'string')) {
    return { ...base, kind: 'enum', options: schema.enum as string[] };
  }
  switch (schema.type) {
    case 'string':
      return { ...base, kind: 'string' };
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: schema.type === 'integer' };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    default:
      return { ...base, kind: 'json' };
  }
}

/** The fields of an object schema's properties, required ones first as the schema lists them. */
export function formFieldsOf(schema: McpJsonSchema): SchemaField[] {
  const properties = recordOf(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === 'string') : []);
  const fields = Object.entries(properties).map(([name, property]) =>
    fieldOf(name, recordOf(property), required.has(name)),
  );
  return [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
}

/** The tool's arguments from what was typed, or the first field that cannot be read, with why. */
export function argumentsOf(
  fields: readonly SchemaField[],
  values: FieldValues,
): { ok: true; arguments: Record<string, unknown> } | { ok: false; field: string; message: string } {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (text.trim() === '') {
      if (field.required) return { ok: false, field: field.name, message: `${field.name} is required` };
      continue;
    }
    switch (field.kind) {
      case 'string':
      case 'enum':
        args[field.name] = text;
        break;
      case 'boolean':
        args[field.name] = text === 'true';
        break;
      case 'number': {
        const number = Number(text);
        if (!Number.isFinite(number) || (field.integer && !Number.isInteger(number))) {
          return {
            ok: false,
            field: field.name,
            message: `${field.name} must be ${field.integer ? 'a whole number' : 'a number'}`,
          };
        }
        args[field.name] = number;
        break;
      }
      case 'json':
        try {
          args[field.name] = JSON.parse(text);
        } catch {
          return { ok: false, field: field.name, message: `${field.name} is not valid JSON` };
        }
    }
  }
  return { ok: true, arguments: args };
}
