import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EndpointDraft } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  endpointDraft,
  type RecordedRequest,
  startTargetServer,
  startTestApp,
  type TestApp,
} from './ui-server.test-support.js';

let app: TestApp;
let target: Awaited<ReturnType<typeof startTargetServer>>;

beforeAll(async () => {
  app = await startTestApp();
  target = await startTargetServer();
});
afterAll(async () => {
  await target.close();
  await app.close();
});

const request = (extra: Partial<EndpointDraft>) => endpointDraft({ method: 'POST', path: '/echo', ...extra });

async function project(variables: { key: string; value: string; enabled?: boolean }[]): Promise<string> {
  const projectId = (await api(app, 'POST', '/api/projects', { name: `P${Math.random()}`, baseUrl: target.origin }))
    .json.id;
  await api(app, 'PUT', `/api/projects/${projectId}/variables`, {
    variables: [{ key: 'base_url', value: target.origin }, ...variables],
  });
  return projectId;
}

async function send(projectId: string, extra: Partial<EndpointDraft>, environmentId: string | null = null) {
  const before = target.requests.length;
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId,
    request: request(extra),
  });
  return { answer, received: target.requests[before] as RecordedRequest | undefined };
}

describe('a row switched off', () => {
  it('is never sent: params, headers and form fields that are off stay out of the wire and the history', async () => {
    const projectId = await project([]);
    const { answer, received } = await send(projectId, {
      queryParams: [
        { key: 'page', value: '1' },
        { key: 'debug', value: 'on', enabled: false },
      ],
      headers: [
        { key: 'X-On', value: 'yes' },
        { key: 'X-Off', value: 'never', enabled: false },
      ],
      body: {
        mode: 'urlencoded',
        fields: [
          { key: 'name', value: 'Ann' },
          { key: 'hidden', value: 'never', enabled: false },
        ],
      },
    });
    expect(answer.json).toMatchObject({ outcome: 'response', status: 200, warnings: [] });
    expect(received?.url).toBe('/echo?page=1');
    expect(received?.headers['x-on']).toBe('yes');
    expect(received?.headers['x-off']).toBeUndefined();
    expect(received?.body).toBe('name=Ann');
    const entry = (await api(app, 'GET', `/api/history/${answer.json.historyId}`)).json;
    expect(JSON.stringify(entry)).not.toMatch(/debug|X-Off|hidden|never/);
  });

  it('leaves a multipart part out, and does not read the file of a file part that is off', async () => {
    const projectId = await project([]);
    const { received } = await send(projectId, {
      body: {
        mode: 'multipart',
        parts: [
          { name: 'note', value: 'kept' },
          { name: 'file', file: '/no/such/file', enabled: false },
          { name: 'off', value: 'never', enabled: false },
        ],
      },
    });
    expect(received?.body).toContain('name="note"');
    expect(received?.body).not.toMatch(/name="file"|never/);
  });

  it('as a variable is undefined: a project variable of its name is used, else the URL cannot be sent', async () => {
    const projectId = await project([
      { key: 'id', value: '7' },
      { key: 'unused', value: 'x', enabled: false },
    ]);
    const environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Local' })).json
      .id;
    await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
      variables: [{ key: 'id', value: '9', secret: false, enabled: false }],
    });
    const environments = (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json;
    expect(environments.environments[0].variables).toEqual([{ key: 'id', value: '9', secret: false, enabled: false }]);

    const { received } = await send(projectId, { path: '/users/{{id}}' }, environmentId);
    expect(received?.url).toBe('/users/7');

    const warned = await send(projectId, { headers: [{ key: 'X-Unused', value: '{{unused}}' }] }, environmentId);
    expect(warned.answer.json.warnings).toEqual([
      '{{unused}} is not defined in the project or the environment, so it was sent as written.',
    ]);
    const refused = await send(projectId, { path: '/{{unused}}' }, environmentId);
    expect(refused.answer.json).toMatchObject({ outcome: 'failed', message: expect.stringContaining('{{unused}}') });
    expect(refused.received).toBeUndefined();
    expect((await api(app, 'GET', `/api/projects/${projectId}`)).json.variables).toContainEqual({
      key: 'unused',
      value: 'x',
      enabled: false,
    });
  });
});

describe('a picked file', () => {
  it('is kept 0600 in the data dir under its name, and the endpoint that names the copy sends its bytes', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 10, 13, 0x7f]);
    const kept = await api(app, 'POST', `/api/picked-files?name=${encodeURIComponent('../payload.bin')}`, bytes);
    expect(kept.status).toBe(201);
    expect(kept.json).toMatchObject({ name: '.._payload.bin', size: bytes.length });
    expect(kept.json.path.startsWith(`${app.dataDir}/picked-files/`)).toBe(true);
    expect(readFileSync(kept.json.path)).toEqual(bytes);
    expect(statSync(kept.json.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(kept.json.path)).mode & 0o777).toBe(0o700);
    // The same bytes again reuse the copy.
    expect((await api(app, 'POST', '/api/picked-files?name=..%2Fpayload.bin', bytes)).json.path).toBe(kept.json.path);

    const projectId = await project([]);
    const before = target.requests.length;
    await api(app, 'POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId: null,
      request: request({ body: { mode: 'file', path: kept.json.path } }),
    });
    expect(Buffer.from(target.requests[before]?.body ?? '', 'utf8')).toEqual(Buffer.from(bytes.toString('utf8')));
  });

  it('refuses a pick without a name, and an empty file is kept empty', async () => {
    expect((await api(app, 'POST', '/api/picked-files', Buffer.from('x'))).json.code).toBe('VALIDATION');
    const empty = await api(app, 'POST', '/api/picked-files?name=empty.txt', Buffer.alloc(0));
    expect(empty.status).toBe(201);
    expect(readFileSync(empty.json.path).length).toBe(0);
  });
});
