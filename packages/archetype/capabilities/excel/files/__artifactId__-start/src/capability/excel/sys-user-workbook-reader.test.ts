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

  it('stops at the first row past maxRows, without reading the rest of the sheet', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`user ${i}`, i % 150]);
    const file = await workbookOf([['name', 'age'], ...rows]);
    // Damage the sheet's compressed bytes near its end: a reader that inflates the whole sheet fails there
    // (400, not a workbook); one that streams has stopped long before, at row 12.
    const { start, end } = entryBytes(file, 'xl/worksheets/sheet1.xml');
    const damaged = Buffer.from(file);
    damaged.fill(0xff, end - 64, end - 32);
    expect(start).toBeLessThan(end - 64);
    const refusal = await readSysUserSheet(damaged, 10).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ExcelRequestError);
    expect(refusal).toMatchObject({
      statusCode: 413,
      message: 'the workbook has more than 10 user rows (excel.import.maxRows)',
    });
    expect((await readSysUserSheet(file, 3000)).ok).toBe(true);
  });
});

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DIRECTORY_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** Where a zip entry lies in the file: its local header (30 bytes, then the name) to the next entry or the directory. */
function entryBytes(zip: Buffer, name: string): { start: number; end: number } {
  const start = zip.indexOf(name) - 30;
  expect(zip.subarray(start, start + 4)).toEqual(LOCAL_HEADER);
  const nextLocal = zip.indexOf(LOCAL_HEADER, start + 30);
  const directory = zip.indexOf(DIRECTORY_HEADER, start + 30);
  return { start, end: nextLocal === -1 ? directory : Math.min(nextLocal, directory) };
}
