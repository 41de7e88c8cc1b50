import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRequestLine } from './request-log.js';

describe('formatRequestLine', () => {
  it('names method, path, status and whole milliseconds', () => {
    expect(formatRequestLine('POST', '/agent/curl', 201, 3.4)).toBe('POST /agent/curl 201 3ms');
  });

  it('drops the query string, where a token might have been put', () => {
    expect(formatRequestLine('GET', '/agent/health?token=abc', 401, 0)).toBe('GET /agent/health 401 0ms');
  });

  it('never lets a path break the line or run on without end', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (path) => {
        const line = formatRequestLine('GET', path, 404, 1);
        expect(line).not.toMatch(/\p{Cc}/u);
        expect(line.length).toBeLessThan(4 * 200 + 40);
      }),
    );
  });
});
