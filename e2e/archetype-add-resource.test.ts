import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT, type RunningService, runArchetype, runCommand } from './support/archetype-process.js';
import {
  ADDED_RESOURCE_TESTS,
  addResourceOutput,
  PROJECT,
  serviceBearer,
  sharedArchetypeProject,
  startSharedService,
} from './support/shared-archetype-project.js';

/**
 * `archetype add-resource` as a user runs it inside a generated project: the project the archetype e2e files share
 * got its `order` resource that way, from a module folder, before it was installed, so the one `npm run verify` of
 * archetype-generate.test.ts checks the resource with everything else (its tests are listed there). Here: its
 * files, its refusals, and its routes answering over HTTP and described in /openapi.json.
 */
const { artifactId } = PROJECT;

let projectDir = '';
let service: RunningService | undefined;

beforeAll(async () => {
  projectDir = await sharedArchetypeProject();
}, INSTALL_TIMEOUT);

afterAll(async () => {
  await service?.stop();
});

interface Answer {
  readonly status: number;
  readonly body: { code: number; data: unknown; msg: string };
}

describe('archetype add-resource in a generated project', () => {
  it('refuses bad input in one [ERROR] line and writes nothing', async () => {
    const before = readFileSync(join(projectDir, `${artifactId}-start/src/application.ts`), 'utf8');
    for (const [args, message] of [
      [['add-resource', 'order', '--fields', 'qty:decimal'], 'field "qty:decimal" has an unknown type'],
      [['add-resource', 'Order', '--fields', 'qty:int'], 'resource name "Order" must be kebab-case'],
      [['add-resource', 'sys-user', '--fields', 'qty:int'], 'table sys_user is already in'],
      [['add-resource', 'order', '--fields', 'qty:int'], 'table order is already in'],
      [['add-resource', 'order'], 'name the fields'],
    ] as const) {
      const result = await runArchetype(args, projectDir);
      expect(result.code, result.output).toBe(1);
      const lines = result.output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[ERROR\] /);
      expect(lines[0]).toContain(message);
    }
    expect(readFileSync(join(projectDir, `${artifactId}-start/src/application.ts`), 'utf8')).toBe(before);
  });

  it('runs the generator that made the project from its own devDependency, with npm run archetype', async () => {
    const version = await runCommand('npm', ['run', '--silent', 'archetype', '--', '--version'], projectDir);
    expect(version.code, version.output).toBe(0);
    const { version: generatorVersion } = JSON.parse(
      readFileSync(join(projectDir, 'node_modules/@client/archetype/package.json'), 'utf8'),
    ) as { version: string };
    expect(version.output.trim()).toBe(generatorVersion);
    // The generator it runs works on the project: it finds the order resource there already.
    const refused = await runCommand(
      'npm',
      ['run', '--silent', 'archetype', '--', 'add-resource', 'order', '--fields', 'qty:int'],
      projectDir,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('table order is already in');
  });

  it('added order in every layer, naming each file it wrote or changed', async () => {
    const output = await addResourceOutput();
    expect(output).toContain(`[INFO] Added: ${artifactId}-infrastructure/src/database/migrations/0003-create-order.ts`);
    expect(output).toContain(`[INFO] Changed: ${artifactId}-start/src/application.ts`);
    for (const test of ADDED_RESOURCE_TESTS) expect(existsSync(join(projectDir, test)), test).toBe(true);
  });

  it('serves the order routes with the unified response and describes them in /openapi.json', async () => {
    const started = await startSharedService(projectDir);
    service = started.service;
    const { port } = started;
    const base = `http://127.0.0.1:${port}`;
    // Writes take the write scope (auth), and deleting a user the admin role.
    const authorization = await serviceBearer(['write'], ['admin']);
    const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? authorization : { ...authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    };
    const order = {
      customer: 'acme',
      quantity: 3,
      price: 9.5,
      paid: false,
      placedOn: '2024-02-29',
      priority: 'low',
      note: null,
      code: 'A-1',
      buyerId: 1,
    };

    expect(await call('POST', '/orders', order)).toEqual({ status: 200, body: { code: 200, data: 1, msg: 'success' } });
    expect(await call('GET', '/orders/1')).toEqual({
      status: 200,
      body: { code: 200, data: { id: 1, ...order }, msg: 'success' },
    });
    const changed = { ...order, quantity: 4, paid: true, placedOn: '2024-03-01', priority: 'high', note: 'by phone' };
    expect(await call('PUT', '/orders/1', changed)).toEqual({
      status: 200,
      body: { code: 200, data: null, msg: 'success' },
    });
    expect(await call('POST', '/orders', { ...order, customer: 'zeta' })).toMatchObject({
      status: 409,
      body: { code: 409, data: null, msg: 'another order has this: code' },
    });
    expect(await call('POST', '/orders', { ...order, customer: 'zeta', code: 'A-2' })).toMatchObject({
      body: { data: 2 },
    });
    expect(await call('GET', '/orders/page?page.sorts[0].column=customer&page.sorts[0].direction=DESC')).toEqual({
      status: 200,
      body: {
        code: 200,
        msg: 'success',
        data: {
          list: [
            { id: 2, ...order, customer: 'zeta', code: 'A-2' },
            { id: 1, ...changed },
          ],
          totalCount: 2,
          pageSize: 20,
          pageIndex: 1,
        },
      },
    });
    const invalid = await call('POST', '/orders', { ...order, placedOn: '2023-02-29' });
    expect(invalid).toMatchObject({ status: 400, body: { code: 400, data: null } });
    expect(invalid.body.msg).toMatch(/^placedOn: /);
    expect(await call('POST', '/orders', { ...order, priority: 'urgent' })).toMatchObject({
      status: 400,
      body: { code: 400, data: null, msg: 'priority: Invalid option: expected one of "low"|"high"' },
    });
    expect(await call('POST', '/orders', { ...order, code: 'A-3', buyerId: 99 })).toMatchObject({
      status: 404,
      body: { code: 404, data: null, msg: 'sys user 99 does not exist' },
    });
    expect(await call('DELETE', '/sys-users/1')).toMatchObject({ status: 409, body: { code: 409, data: null } });
    expect(await call('DELETE', '/orders/1')).toEqual({ status: 200, body: { code: 200, data: null, msg: 'success' } });
    expect(await call('GET', '/orders/1')).toMatchObject({
      status: 404,
      body: { code: 404, data: null, msg: 'order 1 does not exist' },
    });

    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    expect(Object.keys(document.paths['/orders'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/orders/page'] ?? {})).toEqual(['get']);
    expect(Object.keys(document.paths['/orders/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(document.paths['/orders/{id}']?.get).toMatchObject({ summary: 'An order', tags: ['order'] });
    await service.stop();
  });
});
