import { AppError } from '@client/core';
import { describe, expect, it } from 'vitest';
import { RunVariables } from './run-variables.js';
import { request, sharedSession } from './sandbox.test-support.js';
import { ScriptSession } from './script-session.js';

const sandbox = sharedSession();

describe('ScriptSession', () => {
  it('refuses limits out of range with a VALIDATION error naming the limit', async () => {
    await expect(ScriptSession.create({ timeLimitMs: 0 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'timeLimitMs must be a whole number from 1 to 600000; got 0',
    });
    await expect(ScriptSession.create({ memoryLimitBytes: 1024 })).rejects.toBeInstanceOf(AppError);
  });

  it('refuses to run once disposed', async () => {
    const session = await ScriptSession.create();
    session.dispose();
    await expect(
      session.run({ event: 'test', source: '1', request: request(), variables: new RunVariables() }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('answers an empty script at once, with the request unchanged', async () => {
    const result = await sandbox.run('  \n', { event: 'prerequest' });
    expect(result).toMatchObject({ tests: [], console: [], variableChanges: [], request: request() });
    expect(result.error).toBeUndefined();
  });

  it('keeps the tests before an uncaught error and reports the error as the script’s', async () => {
    const result = await sandbox.run("pm.test('before', () => {}); undefined.x; pm.test('after', () => {});");
    expect(result.tests).toEqual([{ name: 'before', passed: true }]);
    expect(result.error?.kind).toBe('runtime');
    expect(result.error?.message).toMatch(/^TypeError: /);
  });

  it('runs overlapping calls one after another, each with its own console and info', async () => {
    const script = (n: number) =>
      `setTimeout(() => console.info('script ${n}', pm.info.iteration, pm.info.iterationCount), ${5 - n});`;
    const [first, second] = await Promise.all([
      sandbox.run(script(1), { info: { iteration: 0, iterationCount: 2 } }),
      sandbox.run(script(2), { info: { iteration: 1, iterationCount: 2 } }),
    ]);
    expect(first?.console).toEqual([{ level: 'info', text: 'script 1 0 2' }]);
    expect(second?.console).toEqual([{ level: 'info', text: 'script 2 1 2' }]);
  });

  it('captures console levels and bounds their volume', async () => {
    const result = await sandbox.run(`
      console.warn('w', 1, { a: [1] }, null, undefined);
      console.error(new TypeError('bad'));
      for (let i = 0; i < 1005; i++) console.debug(i);
    `);
    expect(result.console.slice(0, 3)).toEqual([
      { level: 'warn', text: 'w 1 {"a":[1]} null undefined' },
      { level: 'error', text: 'TypeError: bad' },
      { level: 'debug', text: '0' },
    ]);
    expect(result.console).toHaveLength(1001);
    expect(result.console.at(-1)).toEqual({ level: 'warn', text: '7 more console lines were left out' });
  });

  it('fails sendRequest clearly when the session has no sender', async () => {
    const result = await sandbox.run(`
      pm.sendRequest('http://127.0.0.1/x', (err) => pm.test('no sender', () => pm.expect(err.message).to.equal('sendRequest is not available where this script runs')));
    `);
    expect(result.tests).toEqual([{ name: 'no sender', passed: true }]);
  });
});
