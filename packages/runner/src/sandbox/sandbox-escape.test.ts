import { describe, expect, it } from 'vitest';
import { RunVariables } from './run-variables.js';
import { sharedSession } from './sandbox.test-support.js';
import type { ScriptResult } from './script-types.js';

const sandbox = sharedSession({ timeLimitMs: 1000, memoryLimitBytes: 24 * 1024 * 1024 });

/** After any script, the same session still runs a script with tests and variables correctly. */
async function expectSessionStillWorks() {
  const variables = new RunVariables({ environment: [{ key: 'n', value: 1 }] });
  const result = await sandbox.run(
    "pm.environment.set('n', pm.environment.get('n') + 1); pm.test('fine', () => pm.expect(pm.response.code).to.equal(200));",
    { variables },
  );
  expect(result.error).toBeUndefined();
  expect(result.tests).toEqual([{ name: 'fine', passed: true }]);
  expect(variables.get('environment', 'n')?.value).toBe(2);
}

async function contained(source: string): Promise<ScriptResult> {
  const result = await sandbox.run(source);
  await expectSessionStillWorks();
  return result;
}

/** Each probe must pass inside the sandbox: what it checks is what a script cannot reach. */
async function probes(checks: string[]) {
  const source = checks.map((check, i) => `pm.test(${JSON.stringify(`p${i}`)}, () => { ${check}; });`).join('\n');
  const result = await contained(source);
  expect(result.error).toBeUndefined();
  return result.tests.map((test) => (test.passed ? 'pass' : test.error?.message));
}

