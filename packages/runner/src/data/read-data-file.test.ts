import { isAppError, RUN_LIMITS } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsvData, readDataFile, readJsonData } from './read-data-file.js';

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION') return error.message;
    throw error;
  }
  throw new Error('the file was read');
}

/** A CSV field always quoted, its quotes doubled: read back exactly as text. */
const quotedField = (value: string) => `"${value.replaceAll('"', '""')}"`;

describe('CSV data files', () => {
  it('read the first row as names and each row after it as an iteration, as newman does', () => {
    const csv = '\uFEFFuser, id ,price,code,note\nann,1,2.50,"007",  hi there \r\nbob,-2,1e3,007,"a, ""quoted"" b"\n';
    expect(readCsvData(csv, 'users.csv')).toEqual([
      { user: 'ann', id: 1, price: 2.5, code: '007', note: 'hi there' },
      { user: 'bob', id: -2, price: 1000, code: 7, note: 'a, "quoted" b' },
    ]);
  });

  it('take rows with fewer or more values than names as they are', () => {
    expect(readCsvData('a,b\n1\nx,y,z\n', 'd.csv')).toEqual([{ a: 1 }, { a: 'x', b: 'y' }]);
  });

  it('name the file and the line of what they cannot read', () => {
    expect(refusal(() => readCsvData('a,b\n1,2\n"x,1\n', 'users.csv'))).toBe(
      'users.csv, line 3: Quote Not Closed: the parsing is finished with an opening quote; fix the file or save it again as CSV',
    );
    expect(refusal(() => readCsvData('a,b\n"x"y,1\n', 'users.csv'))).toMatch(
      /^users\.csv, line 2: Invalid Closing Quote/,
    );
    expect(refusal(() => readCsvData('a,b\n', 'empty.csv'))).toBe(
      'empty.csv holds no data rows; give at least one, or run without data',
    );
  });

  it('give back any table of quoted text exactly', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    const table = fc.uniqueArray(name, { minLength: 1, maxLength: 4 }).chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: names.length, maxLength: names.length }), {
          minLength: 1,
          maxLength: 5,
        }),
      ),
    );
    fc.assert(
      fc.property(table, ([names, rows]) => {
        const csv = [names.join(','), ...rows.map((row) => row.map(quotedField).join(','))].join('\n');
        const expected = rows.map((row) => Object.fromEntries(names.map((column, index) => [column, row[index]])));
        expect(readCsvData(csv, 'd.csv')).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('end in rows or a VALIDATION AppError for any text at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        try {
          expect(readCsvData(text, 'd.csv').length).toBeGreaterThan(0);
        } catch (error) {
          if (!isAppError(error) || error.code !== 'VALIDATION') throw error;
          expect(error.message.startsWith('d.csv')).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('JSON data files', () => {
  it('read an array of objects, values as JSON has them', () => {
    expect(readJsonData('\uFEFF[{"user":"ann","id":1,"tags":["a"]},{"user":"bob","ok":true}]', 'users.json')).toEqual([
      { user: 'ann', id: 1, tags: ['a'] },
      { user: 'bob', ok: true },
    ]);
  });

  it('name the file and the line of what they cannot read', () => {
    expect(refusal(() => readJsonData('[\n  {"a": 1},\n  {"b" 2}\n]', 'users.json'))).toBe(
      "users.json, line 3: Expected ':' after property name in JSON at position 21",
    );
    expect(refusal(() => readJsonData('[\n{"a": 1},\n{"b": }\n]', 'users.json'))).toMatch(
      /^users\.json, line 3: Unexpected token/,
    );
    expect(refusal(() => readJsonData('{"a": 1}', 'users.json'))).toBe(
      'users.json must hold a JSON array of objects, one per iteration',
    );
    expect(refusal(() => readJsonData('[{"a": 1}, 2]', 'users.json'))).toBe(
      'users.json: item 2 of the array is not an object of variable names and values',
    );
    expect(refusal(() => readJsonData('[]', 'users.json'))).toContain('holds no data rows');
    const many = JSON.stringify(Array.from({ length: RUN_LIMITS.maxDataRows + 1 }, () => ({})));
    expect(refusal(() => readJsonData(many, 'big.json'))).toBe(
      `big.json holds ${RUN_LIMITS.maxDataRows + 1} rows; a run takes at most ${RUN_LIMITS.maxDataRows}`,
    );
  });

  it('give back any array of objects exactly, and end in rows or an AppError for any text', () => {
    const rows = fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(rows, (value) => {
        expect(readJsonData(JSON.stringify(value, null, 2), 'd.json')).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          readJsonData(text, 'd.json');
        } catch (error) {
          if (!isAppError(error)) throw error;
          expect(error.message.startsWith('d.json')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a data file by its name', () => {
  it('is read as its extension says, else as JSON when it parses and CSV otherwise', () => {
    expect(readDataFile('[{"a":1}]', 'rows.JSON')).toEqual([{ a: 1 }]);
    expect(readDataFile('a\n1\n', 'rows.csv')).toEqual([{ a: 1 }]);
    expect(readDataFile('[{"a":1}]', 'rows.txt')).toEqual([{ a: 1 }]);
    expect(readDataFile('a\nx\n', 'rows.txt')).toEqual([{ a: 'x' }]);
    expect(readDataFile('[{"a":1}]', 'rows', 'json')).toEqual([{ a: 1 }]);
    expect(refusal(() => readDataFile('a\n1', 'rows.json'))).toMatch(/^rows\.json, line 1: /);
  });
});
