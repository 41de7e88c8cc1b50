import { describe, expect, it } from 'vitest';
import { request, sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession();

describe('pm.request and req in a pre-request script', () => {
  it('returns the request exactly as it came when the script leaves it alone', async () => {
    const original = request({
      url: '{{base_url}}/users/{{id}}?a=1&flag&b=&a=2#frag',
      headers: [
        { key: 'Accept', value: 'application/json' },
        { key: 'X-Off', value: '1', enabled: false },
      ],
      body: { mode: 'json', text: '{"x":1}' },
    });
    const result = await sandbox.run(
      `pm.test('reads', () => {
        pm.expect(pm.request.url.toString()).to.equal('{{base_url}}/users/{{id}}?a=1&flag&b=&a=2#frag');
        pm.expect(pm.request.url.query.get('a')).to.equal('2');
        pm.expect(pm.request.url.getPath()).to.equal('/users/{{id}}');
        pm.expect(pm.request.headers.get('accept')).to.equal('application/json');
        pm.expect(JSON.parse(pm.request.body.raw).x).to.equal(1);
        pm.expect(pm.info.eventName).to.equal('prerequest');
        pm.expect(pm.info.requestName).to.equal('Get user');
      });`,
      { event: 'prerequest', request: original },
    );
    expect(result.tests).toEqual([{ name: 'reads', passed: true }]);
    expect(result.request).toEqual(original);
  });

  it('hands back the URL, method, headers and body the script changed', async () => {
    const result = await sandbox.run(
      `pm.request.method = 'post';
       pm.request.url.query.upsert({ key: 'expand', value: 'false' });
       pm.request.url.addQueryParams('page=2');
       pm.request.headers.add({ key: 'X-Trace', value: 'abc' });
       pm.request.headers.upsert({ key: 'accept', value: 'text/plain' });
       pm.request.addHeader('X-Gone: 1');
       pm.request.removeHeader('x-gone');
       pm.request.body = { mode: 'raw', raw: '{"y":2}', options: { raw: { language: 'json' } } };`,
      { event: 'prerequest' },
    );
    expect(result.error).toBeUndefined();
    expect(result.request).toEqual({
      ...request(),
      method: 'POST',
      url: 'https://api.example.test/users/1?expand=false&page=2',
      headers: [
        { key: 'accept', value: 'text/plain' },
        { key: 'X-Trace', value: 'abc' },
      ],
      body: { mode: 'json', text: '{"y":2}' },
    });
  });

  it('maps form bodies both ways', async () => {
    const result = await sandbox.run(
      `pm.request.body.urlencoded.add({ key: 'b', value: '2' });
       pm.request.body.urlencoded.remove('gone');`,
      {
        event: 'prerequest',
        request: request({
          body: {
            mode: 'urlencoded',
            fields: [
              { key: 'a', value: '1' },
              { key: 'gone', value: 'x' },
            ],
          },
        }),
      },
    );
    expect(result.request?.body).toEqual({
      mode: 'urlencoded',
      fields: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
    });
  });

  it("lets Bruno's req read and change the same request", async () => {
    const result = await sandbox.run(
      `test('reads', () => {
         expect(req.getMethod()).to.equal('GET');
         expect(req.getHeader('Accept')).to.equal('application/json');
         expect(req.getName()).to.equal('Get user');
         expect(req.getUrl()).to.equal('https://api.example.test/users/1?expand=true');
       });
       req.setUrl('https://other.test/v2');
       req.setMethod('PUT');
       req.setHeader('Content-Type', 'application/json');
       req.deleteHeader('Accept');
       req.setBody({ name: 'Ada' });
       test('sees pm.request', () => expect(pm.request.url.getHost()).to.equal('other.test'));`,
      { event: 'prerequest' },
    );
    expect(result.tests.every((test) => test.passed)).toBe(true);
    expect(result.request).toMatchObject({
      method: 'PUT',
      url: 'https://other.test/v2',
      headers: [{ key: 'Content-Type', value: 'application/json' }],
      body: { mode: 'json', text: '{"name":"Ada"}' },
    });
  });

  it('leaves the request out of a test script’s result, and keeps skip and next-request signals', async () => {
    const test = await sandbox.run('pm.execution.setNextRequest("Login");');
    expect(test.request).toBeUndefined();
    expect(test.nextRequest).toBe('Login');
    const pre = await sandbox.run('pm.execution.skipRequest(); postman.setNextRequest(null);', { event: 'prerequest' });
    expect(pre.skipRequest).toBe(true);
    expect(pre.nextRequest).toBeNull();
    const bruno = await sandbox.run('bru.runner.stopExecution(); bru.setNextRequest("End");');
    expect(bruno).toMatchObject({ stopRun: true, nextRequest: 'End' });
    const skipped = await sandbox.run('bru.runner.skipRequest();', { event: 'prerequest' });
    expect(skipped.skipRequest).toBe(true);
  });
});
