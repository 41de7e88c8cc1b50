import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication, withoutTraceId } from '../../test-application.test-support.js';
import { rowsOf, uploadForm, workbookOf } from './excel-test-workbooks.test-support.js';
import { XLSX_CONTENT_TYPE } from './sys-user-sheet.js';

interface Answer {
  readonly status: number;
  readonly body: { code: number; data: unknown; msg: string };
}

let service: TestApplication;

/** A page size that divides the two sample rows evenly, so the export also reads an empty last page. */
beforeAll(async () => {
  service = await startTestApplication({ excel: { export: { pageSize: 2 }, import: { maxRows: 3 } } });
});
afterAll(() => service.application.close());

function url(path: string): string {
  return `${service.application.url}${path}`;
}

async function post(path: string, init: RequestInit): Promise<Answer> {
  const response = await service.fetch(url(path), { method: 'POST', ...init });
  return { status: response.status, body: withoutTraceId((await response.json()) as Answer['body']) };
}

async function importWorkbook(file: Buffer): Promise<Answer> {
  return post('/sys-users/import', { body: uploadForm(file) });
}

async function userCount(): Promise<number> {
  const response = await fetch(url('/sys-users/page'));
  return ((await response.json()) as { data: { totalCount: number } }).data.totalCount;
}

describe('GET /sys-users/export', () => {
  it('answers the users as an .xlsx attachment: a header row, then one user per row in id order', async () => {
    const response = await fetch(url('/sys-users/export'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sys-users.xlsx"');
    expect(await rowsOf(await response.arrayBuffer())).toEqual([
      ['id', 'name', 'age'],
      [1, 'alice', 20],
      [2, 'bob', 30],
    ]);
  });
});

describe('POST /sys-users/import', () => {
  it('creates every row in sheet order and answers their ids; header case and column order do not matter', async () => {
    const before = await userCount();
    const answer = await importWorkbook(
      await workbookOf([
        ['Age', 'NAME'],
        [41, ' carol '],
        ['52', 'dave'],
      ]),
    );
    expect(answer).toEqual({
      status: 200,
      body: { code: 200, data: { imported: 2, ids: [before + 1, before + 2] }, msg: 'success' },
    });
    const carol = await fetch(url(`/sys-users/${before + 1}`)).then((response) => response.json());
    expect(carol).toEqual({ code: 200, data: { id: before + 1, name: 'carol', age: 41 }, msg: 'success' });
  });

  it('reports every invalid cell with its row and column, with the rules of POST /sys-users, and saves nothing', async () => {
    const before = await userCount();
    const answer = await importWorkbook(
      await workbookOf([
        ['id', 'name', 'age'],
        [7, 'erin', 33],
        [8, '   ', 151],
        [9, 'frank', 'old'],
      ]),
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 400,
        data: [
          { row: 3, column: 'name', message: 'must not be blank' },
          { row: 3, column: 'age', message: 'Too big: expected number to be <=150' },
          { row: 4, column: 'age', message: 'Invalid input: expected number, received string' },
        ],
        msg: 'the workbook has 3 problem(s); nothing was imported',
      },
    });
    expect(await userCount()).toBe(before);
  });

  it('reports a missing header as a problem of row 1', async () => {
    const answer = await importWorkbook(
      await workbookOf([
        ['name', 'years'],
        ['gina', 5],
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual([
      {
        row: 1,
        column: 'age',
        message: 'no "age" header: the first row names the columns name, age (id and others are ignored)',
      },
    ]);
  });

  it.each([
    {
      refusal: 'a JSON body',
      init: () => ({ headers: { 'content-type': 'application/json' }, body: '{"name":"x","age":1}' }),
      status: 415,
      msg: 'send the workbook as multipart/form-data, in the form field "file"',
    },
    {
      refusal: 'a text body',
      init: () => ({ headers: { 'content-type': 'text/plain' }, body: 'name,age' }),
      status: 415,
      msg: 'send the workbook as multipart/form-data, in the form field "file"',
    },
    {
      refusal: 'a form without a file',
      init: () => {
        const form = new FormData();
        form.append('note', 'no file here');
        return { body: form };
      },
      status: 400,
      msg: 'no file: send the workbook in the form field "file"',
    },
    {
      refusal: 'a file in another field',
      init: async () => ({ body: uploadForm(await workbookOf([['name', 'age']]), 'upload') }),
      status: 400,
      msg: 'the workbook goes in the form field "file", not "upload"',
    },
    {
      refusal: 'two files',
      init: async () => {
        const form = uploadForm(await workbookOf([['name', 'age']]));
        form.append('file', new Blob(['second']), 'second.xlsx');
        return { body: form };
      },
      status: 400,
      msg: 'send one file only, in the form field "file"',
    },
    {
      refusal: 'an empty file',
      init: () => ({ body: uploadForm('') }),
      status: 400,
      msg: 'the uploaded file is empty',
    },
    {
      refusal: 'a file that is not a workbook',
      init: () => ({ body: uploadForm('name,age\nhank,40\n', 'file', 'users.csv') }),
      status: 400,
      msg: expect.stringMatching(/^the file is not an \.xlsx workbook \(.+\)$/),
    },
    {
      refusal: 'a workbook without user rows',
      init: async () => ({ body: uploadForm(await workbookOf([['name', 'age']])) }),
      status: 400,
      msg: 'the workbook has no user rows: the first row names the columns name and age',
    },
    {
      refusal: 'more rows than excel.import.maxRows',
      init: async () => ({
        body: uploadForm(await workbookOf([['name', 'age'], ...[1, 2, 3, 4].map((age) => [`user${age}`, age])])),
      }),
      status: 413,
      msg: 'the workbook has more than 3 user rows (excel.import.maxRows)',
    },
  ])('refuses $refusal with $status in the unified shape, saving nothing', async ({ init, status, msg }) => {
    const before = await userCount();
    expect(await post('/sys-users/import', await init())).toEqual({ status, body: { code: status, data: null, msg } });
    expect(await userCount()).toBe(before);
  });
});

describe('the unified response', () => {
  it('lets the file and the row problems through without a framework warning', () => {
    expect(service.logLines().filter((line) => (line.level as number) >= 40)).toEqual([]);
  });
});

describe('limits of excel.import', () => {
  let small: TestApplication;
  beforeAll(async () => {
    small = await startTestApplication({ excel: { import: { maxFileBytes: 1024 } } });
  });
  afterAll(() => small.application.close());

  it('refuses a file above excel.import.maxFileBytes with 413', async () => {
    const file = await workbookOf([['name', 'age'], ...Array.from({ length: 200 }, (_, i) => [`user ${i}`, i % 150])]);
    const response = await small.fetch(`${small.application.url}/sys-users/import`, {
      method: 'POST',
      body: uploadForm(file),
    });
    expect(response.status).toBe(413);
    expect(withoutTraceId(await response.json())).toEqual({
      code: 413,
      data: null,
      msg: 'the file is larger than 1024 bytes (excel.import.maxFileBytes)',
    });
  });
});
