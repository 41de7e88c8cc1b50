import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { dataRowOf, RUN_LIMITS, readRunOptions } from './run-options.js';
import { emptyRunStats, runPassed } from './run-result.js';

describe('reading run options', () => {
  it('fills the defaults in: one iteration, no delay, no bail', () => {
    expect(readRunOptions({ projectId: 'p1' })).toEqual({ projectId: 'p1', iterations: 1, delayMs: 0, bail: false });
    expect(readRunOptions({ projectId: 'p1', folderId: null, environmentId: null, timeoutMs: null })).toEqual({
      projectId: 'p1',
      iterations: 1,
      delayMs: 0,
      bail: false,
    });
  });

  it('reads every option, and runs one iteration per data row unless told otherwise', () => {
    const data = [{ user: 'ann', id: 1 }, { user: 'bob' }];
    expect(
      readRunOptions({
        projectId: 'p1',
        folderId: 'f1',
        environmentId: 'e1',
        delayMs: 250,
        bail: true,
        timeoutMs: 5000,
        data,
        order: ['b', 'a'],
      }),
    ).toEqual({
      projectId: 'p1',
      folderId: 'f1',
      environmentId: 'e1',
      iterations: 2,
      delayMs: 250,
      bail: true,
      timeoutMs: 5000,
      data,
      order: ['b', 'a'],
    });
    expect(readRunOptions({ projectId: 'p1', data, iterations: 5 }).iterations).toBe(5);
  });

  it('refuses, by name, what it cannot run', () => {
    expect(() => readRunOptions(null)).toThrow('the run options must be an object, not null');
    expect(() => readRunOptions({})).toThrow('projectId must be a string, not undefined');
    expect(() => readRunOptions({ projectId: ' ' })).toThrow('projectId must not be empty');
    expect(() => readRunOptions({ projectId: 'p', iteration: 2 })).toThrow(
      'the run options has no field "iteration"; the fields are projectId, folderId',
    );
    expect(() => readRunOptions({ projectId: 'p', iterations: 0 })).toThrow(
      `iterations must be a whole number from 1 to ${RUN_LIMITS.maxIterations}, not 0`,
    );
    expect(() => readRunOptions({ projectId: 'p', delayMs: -1 })).toThrow('delayMs must be a whole number from 0');
    expect(() => readRunOptions({ projectId: 'p', timeoutMs: 1.5 })).toThrow('timeoutMs must be a whole number');
    expect(() => readRunOptions({ projectId: 'p', bail: 'yes' })).toThrow('bail must be true or false, not string');
    expect(() => readRunOptions({ projectId: 'p', data: [] })).toThrow('data holds no rows');
    expect(() => readRunOptions({ projectId: 'p', data: [1] })).toThrow('data[0] must be an object, not number');
    expect(() => readRunOptions({ projectId: 'p', order: ['a', 'a'] })).toThrow(
      'order names endpoint a twice; name each endpoint once',
    );
  });

  it('ends in options or a VALIDATION AppError for any JSON at all', () => {
    const options = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          projectId: fc.jsonValue({ maxDepth: 1 }),
          iterations: fc.jsonValue({ maxDepth: 1 }),
          delayMs: fc.jsonValue({ maxDepth: 1 }),
          bail: fc.jsonValue({ maxDepth: 1 }),
          data: fc.jsonValue({ maxDepth: 3 }),
          order: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(options, (value) => {
        try {
          const read = readRunOptions(value);
          expect(read.iterations).toBeGreaterThanOrEqual(1);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'VALIDATION') throw error;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('iteration data', () => {
  it('gives each iteration its row, and the last row to iterations past the end, as newman', () => {
    const data = [{ n: '1' }, { n: '2' }];
    expect([0, 1, 2, 3].map((iteration) => dataRowOf(data, iteration))).toEqual([
      { n: '1' },
      { n: '2' },
      { n: '2' },
      { n: '2' },
    ]);
    expect(dataRowOf(undefined, 0)).toEqual({});
  });
});

describe('a run verdict', () => {
  it('passes only when nothing failed', () => {
    const stats = emptyRunStats();
    expect(runPassed(stats)).toBe(true);
    stats.prerequestScripts = { total: 1, failed: 1 };
    expect(runPassed(stats)).toBe(false);
  });
});
