import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession();

/** chai 4.4.1 in Node: the version newman 6's sandbox bundles, and the one loaded into QuickJS. */
const requireHere = createRequire(import.meta.url);
const nodeChai = requireHere('chai') as { expect: unknown };

/** Assertions whose verdicts and messages must be chai's own, failing and passing ones mixed. */
const ASSERTIONS = [
  'expect(200).to.equal(201)',
  'expect(200).to.equal(200)',
  'expect({ a: 1, b: [1, 2] }).to.eql({ a: 1, b: [1, 3] })',
  "expect('abcdef').to.include('z')",
  'expect([1, 2]).to.have.lengthOf(3)',
  'expect(undefined).to.exist',
  'expect(5).to.be.above(10)',
  "expect('x').to.be.a('number')",
  "expect({ a: { b: 1 } }).to.have.nested.property('a.c')",
  "expect({ a: 1 }).to.have.property('a', 2)",
  "expect('abc').to.match(/z/)",
  'expect(1).to.be.oneOf([2, 3])',
  'expect(null).to.not.be.null',
  'expect(1).to.be.equa(1)',
  'expect(1).to.be.tru',
  'expect(false).to.be.true',
  'expect([1, 2]).to.deep.include(3)',
  "expect({ a: 1 }).to.have.all.keys('b')",
  'expect(1.5).to.be.closeTo(2, 0.1)',
  "expect('a').to.be.empty",
  'expect(function () {}).to.throw()',
  "expect([{ id: 1 }]).to.deep.equal([{ id: '1' }])",
  'expect(NaN).to.be.NaN',
  'expect(0).to.be.ok',
  "expect('x', 'a custom message').to.equal('y')",
  "expect({ long: 'x'.repeat(50), more: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }).to.eql({})",
];

function nodeVerdict(code: string): string | null {
  const run = new Function('expect', `try { ${code}; return null; } catch (e) { return e.name + ': ' + e.message; }`);
  return run(nodeChai.expect) as string | null;
}

describe('pm.test and pm.expect', () => {
  it('loads the chai newman 6 bundles', () => {
    expect((requireHere('chai/package.json') as { version: string }).version).toBe('4.4.1');
  });

  it("gives each assertion chai's own verdict and message", async () => {
    const source = ASSERTIONS.map(
      (code, i) => `pm.test(${JSON.stringify(`case ${i}`)}, function () { const expect = pm.expect; ${code}; });`,
    ).join('\n');
    const result = await sandbox.run(source);
    expect(result.error).toBeUndefined();
    const sandboxed = result.tests.map((test) => (test.error ? `${test.error.name}: ${test.error.message}` : null));
    expect(sandboxed).toEqual(ASSERTIONS.map(nodeVerdict));
    expect(sandboxed.filter((verdict) => verdict !== null).length).toBeGreaterThan(15);
  });

  it('keeps the order of declaration, skips pm.test.skip, and passes a test without a function', async () => {
    const result = await sandbox.run(`
      pm.test('first', () => pm.expect(1).to.equal(1));
      // Postman's pm.test.skip, reached by its key so this file holds no skipped test of its own.
      pm.test['skip']('skipped', () => { throw new Error('never run'); });
      pm.test('no function');
      pm.test('last', () => { throw new TypeError('boom'); });
      pm.test('index', () => pm.expect(pm.test.index()).to.equal(5));
    `);
    expect(result.tests).toEqual([
      { name: 'first', passed: true },
      { name: 'skipped', passed: true, skipped: true },
      { name: 'no function', passed: true },
      { name: 'last', passed: false, error: { name: 'TypeError', message: 'boom' } },
      { name: 'index', passed: true },
    ]);
  });

  it("waits for an async test's promise and for a done callback, in declaration order", async () => {
    const result = await sandbox.run(`
      pm.test('async fails', async () => { await null; pm.expect(1).to.equal(2); });
      pm.test('done passes', (done) => { setTimeout(() => done(), 5); });
      pm.test('done fails', (done) => { setTimeout(() => done(new Error('late failure')), 1); });
      pm.test('async passes', async () => { await Promise.resolve(); await null; });
    `);
    expect(result.tests).toEqual([
      { name: 'async fails', passed: false, error: { name: 'AssertionError', message: 'expected 1 to equal 2' } },
      { name: 'done passes', passed: true },
      { name: 'done fails', passed: false, error: { name: 'Error', message: 'late failure' } },
      { name: 'async passes', passed: true },
    ]);
  });

  it('fails a test whose promise can never settle or whose done is never called, without waiting', async () => {
    const result = await sandbox.run(`
      pm.test('never settles', () => new Promise(() => {}));
      pm.test('never done', (done) => {});
    `);
    expect(result.error).toBeUndefined();
    expect(result.tests.map((test) => test.error?.message)).toEqual([
      'the test did not finish: its promise never settled',
      'the test did not finish: its done callback was never called',
    ]);
    expect(result.durationMs).toBeLessThan(2000);
  });

  it("counts legacy tests['name'] entries after pm.test ones, failing falsy values as Postman does, with Sugar's String#has", async () => {
    const result = await sandbox.run(`
      tests['legacy passes'] = responseCode.code === 200;
      tests['legacy fails'] = 0;
      tests['legacy body has'] = responseBody.has('Ada') && responseBody.has(/"ta.s"/) && !responseBody.has('Bob');
      pm.test('modern', () => {});
    `);
    expect(result.tests).toEqual([
      { name: 'modern', passed: true },
      { name: 'legacy passes', passed: true },
      { name: 'legacy fails', passed: false, error: { name: 'AssertionError', message: 'expected 0 to be truthy' } },
      { name: 'legacy body has', passed: true },
    ]);
  });

  it('runs Bruno tests with expect and assert', async () => {
    const result = await sandbox.run(`
      test('bruno passes', () => expect(res.status).to.equal(200));
      test('bruno async fails', async () => { await bru.sleep(1); assert.equal(res.getStatus(), 404); });
    `);
    expect(result.tests).toEqual([
      { name: 'bruno passes', passed: true },
      {
        name: 'bruno async fails',
        passed: false,
        error: { name: 'AssertionError', message: 'expected 200 to equal 404' },
      },
    ]);
  });
});
