import { describe, expect, it } from 'vitest';
import {
  duplicateVariableProblem,
  mergeVariables,
  resolveTemplate,
  tokenizeTemplate,
  undefinedVariables,
} from './variables.js';

const project = [
  { key: 'base_url', value: 'https://api.example.com' },
  { key: 'userId', value: '7' },
];

describe('mergeVariables', () => {
  it('lets an environment variable win over the project variable of the same name', () => {
    const scope = mergeVariables(project, [{ key: 'base_url', value: 'http://localhost:3000', secret: false }]);
    expect(scope.get('base_url')).toEqual({
      key: 'base_url',
      value: 'http://localhost:3000',
      secret: false,
      source: 'environment',
    });
    expect(scope.get('userId')).toEqual({ key: 'userId', value: '7', secret: false, source: 'project' });
  });

  it('leaves out a variable that is switched off, so one of its name below it shows through', () => {
    const scope = mergeVariables(
      [...project, { key: 'token', value: 't', enabled: false }],
      [{ key: 'userId', value: '9', secret: false, enabled: false }],
    );
    expect(scope.get('userId')?.value).toBe('7');
    expect(scope.has('token')).toBe(false);
  });

  it('ignores rows without a name, as the tables leave them while typing', () => {
    const scope = mergeVariables([{ key: '', value: 'x' }], [{ key: '', value: 'y', secret: false }]);
    expect(scope.size).toBe(0);
  });
});

describe('resolveTemplate', () => {
  const scope = mergeVariables(
    [...project, { key: 'users', value: '{{base_url}}/users' }],
    [{ key: 'token', value: '', secret: true }],
  );

  it('replaces known placeholders, spaces inside the braces allowed, and keeps unknown ones as typed', () => {
    expect(resolveTemplate('{{ base_url }}/u/{{userId}}?x={{missing}}', scope, { secret: 'mask' })).toBe(
      'https://api.example.com/u/7?x={{missing}}',
    );
  });

  it('follows a value that names another variable', () => {
    expect(resolveTemplate('{{users}}/{{userId}}', scope, { secret: 'mask' })).toBe('https://api.example.com/users/7');
  });

  it('masks a secret for display, or keeps its placeholder where its value must not be written', () => {
    expect(resolveTemplate('Bearer {{token}}', scope, { secret: 'mask' })).toBe('Bearer ••••');
    expect(resolveTemplate('Bearer {{token}}', scope, { secret: 'keep' })).toBe('Bearer {{token}}');
  });

  it('stops on variables that name each other instead of looping', () => {
    const cycle = mergeVariables(
      [
        { key: 'a', value: '{{b}}' },
        { key: 'b', value: '{{a}}' },
      ],
      [],
    );
    expect(['{{a}}', '{{b}}']).toContain(resolveTemplate('{{a}}', cycle, { secret: 'mask' }));
  });
});

describe('tokenizeTemplate and undefinedVariables', () => {
  const scope = mergeVariables(project, [{ key: 'token', value: '', secret: true }]);

  it('splits text into literal runs and placeholders, each with the variable it names', () => {
    const parts = tokenizeTemplate('/users/{{userId}}?t={{token}}&q={{nope}}', scope);
    expect(parts.map((part) => [part.kind, part.text])).toEqual([
      ['text', '/users/'],
      ['variable', '{{userId}}'],
      ['text', '?t='],
      ['variable', '{{token}}'],
      ['text', '&q='],
      ['variable', '{{nope}}'],
    ]);
    expect(parts[1]).toMatchObject({ name: 'userId', variable: { value: '7', source: 'project' } });
    expect(parts[3]).toMatchObject({ name: 'token', variable: { secret: true, source: 'environment' } });
    expect(parts[5]).toMatchObject({ name: 'nope', variable: undefined });
  });

  it('names each undefined variable once', () => {
    expect(undefinedVariables('{{a}}/{{userId}}/{{a}}/{{ b }}', scope)).toEqual(['a', 'b']);
  });
});

describe('duplicateVariableProblem', () => {
  it('names a variable two rows define, spaces around the name ignored', () => {
    expect(duplicateVariableProblem([{ key: 'token' }, { key: 'base_url' }, { key: ' token ' }])).toBe(
      'The variable token is defined twice; keep one of them.',
    );
  });

  it('has nothing to say about distinct names or rows without a name', () => {
    expect(duplicateVariableProblem([{ key: 'a' }, { key: '' }, { key: ' ' }, { key: 'b' }])).toBeNull();
  });
});
