import { describe, expect, it } from 'vitest';
import { argumentsOf, formFieldsOf } from './mcp-schema-form.js';

const schema = {
  type: 'object',
  properties: {
    tags: { type: 'array', items: { type: 'string' } },
    message: { type: 'string', description: 'What to say' },
    shout: { type: 'boolean' },
    mood: { type: 'string', enum: ['calm', 'busy'] },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    meta: { type: 'object', properties: { source: { type: 'string' } } },
  },
  required: ['mood', 'message'],
};

describe('the form of a tool’s input schema', () => {
  it('makes a field of each property, required ones first, objects and arrays as JSON', () => {
    expect(formFieldsOf(schema)).toEqual([
      { name: 'message', required: true, description: 'What to say', kind: 'string' },
      { name: 'mood', required: true, kind: 'enum', options: ['calm', 'busy'] },
      { name: 'tags', required: false, kind: 'json' },
      { name: 'shout', required: false, kind: 'boolean' },
      { name: 'count', required: false, kind: 'number', integer: true },
      { name: 'ratio', required: false, kind: 'number', integer: false },
      { name: 'meta', required: false, kind: 'json' },
    ]);
  });

  it('has no fields for a schema without properties', () => {
    expect(formFieldsOf({ type: 'object' })).toEqual([]);
    expect(formFieldsOf({ type: 'object', properties: [] })).toEqual([]);
  });

  it('reads typed values into arguments of their types, leaving empty optional fields out', () => {
    const fields = formFieldsOf(schema);
    expect(
      argumentsOf(fields, {
        message: 'hi',
        mood: 'busy',
        tags: '["a","b"]',
        shout: 'true',
        count: '3',
        ratio: '',
        meta: '{"source":"form"}',
      }),
    ).toEqual({
      ok: true,
      arguments: { message: 'hi', mood: 'busy', tags: ['a', 'b'], shout: true, count: 3, meta: { source: 'form' } },
    });
  });

  it.each([
    [{ mood: 'calm' }, 'message', 'message is required'],
    [{ message: 'x', mood: 'calm', count: '1.5' }, 'count', 'count must be a whole number'],
    [{ message: 'x', mood: 'calm', ratio: 'fast' }, 'ratio', 'ratio must be a number'],
    [{ message: 'x', mood: 'calm', tags: '[a' }, 'tags', 'tags is not valid JSON'],
  ])('names the field it cannot read in %j', (values, field, message) => {
    expect(argumentsOf(formFieldsOf(schema), values)).toEqual({ ok: false, field, message });
  });
});
