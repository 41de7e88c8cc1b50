import { describe, expect, it } from 'vitest';
import { isEmptyScripts, MAX_SCRIPT_LENGTH, readScripts } from './scripts.js';

describe('reading scripts', () => {
  it('keeps each script exactly as written, a missing one empty', () => {
    const text = "pm.test('ok', () => {\r\n\tpm.response.to.have.status(200);\n});  ";
    expect(readScripts({ from: 'postman', tests: text }, 'scripts')).toEqual({
      from: 'postman',
      preRequest: '',
      postResponse: '',
      tests: text,
    });
    expect(readScripts({ from: 'insomnia', preRequest: 'x', postResponse: 'y', tests: '' }, 'scripts').from).toBe(
      'insomnia',
    );
  });

  it('names the field it refuses', () => {
    expect(() => readScripts('x', 'folder scripts')).toThrow('folder scripts must be an object, not string');
    expect(() => readScripts({ from: 'newman' }, 'scripts')).toThrow(
      'scripts.from must be one of "postman", "bruno", "insomnia"',
    );
    expect(() => readScripts({ from: 'bruno', tests: 3 }, 'scripts')).toThrow('scripts.tests must be a string');
    expect(() => readScripts({ from: 'bruno', test: '' }, 'scripts')).toThrow('scripts has no field "test"');
    expect(() => readScripts({ from: 'bruno', tests: 'x'.repeat(MAX_SCRIPT_LENGTH + 1) }, 'scripts')).toThrow(
      `use at most ${MAX_SCRIPT_LENGTH}`,
    );
  });

  it('calls scripts of only blanks empty', () => {
    expect(isEmptyScripts({ from: 'bruno', preRequest: ' \n', postResponse: '', tests: '\t' })).toBe(true);
    expect(isEmptyScripts({ from: 'bruno', preRequest: '', postResponse: '', tests: 'test()' })).toBe(false);
  });
});
