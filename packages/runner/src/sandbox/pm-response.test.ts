import { describe, expect, it } from 'vitest';
import { response, sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession();

/** Runs one pm.test per line and gives each test's message, or 'pass'. */
async function verdicts(lines: string[], body = '{"a":1,"nested":{"deep":[{"x":1}]}}') {
  const source = lines.map((line, i) => `pm.test('t${i}', function () { ${line}; });`).join('\n');
  const answer = response({
    body,
    size: Buffer.byteLength(body),
    headers: [
      { key: 'Content-Type', value: 'application/json' },
      { key: 'X-Request-Id', value: 'abc' },
      { key: 'Set-Cookie', value: 'session=xyz; Path=/; HttpOnly' },
    ],
  });
  const result = await sandbox.run(source, { response: answer });
  expect(result.error).toBeUndefined();
  return result.tests.map((test) => (test.passed ? 'pass' : test.error?.message));
}

describe('pm.response', () => {
  it('reads the code, reason, headers, times and body', async () => {
    expect(
      await verdicts([
        'pm.expect(pm.response.code).to.equal(200)',
        "pm.expect(pm.response.status).to.equal('OK')",
        "pm.expect(pm.response.headers.get('x-request-id')).to.equal('abc')",
        "pm.expect(pm.response.headers.has('X-REQUEST-ID')).to.be.true",
        "pm.expect(pm.response.headers.toObject()['content-type']).to.equal('application/json')",
        'pm.expect(pm.response.responseTime).to.equal(12)',
        'pm.expect(pm.response.responseSize).to.equal(35)',
        'pm.expect(pm.response.json().nested.deep[0].x).to.equal(1)',
        "pm.expect(pm.response.text()).to.include('nested')",
        "pm.expect(pm.response.reason()).to.equal('OK')",
        'pm.expect(pm.response.size().total).to.be.above(35)',
        "pm.expect(pm.cookies.get('session')).to.equal('xyz')",
        "pm.expect(postman.getResponseHeader('x-request-id')).to.equal('abc')",
        "pm.expect(btoa('Ada:pw')).to.equal('QWRhOnB3')",
        "pm.expect(atob('QWRhOnB3')).to.equal('Ada:pw')",
      ]),
    ).toEqual(Array(15).fill('pass'));
  });

  it("asserts status, header, body and JSON with chai-postman's messages", async () => {
    expect(
      await verdicts([
        'pm.response.to.have.status(200)',
        'pm.response.to.have.status(404)',
        "pm.response.to.have.status('Created')",
        'pm.response.to.not.have.status(200)',
        "pm.response.to.have.header('X-Request-Id')",
        "pm.response.to.have.header('x-missing')",
        "pm.response.to.have.header('X-Request-Id', 'nope')",
        "pm.response.to.have.body('x')",
        'pm.response.to.have.body({ a: 2 })',
        "pm.response.to.have.jsonBody('nested.deep[0].x', 1)",
        "pm.response.to.have.jsonBody('nested.deep[0].x', 2)",
        "pm.response.to.have.jsonBody('missing')",
        'pm.response.to.be.json',
        'pm.response.to.have.body()',
        'pm.response.to.be.withBody',
      ]),
    ).toEqual([
      'pass',
      'expected response to have status code 404 but got 200',
      "expected response to have status reason 'Created' but got 'OK'",
      'expected response to not have status code 200',
      'pass',
      "expected response to have header with key 'x-missing'",
      "expected 'X-Request-Id' response header to be 'nope' but got 'abc'",
      'expected response body to equal \'x\' but got \'{"a":1,"nested":{"deep":[{"x":1}]}}\'',
      'expected response body json to equal { a: 2 } but got { Object (a, nested) }',
      'pass',
      'expected response body json at "nested.deep[0].x" to contain 2 but got 1',
      "expected { Object (a, nested) } in response to contain property 'missing'",
      'pass',
      'pass',
      'pass',
    ]);
  });

  it('asserts the class and name of the status as Postman does', async () => {
    expect(
      await verdicts([
        'pm.response.to.be.ok',
        'pm.response.to.be.success',
        'pm.response.to.be.error',
        'pm.response.to.be.clientError',
        'pm.response.to.be.serverError',
        'pm.response.to.be.notFound',
        'pm.response.to.have.statusCodeClass(2)',
        'pm.expect(0).to.be.ok',
        'pm.expect({}).to.have.status(200)',
        'pm.response.to.have.responseTime.below(100)',
        'pm.response.to.have.responseTime.above(100)',
      ]),
    ).toEqual([
      'pass',
      'pass',
      'expected response code to be 4XX or 5XX but found 200',
      'expected response code to be 4XX but found 200',
      'expected response code to be 5XX but found 200',
      "expected response to have status reason 'NOT FOUND' but got 'OK'",
      'pass',
      'expected +0 to be truthy',
      'expecting a postman response object but got {}',
      'pass',
      'expected 12 to be above 100',
    ]);
  });

  it("gives a test script whose request got no answer Postman's empty response and legacy globals, a pre-request script none", async () => {
    const legacy =
      'tests.code = isNaN(responseCode.code) && responseCode.name === ""; tests.time = isNaN(responseTime);' +
      'tests.headers = JSON.stringify(responseHeaders) === "{}"; tests.cookies = responseCookies.length === 0;' +
      'tests.body = responseBody === undefined;';
    const unanswered = await sandbox.run(legacy, { response: undefined });
    expect(unanswered.tests.map((test) => [test.name, test.passed])).toEqual([
      ['code', true],
      ['time', true],
      ['headers', true],
      ['cookies', true],
      ['body', true],
    ]);
    const empty = await sandbox.run(
      `pm.test('empty', () => pm.expect([pm.response.code, pm.response.text(), pm.response.headers.count()]).to.eql([undefined, undefined, 0]));
       pm.test('status', () => pm.response.to.have.status(200));`,
      { response: undefined },
    );
    expect(empty.tests).toEqual([
      { name: 'empty', passed: true },
      {
        name: 'status',
        passed: false,
        error: { name: 'AssertionError', message: "expected PostmanResponse{ …(5) } to have property 'code'" },
      },
    ]);
    const before = await sandbox.run(
      'tests.none = [responseCode, responseTime, responseHeaders].every((v) => v === undefined);',
      {
        event: 'prerequest',
      },
    );
    expect(before.tests).toEqual([{ name: 'none', passed: true }]);
  });

  it('fails json() on a body that is not JSON with a JSONError', async () => {
    const [parse, assertion] = await verdicts(['pm.response.json()', 'pm.response.to.be.json'], '<html>');
    expect(parse).toMatch(/./);
    expect(assertion).toMatch(/^expected response body to be a valid json but got error /);
    const result = await sandbox.run("pm.test('t', () => pm.response.json());", {
      response: response({ body: 'not json' }),
    });
    expect(result.tests[0]?.error?.name).toBe('JSONError');
  });

  it('gives Bruno scripts res with the parsed body, headers and getters', async () => {
    const result = await sandbox.run(`
      test('res', () => {
        expect(res.status).to.equal(200);
        expect(res.getStatusText()).to.equal('OK');
        expect(res.getHeader('X-REQUEST-ID')).to.equal('abc');
        expect(res.headers['content-type']).to.match(/json/);
        expect(res.body.nested.deep[0].x).to.equal(1);
        expect(res.getBody().name).to.equal('Ada');
        expect(res('nested.deep[0].x')).to.equal(1);
        expect(res.getResponseTime()).to.equal(12);
        expect(res.body).to.be.json;
      });
    `);
    expect(result.tests).toEqual([{ name: 'res', passed: true }]);
  });
});
