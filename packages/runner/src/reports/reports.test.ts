import { emptyRunStats } from '@client/core';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { cliReport } from './cli-report.js';
import { junitReport } from './junit-report.js';
import { newmanJsonReport } from './newman-json-report.js';
import { reportSource } from './report-fixture.test-support.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  cdataPropName: 'cdata',
  isArray: (name) => ['testsuite', 'testcase', 'cdata'].includes(name),
  parseAttributeValue: false,
});

describe("newman's JSON report", () => {
  it('holds the stats, executions and failures CI tools read from newman', () => {
    const report = JSON.parse(JSON.stringify(newmanJsonReport(reportSource())));
    expect(report.collection.info).toMatchObject({ _postman_id: 'p1', name: 'Shop & co' });
    expect(report.environment).toEqual({ id: 'env1', name: 'Local', values: [] });
    expect(report.run.stats.iterations).toEqual({ total: 2, pending: 0, failed: 0 });
    expect(report.run.stats.requests).toEqual({ total: 4, pending: 0, failed: 2 });
    expect(report.run.stats.assertions).toEqual({ total: 6, pending: 0, failed: 2 });
    expect(report.run.timings.started).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(report.run.executions).toHaveLength(4);
    const [first, second] = report.run.executions;
    expect(first).toMatchObject({
      id: 'e1',
      cursor: { iteration: 0, position: 0 },
      item: { id: 'e1', name: 'Create <order> & "pay"' },
      request: { method: 'POST', url: 'http://127.0.0.1:4010/orders?token=••••' },
      response: { code: 201, status: 'Created', responseTime: 120, responseSize: 40 },
      assertions: [
        { assertion: 'status eq 201', skipped: false },
        {
          assertion: 'jsonpath $.id exists',
          skipped: false,
          error: {
            name: 'AssertionError',
            message: 'nothing found for $.id ]]> <b>',
            index: 1,
            test: 'jsonpath $.id exists',
          },
        },
        { assertion: 'later', skipped: true },
      ],
    });
    expect(first.assertions[0].error).toBeUndefined();
    expect(second).toMatchObject({
      cursor: { iteration: 0, position: 1 },
      requestError: { message: 'connect ECONNREFUSED 127.0.0.1:9' },
      prerequestScript: [{ error: { message: 'ReferenceError: x is not defined' } }],
    });
    expect(second.response).toBeUndefined();
    expect(report.run.executions[2].cursor).toEqual({ iteration: 1, position: 0 });
    expect(
      report.run.failures.map((failure: { at: string; source: { name: string } }) => [failure.at, failure.source.name]),
    ).toEqual([
      ['assertion:1 in test-script', 'Create <order> & "pay"'],
      ['prerequest-script', 'Ping'],
      ['request', 'Ping'],
      ['assertion:1 in test-script', 'Create <order> & "pay"'],
      ['request', 'Ping'],
    ]);
    expect(report.run.transfers).toEqual({ responseTotal: 80 });
  });
});

describe("newman's JUnit report", () => {
  it('is XML with a test suite per request and a test case per check, failures with their message', () => {
    const xml = junitReport(reportSource());
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = parser.parse(xml).testsuites;
    expect(root).toMatchObject({ name: 'Shop & co', tests: '6', time: '0.200' });
    const [create, ping] = root.testsuite;
    expect(create).toMatchObject({
      name: 'Orders / Writes / Create <order> & "pay"',
      id: 'e1',
      timestamp: '2026-01-02T03:04:05.000Z',
      tests: '3',
      failures: '2',
      errors: '0',
      time: '0.100',
    });
    expect(create.testcase.map((test: { name: string }) => test.name)).toEqual([
      'status eq 201',
      'jsonpath $.id exists',
      'later',
    ]);
    const failing = create.testcase[1];
    expect(failing).toMatchObject({ time: '0.080', classname: 'OrdersWritesCreateOrderPay' });
    expect(failing.failure).toMatchObject({ type: 'AssertionFailure', message: 'nothing found for $.id ]]> <b>' });
    // A `]]>` in a message is split across two CDATA sections, which read as the one text.
    expect(failing.failure.cdata.join('')).toBe(
      [
        'Failed 2 times.',
        'Collection JSON ID: p1.',
        'Collection name: Shop & co.',
        'Request name: Orders / Writes / Create <order> & "pay".',
        'Test description: jsonpath $.id exists.',
        'Error message: nothing found for $.id ]]> <b>.',
      ].join(''),
    );
    expect(create.testcase[0].failure).toBeUndefined();
    expect(ping).toMatchObject({ name: 'Ping', tests: '0', failures: '0', errors: '3', time: '0.000' });
    expect(ping.testcase).toBeUndefined();
    expect(ping['system-err'].cdata.join('')).toBe(
      'Iteration: 0\nRequestError: connect ECONNREFUSED 127.0.0.1:9\n\n---\nprerequestScriptError: ReferenceError: x is not defined\n---\n' +
        'Iteration: 1\nRequestError: connect ECONNREFUSED 127.0.0.1:9\n\n---\n',
    );
  });

  it('is valid XML whatever the names and messages hold, and keeps them readable', () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(
      fc.property(text, text, text, (name, check, message) => {
        const source = reportSource();
        const [first] = source.result.executions;
        if (first === undefined) throw new Error('the fixture has executions');
        first.item = { ...first.item, name, path: [] };
        first.assertions = [{ assertion: check, error: { name: 'AssertionError', message } }];
        source.collection.name = name;
        const xml = junitReport(source);
        expect(XMLValidator.validate(xml)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('is an empty set of suites for a run without requests', () => {
    const source = { ...reportSource(), result: { ...reportSource().result, stats: emptyRunStats(), executions: [] } };
    const xml = junitReport(source);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml).testsuites).toMatchObject({ name: 'Shop & co', tests: '0' });
  });
});

describe('the cli report', () => {
  it('gives the verdict, the counts and each failure with where it happened', () => {
    const text = cliReport(reportSource());
    expect(text.split('\n')[0]).toBe('Shop & co (Local): failed');
    expect(text).toContain('│ requests             │        4 │        2 │');
    expect(text).toContain('│ assertions           │        6 │        2 │');
    expect(text).toContain('total run duration: 2.0 s');
    expect(text).toContain('average response time: 100 ms [min: 80 ms, max: 120 ms, s.d.: 20 ms]');
    expect(text).toContain('5 failures:');
    expect(text).toContain(
      '1. AssertionError in Orders / Writes / Create <order> & "pay", iteration 1\n   jsonpath $.id exists\n   nothing found for $.id ]]> <b>',
    );
    expect(text).toContain(
      '3. request error in Ping, iteration 1\n   GET http://127.0.0.1:9/ping\n   connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(text).toContain('2. prerequest-script error in Ping, iteration 1 (folder script)');
    // A control character a server sent is not written to the terminal.
    expect(text).toContain('   second \uFFFDfailure\n');
  });

  it('says a run passed when nothing failed', () => {
    const source = { ...reportSource(), environment: null };
    source.result = { ...source.result, stats: emptyRunStats(), executions: [] };
    expect(cliReport(source).split('\n')[0]).toBe('Shop & co: passed');
    expect(cliReport(source)).not.toContain('failure');
  });
});
