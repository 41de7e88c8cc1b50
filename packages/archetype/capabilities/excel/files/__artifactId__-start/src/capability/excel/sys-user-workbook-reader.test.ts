import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ExcelRequestError } from './excel-request-error.js';
import { workbookOf } from './excel-test-workbooks.test-support.js';
import { readSysUserSheet } from './sys-user-workbook-reader.js';

/** A read ends in rows, row problems or an ExcelRequestError (a 4xx), never in another error. */
async function readsOrRefuses(file: Buffer): Promise<boolean> {
  try {
    await readSysUserSheet(file, 100);
    return true;
  } catch (error) {
    return error instanceof ExcelRequestError;
  }
}

describe('readSysUserSheet', () => {
  it('reads names as text and ages as numbers, from number cells or text that spells a number', async () => {
    const file = await workbookOf([
      ['id', 'age', 'name'],
      [1, 20, 'alice'],
      [2, ' 30 ', 42],
      [3, 'old', { richText: [{ text: 'ca' }, { text: 'rol' }] }],
      [4, null, null],
    ]);
    expect(await readSysUserSheet(file, 100)).toEqual({
      ok: true,
      rows: [
        { row: 2, name: 'alice', age: 20 },
        { row: 3, name: '42', age: 30 },
        { row: 4, name: 'carol', age: 'old' },
        { row: 5, name: '', age: undefined },
      ],
    });
  });

  it('refuses any byte string that is not a workbook with an ExcelRequestError', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ minLength: 1 }), (bytes) => readsOrRefuses(Buffer.from(bytes))));
  });

  it('reads or refuses a workbook with damaged bytes', async () => {
    const file = await workbookOf([
      ['name', 'age'],
      ['alice', 20],
    ]);
    const damage = fc.array(fc.tuple(fc.nat({ max: file.length - 1 }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(damage, (changes) => {
        const damaged = Buffer.from(file);
        for (const [index, value] of changes) damaged[index] = value;
        return readsOrRefuses(damaged);
      }),
      { numRuns: 300 },
    );
  });
});
