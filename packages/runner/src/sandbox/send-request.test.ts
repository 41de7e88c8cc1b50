import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_TIMERS, MAX_SENDS_PER_SCRIPT } from './host-operations.js';
import { response, sharedSession } from './sandbox.test-support.js';
import type { OutgoingScriptRequest, ScriptResponse } from './script-types.js';

const sent: OutgoingScriptRequest[] = [];
const aborted: string[] = [];

/** A stand-in sender: answers /users/N with JSON, /fail with an error, /slow never (until aborted). */
async function fakeSender(request: OutgoingScriptRequest, signal: AbortSignal): Promise<ScriptResponse> {
  sent.push(request);
  const path = new URL(request.url).pathname;
  if (path === '/fail') throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  if (path === '/slow') {
    return new Promise((_, reject) => {
      signal.addEventListener('abort', () => {
        aborted.push(request.url);
        reject(new Error('aborted'));
      });
    });
  }
  const status = path === '/missing' ? 404 : 200;
  await new Promise((resolve) => setImmediate(resolve));
  return response({ code: status, status: status === 200 ? 'OK' : 'Not Found', body: JSON.stringify({ path }) });
}

const sandbox = sharedSession({ sendRequest: fakeSender, timeLimitMs: 1500 });

describe('pm.sendRequest, bru.sendRequest and timers', () => {
  it('calls back after the script body, and the script waits for it', async () => {
    sent.length = 0;
    const result = await sandbox.run(`
      const order = [];
      pm.sendRequest({
        url: 'http://127.0.0.1/users/7',
        method: 'POST',
        header: { 'X-One': '1' },
        body: { mode: 'raw', raw: '{"a":1}', options: { raw: { language: 'json' } } },
      }, function (err, res) {
        order.push('callback');
        pm.test('callback', () => {
          pm.expect(err).to.equal(null);
          pm.expect(res.code).to.equal(200);
          pm.expect(res.json().path).to.equal('/users/7');
          pm.expect(order).to.eql(['body', 'callback']);
        });
        pm.environment.set('fromCallback', res.json().path);
      });
      order.push('body');
    `);
    expect(result.tests).toEqual([{ name: 'callback', passed: true }]);
    expect(result.variableChanges).toEqual([
      { layer: 'environment', op: 'set', name: 'fromCallback', value: '/users/7' },
    ]);
    expect(sent).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1/users/7',
        headers: [{ key: 'X-One', value: '1' }],
        body: { mode: 'json', text: '{"a":1}' },
      },
    ]);
  });

  it('resolves its promise form, and hands a failed send to the callback as an error', async () => {
    const result = await sandbox.run(`
      const res = await pm.sendRequest('http://127.0.0.1/users/2');
      pm.test('promise', () => pm.expect(res.json().path).to.equal('/users/2'));
      pm.sendRequest('http://127.0.0.1/fail', (err, answer) => {
        pm.test('error', () => pm.expect(err.message).to.equal('connect ECONNREFUSED 127.0.0.1:9'));
      });
      try { await pm.sendRequest('http://127.0.0.1/fail'); } catch (e) { pm.test('rejects', () => pm.expect(e.message).to.match(/ECONNREFUSED/)); }
    `);
    expect(result.error).toBeUndefined();
    expect(result.tests.map((test) => [test.name, test.passed])).toEqual([
      ['promise', true],
      ['error', true],
      ['rejects', true],
    ]);
  });

  it('makes bru.sendRequest behave like axios: data parsed, a 404 rejected', async () => {
    const result = await sandbox.run(`
      const ok = await bru.sendRequest({ method: 'get', url: 'http://127.0.0.1/users/3', params: { q: 'x' } });
      test('ok', () => { expect(ok.status).to.equal(200); expect(ok.data.path).to.equal('/users/3'); });
      await bru.sendRequest({ url: 'http://127.0.0.1/missing' }, (err, res) => {
        test('404', () => { expect(res).to.equal(null); expect(err.status).to.equal(404); expect(err.message).to.equal('Request failed with status code 404'); });
      });
    `);
    expect(result.tests).toEqual([
      { name: 'ok', passed: true },
      { name: '404', passed: true },
    ]);
    expect(sent.at(-2)?.url).toBe('http://127.0.0.1/users/3?q=x');
  });

  it('runs timers in order, cancels cleared ones, and stops an interval that is cleared', async () => {
    const result = await sandbox.run(`
      const seen = [];
      setTimeout(() => seen.push('late'), 20);
      setTimeout((x) => seen.push(x), 1, 'early');
      const cancelled = setTimeout(() => seen.push('never'), 5);
      clearTimeout(cancelled);
      let ticks = 0;
      const interval = setInterval(() => { ticks++; if (ticks === 3) clearInterval(interval); }, 1);
      setTimeout(() => pm.test('timers', () => { pm.expect(seen).to.eql(['early', 'late']); pm.expect(ticks).to.equal(3); }), 40);
    `);
    expect(result.tests).toEqual([{ name: 'timers', passed: true }]);
  });

  it('ends a script still waiting at its time limit, aborts its request and keeps what it recorded', async () => {
    aborted.length = 0;
    const result = await sandbox.run(`
      pm.test('before', () => {});
      console.log('waiting');
      pm.sendRequest('http://127.0.0.1/slow', () => pm.test('never', () => {}));
    `);
    expect(result.error).toEqual({
      kind: 'timeout',
      message: 'the script did not finish within its time limit of 1500 ms (1 sendRequest still without an answer)',
    });
    expect(result.tests).toEqual([{ name: 'before', passed: true }]);
    expect(result.console).toEqual([{ level: 'log', text: 'waiting' }]);
    expect(aborted).toEqual(['http://127.0.0.1/slow']);
    const next = await sandbox.run("pm.test('next', () => {});");
    expect(next.tests).toEqual([{ name: 'next', passed: true }]);
  });

  it('reports an error thrown in a callback as the script’s runtime error', async () => {
    const result = await sandbox.run("setTimeout(() => { throw new RangeError('in a timer'); }, 1);");
    expect(result.error).toEqual({ kind: 'runtime', message: 'RangeError: in a timer' });
  });

  it('bounds what one script may ask of the host', async () => {
    sent.length = 0;
    const result = await sandbox.run(`
      let refused = 0;
      for (let i = 0; i <= ${MAX_SENDS_PER_SCRIPT}; i++) {
        pm.sendRequest('http://127.0.0.1/users/' + i, (err) => { if (err) { refused++; console.log(err.message); } });
      }
      try { for (let i = 0; i <= ${MAX_ACTIVE_TIMERS}; i++) setTimeout(() => {}, 1); } catch (e) { console.log(e.message); }
    `);
    expect(sent).toHaveLength(MAX_SENDS_PER_SCRIPT);
    expect(result.console.map((line) => line.text)).toEqual([
      `a script may have at most ${MAX_ACTIVE_TIMERS} timers waiting at once`,
      `sendRequest: a script may send at most ${MAX_SENDS_PER_SCRIPT} requests`,
    ]);
  });
});
