import { describe, expect, it } from 'vitest';
import { jsonDiagnostics } from './json-lint.js';

describe('jsonDiagnostics', () => {
  it('marks nothing on a blank body or one with {{variables}} as values', () => {
    expect(jsonDiagnostics('  \n ')).toEqual([]);
    expect(jsonDiagnostics('{"id": {{user_id}}, "name": "{{name}}"}')).toEqual([]);
  });

  it('marks a real mistake as an error with its line and column', () => {
    expect(jsonDiagnostics('{\n  "id": {{user_id}},\n}')).toEqual([
      {
        from: 23,
        to: 24,
        severity: 'error',
        message: "Expected a property name in double quotes, found '}' (line 3, column 1)",
      },
    ]);
  });
});
