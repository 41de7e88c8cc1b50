import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT, type RunningService, runArchetype } from './support/archetype-process.js';
import {
  PROJECT,
  serviceBearer,
  sharedArchetypeProject,
  startSharedService,
} from './support/shared-archetype-project.js';

/**
 * The optional capabilities as a user adds them, on the project the archetype e2e files share: three at generation
 * (-Dcapabilities), two with `archetype add` inside the project, then `npm install`; its `npm run verify` runs
 * each capability's tests (archetype-generate.test.ts); here the service runs with all five.
 */
const { artifactId } = PROJECT;

let projectDir = '';
let service: RunningService | undefined;
let base = '';

afterAll(async () => {
  await service?.stop();
});

beforeAll(async () => {
  projectDir = await sharedArchetypeProject();
  const started = await startSharedService(projectDir);
  service = started.service;
  base = `http://127.0.0.1:${started.port}`;
}, INSTALL_TIMEOUT);

describe('a generated project with every capability', () => {
  it('lists them in its manifest and refuses one added twice', async () => {
    const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
      archetype: { capabilities: string[] };
    };
    expect(manifest.archetype.capabilities.sort()).toEqual([...PROJECT.capabilities].sort());
    const again = await runArchetype(['add', 'excel'], projectDir);
    expect(again.code).toBe(1);
    expect(again.output).toContain('[ERROR] capability excel is already in this project');
  });

  it('serves the Excel export and import next to the sample API', async () => {
    const exported = await fetch(`${base}/sys-users/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = Buffer.from(await exported.arrayBuffer());
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');

    const form = new FormData();
    form.append('file', new Blob([workbook]), 'sys-users.xlsx');
    const imported = await fetch(`${base}/sys-users/import`, {
      method: 'POST',
      headers: await serviceBearer(),
      body: form,
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ code: 200, msg: 'success' });
    const page = (await (await fetch(`${base}/sys-users/page`)).json()) as { data: { totalCount: number } };
    expect(page.data.totalCount).toBe(4);
    expect(existsSync(join(projectDir, `${artifactId}-start/dist/capability/excel`))).toBe(true);
  });

  it('takes writes only with a bearer token of the issuer its configuration names, with the scope they need', async () => {
    const post = async (headers: Record<string, string>) => {
      const response = await fetch(`${base}/sys-users`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'dora', age: 8 }),
      });
      const { traceId: _, ...body } = (await response.json()) as Record<string, unknown>;
      return { status: response.status, challenge: response.headers.get('www-authenticate'), body };
    };
    expect(await post({})).toEqual({
      status: 401,
      challenge: `Bearer realm="${artifactId}"`,
      body: { code: 401, data: null, msg: 'this route needs a bearer token: send Authorization: Bearer <token>' },
    });
    const reader = await post(await serviceBearer(['read']));
    expect(reader).toMatchObject({ status: 403, body: { code: 403, data: null } });
    expect(reader.challenge).toContain('error="insufficient_scope"');
    expect(await post(await serviceBearer(['write']))).toMatchObject({ status: 200, body: { code: 200 } });
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { scheme: string }> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(document.paths['/sys-users/import']?.post?.security).toEqual([{ bearerAuth: ['write'] }]);
    expect(document.paths['/sys-users/export']?.get?.security).toBeUndefined();
  });
});
