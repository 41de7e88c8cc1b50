import { describe, expect, it } from 'vitest';
import { slowestFilesLines } from './slowest-files.js';

describe('slowestFilesLines', () => {
  it('lists the slowest files first with their seconds and project', () => {
    expect(
      slowestFilesLines([
        { file: 'e2e/a.test.ts', project: 'e2e', durationMs: 1200 },
        { file: 'e2e/archetype-generate.test.ts', project: 'archetype', durationMs: 95_432 },
        { file: 'packages/core/src/b.test.ts', project: 'unit', durationMs: 15 },
      ]),
    ).toEqual([
      'Slowest 3 test files:',
      '1.   95.4 s  [archetype] e2e/archetype-generate.test.ts',
      '2.    1.2 s  [e2e] e2e/a.test.ts',
      '3.    0.0 s  [unit] packages/core/src/b.test.ts',
    ]);
  });

  it('keeps only the ten slowest', () => {
    const files = Array.from({ length: 14 }, (_, index) => ({
      file: `f${index}.test.ts`,
      project: 'unit',
      durationMs: index * 1000,
    }));
    const lines = slowestFilesLines(files);
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe(' 1.   13.0 s  [unit] f13.test.ts');
    expect(lines[10]).toBe('10.    4.0 s  [unit] f4.test.ts');
  });
});
