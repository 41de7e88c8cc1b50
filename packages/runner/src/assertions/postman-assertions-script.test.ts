import { type Assertion, exportPostman, type ProjectSnapshot, resolveTemplate } from '@client/core';
import { describe, expect, it } from 'vitest';
import type { AssertionResponse } from './assertion-response.js';
import { evaluateAssertion } from './evaluate-assertion.js';

/**
 * The test script a Postman export writes for an endpoint's rows, run against a stand-in for Postman's `pm` (the
 * parts the script uses), must give each row the verdict Client gives it.
 */
function runExportedScript(rows: Assertion[], response: AssertionResponse, variables: Record<string, string>) {
  const snapshot: ProjectSnapshot = {
    name: 'P',
    description: '',
    variables: [],
    folders: [],
    endpoints: [
      {
        id: 'e',
        projectId: 'p',
        folderId: null,
        name: 'E',
        method: 'GET',
        path: '/',
        queryParams: [],
        headers: [],
        body: { mode: 'none' },
        auth: { type: 'none' },
        state: 'Designing',
        tests: rows,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  };
  const item = (exportPostman(snapshot).document.item as { event: { script: { exec: string[] } }[] }[])[0];
  const code = item?.event[0]?.script.exec.join('\n') ?? '';
  const results: { name: string; passed: boolean; message?: string }[] = [];
  const headerNamed = (name: string) => response.headers.filter((h) => h.key.toLowerCase() === name.toLowerCase());
  const pm = {
    test(name: string, check: () => void) {
      try {
        check();
        results.push({ name, passed: true });
      } catch (error) {
        results.push({ name, passed: false, message: (error as Error).message });
      }
    },
    variables: { replaceIn: (text: string) => resolveTemplate(text, (name) => variables[name]) },
    response: {
      code: response.code,
      responseTime: response.responseTime,
      responseSize: response.size,
      text: () => response.body,
      json: () => JSON.parse(response.body),
      headers: {
        has: (name: string) => headerNamed(name).length > 0,
        get: (name: string) => headerNamed(name)[0]?.value,
      },
    },
  };
  new Function('pm', code)(pm);
  return results;
}

const response: AssertionResponse = {
  code: 201,
  status: 'Created',
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: JSON.stringify({ id: 7, name: 'Chair', tags: ['a', 'b'], lines: [{ sku: 'A1' }, { sku: 'B2' }], none: null }),
  responseTime: 30,
  size: 80,
};

describe('the Postman test script of exported rows', () => {
  it('gives every row the name and verdict Client gives it', () => {
    const rows: Assertion[] = [
      { source: 'status', property: '', operator: 'eq', value: '201' },
      { source: 'status', property: '', operator: 'lt', value: '{{limit}}' },
      { source: 'status', property: '', operator: 'gte', value: '300' },
      { source: 'responseTime', property: '', operator: 'lte', value: '30' },
      { source: 'size', property: '', operator: 'gt', value: '100' },
      { source: 'header', property: 'content-type', operator: 'contains', value: 'json' },
      { source: 'header', property: 'X-Missing', operator: 'exists', value: '' },
      { source: 'jsonpath', property: '$.id', operator: 'isType', value: 'number' },
      { source: 'jsonpath', property: '$.name', operator: 'matches', value: '/^ch/i' },
      { source: 'jsonpath', property: '$.tags', operator: 'length', value: '2' },
      { source: 'jsonpath', property: '$.lines[*].sku', operator: 'contains', value: 'B2' },
      { source: 'jsonpath', property: "$['none']", operator: 'eq', value: 'null' },
      { source: 'jsonpath', property: '$.missing', operator: 'exists', value: '' },
      { source: 'jsonpath', property: '$.lines[0]', operator: 'eq', value: '{"sku":"A1"}' },
      { source: 'body', property: '', operator: 'contains', value: 'Chair' },
      { source: 'body', property: '', operator: 'neq', value: '' },
      { source: 'status', property: '', operator: 'eq', value: '500', enabled: false },
    ];
    const variables = { limit: '300' };
    const fromScript = runExportedScript(rows, response, variables);
    const fromClient = rows
      .filter((row) => row.enabled !== false)
      .map((row) => evaluateAssertion(row, response, (name) => variables[name as 'limit']));
    expect(fromScript.map(({ name, passed }) => ({ name, passed }))).toEqual(
      fromClient.map((verdict) => ({ name: verdict.assertion, passed: verdict.passed })),
    );
    expect(fromScript.filter((result) => !result.passed).map((result) => result.name)).toEqual([
      'status gte 300',
      'size gt 100',
      'header X-Missing exists',
      'jsonpath $.missing exists',
    ]);
  });

  it('says a JSONPath it cannot follow in Postman needs Client, rather than passing', () => {
    const rows: Assertion[] = [{ source: 'jsonpath', property: '$..sku', operator: 'exists', value: '' }];
    expect(runExportedScript(rows, response, {})).toEqual([
      { name: 'jsonpath $..sku exists', passed: false, message: 'this JSONPath needs Client: $..sku' },
    ]);
  });
});
