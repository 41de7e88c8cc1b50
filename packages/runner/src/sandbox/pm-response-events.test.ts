import { describe, expect, it } from 'vitest';
import { response, sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession();

const streamed = response({
  headers: [{ key: 'Content-Type', value: 'text/event-stream' }],
  body: 'event: delta\ndata: {"text":"Hi"}\n\ndata: [DONE]\n\n',
  events: [
    { event: 'delta', data: '{"text":"Hi"}', ms: 5 },
    { data: '[DONE]', ms: 9 },
  ],
});

describe("a streamed answer's events in scripts", () => {
  it('are pm.response.events, each one’s JSON data parsed', async () => {
    const result = await sandbox.run(
      `pm.test('events', function () {
        pm.expect(pm.response.events).to.have.length(2);
        pm.expect(pm.response.events[0]).to.deep.equal({ event: 'delta', data: { text: 'Hi' }, ms: 5 });
        pm.expect(pm.response.events[1].data).to.equal('[DONE]');
      });`,
      { response: streamed },
    );
    expect(result.tests).toEqual([{ name: 'events', passed: true }]);
  });

  it('are res.events in Bruno scripts, and absent for an answer that is not a stream', async () => {
    const stream = await sandbox.run(
      `test('events', () => { expect(res.events.map((e) => e.ms)).to.deep.equal([5, 9]); });`,
      { response: streamed },
    );
    expect(stream.tests).toEqual([{ name: 'events', passed: true }]);
    const plain = await sandbox.run(`test('none', () => { expect(pm.response.events).to.equal(undefined); });`);
    expect(plain.tests).toEqual([{ name: 'none', passed: true }]);
  });
});