describe('the sandbox contains scripts', () => {
  it('has no modules, process, files or environment to reach', async () => {
    expect(
      await probes([
        "pm.expect(() => require('fs')).to.throw(\"require('fs') is not available in Client's sandbox: scripts cannot load modules\")",
        "pm.expect(() => pm.require('child_process')).to.throw(/not available in Client's sandbox/)",
        "pm.expect(typeof process).to.equal('undefined')",
        "pm.expect(typeof module + typeof exports + typeof Buffer).to.equal('undefinedundefinedundefined')",
        "pm.expect(typeof std + typeof os + typeof scriptArgs + typeof print).to.equal('undefinedundefinedundefinedundefined')",
        "pm.expect(typeof host + typeof chai + typeof state).to.equal('undefinedundefinedundefined')",
        'pm.expect(bru.getProcessEnv("PATH")).to.equal(undefined)',
      ]),
    ).toEqual(Array(7).fill('pass'));
  });

  it('leads constructor chains from its functions back only to QuickJS’s own Function', async () => {
    expect(
      await probes([
        "pm.expect(() => this.constructor.constructor('return process')()).to.throw(ReferenceError, \"'process' is not defined\")",
        "pm.expect(pm.sendRequest.constructor('return globalThis')()).to.equal(globalThis)",
        "pm.expect(console.log.constructor.constructor('return typeof process')()).to.equal('undefined')",
        'pm.expect(Object.getPrototypeOf(pm.test)).to.equal(Function.prototype)',
        "pm.expect(eval('typeof process')).to.equal('undefined')",
        'pm.expect(new Function(\'return eval("1 + 1")\')()).to.equal(2)',
        'pm.expect(Object.getOwnPropertyNames(globalThis).filter((name) => /send|host|timer|cancel/i.test(name))).to.eql([])',
      ]),
    ).toEqual(Array(7).fill('pass'));
  });

  it('refuses dynamic import', async () => {
    const result = await contained("await import('fs');");
    expect(result.error?.kind).toBe('runtime');
    expect(result.error?.message).toMatch(/fs/);
  });

  it('ends an endless loop at the time limit', { timeout: 20_000 }, async () => {
    const result = await contained('while (true) {}');
    expect(result.error).toEqual({
      kind: 'timeout',
      message: 'the script did not finish within its time limit of 1000 ms',
    });
  });

  it('ends an endless promise chain as a runaway, and a catastrophic regular expression at the time limit', {
    timeout: 20_000,
  }, async () => {
    const chain = await contained('function again() { return Promise.resolve().then(again); } again();');
    expect(chain.error).toEqual({ kind: 'runtime', message: expect.stringContaining('endless promise chain') });
    const regex = await contained("/(a+)+b/.test('a'.repeat(40));");
    expect(regex.error?.kind).toBe('timeout');
  });

  it('ends a never-resolving top-level await at once, with a clear error', async () => {
    const result = await contained("pm.test('kept', () => {}); await new Promise(() => {});");
    expect(result.tests).toEqual([{ name: 'kept', passed: true }]);
    expect(result.error).toEqual({
      kind: 'runtime',
      message: 'Error: the script awaits a promise that nothing can settle',
    });
    expect(result.durationMs).toBeLessThan(1000);
  });

  // Each of these gives the next script a new context, which takes chai's loading again: allow for it.
  it('stops a doubling string at the memory limit', { timeout: 20_000 }, async () => {
    const doubling = await contained("let s = 'x'; while (true) s += s + s.slice(1);");
    expect(doubling.error?.kind).toBe('memory');
  });

  it('stops a growing array at the memory limit', { timeout: 20_000 }, async () => {
    const growth = await contained('const kept = []; while (true) kept.push(new ArrayBuffer(1 << 20));');
    expect(growth.error).toEqual({
      kind: 'memory',
      message: `the script ran out of memory (limit ${24 * 1024 * 1024} bytes): out of memory`,
    });
  });

  it('does not let a hoard kept in a global fill the next script’s memory', { timeout: 20_000 }, async () => {
    const hoard = await contained('globalThis.hoard = []; while (true) hoard.push(new Uint8Array(1 << 20));');
    expect(hoard.error?.kind).toBe('memory');
    const next = await sandbox.run("pm.test('no hoard', () => pm.expect(typeof hoard).to.equal('undefined'));");
    expect(next.tests[0]?.passed).toBe(true);
  });

  it('stops deep recursion, in script code and inside built-ins', { timeout: 20_000 }, async () => {
    const recursion = await contained('function down() { return down() + 1; } down();');
    expect(recursion.error).toEqual({ kind: 'runtime', message: 'InternalError: stack overflow' });
    const nested = await contained("JSON.parse('['.repeat(200000));");
    expect(['runtime', 'memory']).toContain(nested.error?.kind);
  });

  it('gives later scripts a fresh context when one replaces a built-in the sandbox relies on', {
    timeout: 20_000,
  }, async () => {
    const rigged = await contained(`
      Object.getPrototypeOf(pm.expect(1)).assert = function () {};
      Array.prototype.push = function () { return 0; };
    `);
    expect(rigged.error).toBeUndefined();
    const honest = await sandbox.run("pm.test('still judged', () => pm.expect(1).to.equal(2));");
    expect(honest.tests).toEqual([
      { name: 'still judged', passed: false, error: { name: 'AssertionError', message: 'expected 1 to equal 2' } },
    ]);
  });

  it("cannot take pm's or bru's functions away from later scripts", async () => {
    await contained(`
      try { Object.defineProperty(pm, 'test', { value: null }); } catch (e) {}
      pm.expect = null; bru.setVar = null; console.log = null;
    `);
    const result = await sandbox.run("pm.test('intact', () => pm.expect(typeof bru.setVar).to.equal('function'));");
    expect(result.tests).toEqual([{ name: 'intact', passed: true }]);
  });

  it('keeps implicit globals for later scripts of the run, as newman does', async () => {
    await sandbox.run('sharedHelper = function (x) { return x * 2; };');
    const result = await sandbox.run("pm.test('helper', () => pm.expect(sharedHelper(2)).to.equal(4));");
    expect(result.tests).toEqual([{ name: 'helper', passed: true }]);
  });

  it('reports a syntax error with its line', async () => {
    const result = await contained("pm.test('a', () => {});\nconst = 1;");
    expect(result.error?.kind).toBe('syntax');
    expect(result.error?.message).toMatch(/^SyntaxError: .+\(line 2\)$/);
  });
});
