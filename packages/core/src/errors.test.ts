import { describe, expect, it } from 'vitest';
import { AppError, isErrorCode } from './errors.js';

describe('AppError', () => {
  it('maps each code to its HTTP status and serialises as {code, message}', () => {
    const error = new AppError('NOT_FOUND', 'no project p1; list projects first');
    expect(error.status).toBe(404);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'NOT_FOUND',
      message: 'no project p1; list projects first',
    });
    expect(new AppError('PAYLOAD_TOO_LARGE', 'x').status).toBe(413);
  });

  it('recognises only the known codes', () => {
    expect(isErrorCode('VALIDATION')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
  });
});
