import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, endpointDraft, startTargetServer, startTestApp, type TestApp } from './ui-server.test-support.js';

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

const TOKEN = 'tok-3b1f9c2e7a';

/** Every text file under the folder, to look for a secret's value in. */
function folderText(folder: string): string {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yml'))
    .map((file) => readFileSync(join(folder, file), 'utf8'))
    .join('\n');
}

describe('a secret first seen in a linked folder’s files', () => {
  it('asks for its value once, keeps it encrypted, and never writes it to a file', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop', baseUrl: target.origin })).json.id;
    const folder = join(app.dataDir, 'clone', 'api');
    expect((await api(app, 'POST', `/api/projects/${projectId}/link`, { folder })).status).toBe(200);
    // A clone's environment file, as a teammate committed it: the secret is named, its value is not there.
    mkdirSync(join(folder, 'environments'), { recursive: true });
    writeFileSync(
      join(folder, 'environments', 'Dev.yml'),
      'name: Dev\nvariables:\n  - key: token\n    secret: true\n  - key: region\n    value: eu\n',
    );
    app.linked.refresh(projectId);

    const listed = (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json;
    const dev = listed.environments.find((environment: { name: string }) => environment.name === 'Dev');
    expect(dev.variables).toEqual([
      { key: 'token', value: '', secret: true, unset: true, allowedHosts: [new URL(target.origin).host] },
      { key: 'region', value: 'eu', secret: false },
    ]);
    expect((await api(app, 'POST', `/api/environments/${dev.id}/reveal`, { key: 'token' })).json).toEqual({
      value: '',
    });

    const send = async (headers: { key: string; value: string }[]) =>
      (
        await api(app, 'POST', '/api/send', {
          requestId: crypto.randomUUID(),
          projectId,
          endpointId: null,
          environmentId: dev.id,
          request: endpointDraft({ path: '/orders', headers }),
        })
      ).json;

    // A request that does not use it goes out; one that does is stopped, saying what to enter and where.
    expect((await send([{ key: 'X-Region', value: '{{region}}' }])).outcome).toBe('response');
    const refused = await send([{ key: 'Authorization', value: 'Bearer {{token}}' }]);
    expect(refused).toMatchObject({ outcome: 'failed', message: expect.stringContaining('{{token}} is a secret') });
    expect(refused.message).toContain('“Dev”');

    // Entered once: kept encrypted, sent, and kept when the file is read again.
    const saved = await api(app, 'PUT', `/api/environments/${dev.id}/variables`, {
      variables: [
        { key: 'token', value: TOKEN, secret: true },
        { key: 'region', secret: false, value: 'eu' },
      ],
    });
    expect(saved.status).toBe(200);
    const stored = () => app.store.environmentVariables.list(dev.id).find((variable) => variable.key === 'token');
    expect(stored()?.value).toMatch(/^enc:v1:/);
    expect((await send([{ key: 'Authorization', value: 'Bearer {{token}}' }])).outcome).toBe('response');
    expect(target.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const file = join(folder, 'environments', 'Dev.yml');
    // An edit in place is the watcher's to report.
    writeFileSync(file, readFileSync(file, 'utf8').replace('value: eu', 'value: us'));
    await vi.waitFor(() =>
      expect(app.store.environmentVariables.list(dev.id).find((variable) => variable.key === 'region')?.value).toBe(
        'us',
      ),
    );
    expect(app.secrets.decrypt(stored()?.value ?? '')).toBe(TOKEN);
    expect(
      (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json.environments[0].variables[0],
    ).toEqual(expect.not.objectContaining({ unset: true }));
    expect(folderText(folder)).not.toContain(TOKEN);
  });
});
