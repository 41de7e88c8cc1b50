import { describe, expect, it } from 'vitest';

import { DomainError } from '../domain-error.js';
import { SysUser } from './sys-user.js';

function ruleError(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
}

describe('SysUser rules', () => {
  it('trims the name of a new user', () => {
    expect(SysUser.draft({ name: '  carol ', age: 41 })).toEqual({ name: 'carol', age: 41 });
  });

  it('refuses a blank name', () => {
    const error = ruleError(() => SysUser.draft({ name: '   ', age: 41 }));
    expect(error?.code).toBe('RULE_VIOLATED');
    expect(error?.message).toBe('name must not be blank');
  });

  it('counts the name in characters, so 64 emoji pass and 65 do not', () => {
    expect(SysUser.draft({ name: '😀'.repeat(64), age: 1 }).name).toBe('😀'.repeat(64));
    expect(ruleError(() => SysUser.draft({ name: '😀'.repeat(65), age: 1 }))?.message).toBe(
      'name must be at most 64 characters',
    );
  });

  it('refuses control characters in a name', () => {
    expect(ruleError(() => SysUser.draft({ name: 'nul\u0000byte', age: 1 }))?.message).toBe(
      'name must not contain control characters',
    );
  });

  it('accepts the ages 0 and 150 and refuses -1, 151 and fractions', () => {
    expect(SysUser.draft({ name: 'a', age: 0 }).age).toBe(0);
    expect(SysUser.draft({ name: 'a', age: 150 }).age).toBe(150);
    for (const age of [-1, 151, 20.5]) {
      expect(ruleError(() => SysUser.draft({ name: 'a', age }))?.code).toBe('RULE_VIOLATED');
    }
  });

  it('checks changed details with the same rules and keeps the id', () => {
    const user = SysUser.restore(7, { name: 'dave', age: 30 });
    expect(user.withDetails({ name: ' dave jr ', age: 31 })).toEqual(SysUser.restore(7, { name: 'dave jr', age: 31 }));
    expect(ruleError(() => user.withDetails({ name: '', age: 31 }))?.code).toBe('RULE_VIOLATED');
  });
});
