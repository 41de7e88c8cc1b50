import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@client/store';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';

afterEach(cleanupAppProcesses);

let server: Server;
let origin: string;
const work = mkdtempSync(join(tmpdir(), 'client-run-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/login') return response.end(JSON.stringify({ token: `t-${url.searchParams.get('user')}` }));
    response.end(JSON.stringify({ auth: request.headers.authorization ?? null, path: url.pathname }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A Postman collection the test writes: a login whose token the next request sends, and one failing check. */
function collection(): string {
  const file = join(work, 'shop.postman_collection.json');
  const test = (lines: string[]) => [{ listen: 'test', script: { exec: lines, type: 'text/javascript' } }];
  writeFileSync(
    file,
    JSON.stringify({
      info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      variable: [{ key: 'base_url', value: origin }],
      item: [
        {
          name: 'Checkout',
          item: [
            {
              name: 'Login',
              event: test([
                'pm.environment.set("token", pm.response.json().token);',
                'pm.test("logged in", () => pm.response.to.have.status(200));',
              ]),
              request: { method: 'GET', url: '{{base_url}}/login?user={{user}}' },
            },
            {
              name: 'Me',
              event: test([
                'pm.test("sends the token", () => pm.expect(pm.response.json().auth).to.equal("Bearer t-" + pm.iterationData.get("user")));',
                'pm.test("is a teapot", () => pm.response.to.have.status(418));',
              ]),
              request: {
                method: 'GET',
                header: [{ key: 'Authorization', value: 'Bearer {{token}}' }],
                url: '{{base_url}}/me',
              },
            },
          ],
        },
      ],
    }),
  );
  return file;
}

/** A Postman environment file named Staging with these values. */
function environmentFile(values: Record<string, string>): string {
  const file = join(work, `staging-${Object.keys(values).join('-')}.postman_environment.json`);
  const entries = Object.entries(values).map(([key, value]) => ({ key, value, enabled: true }));
  writeFileSync(file, JSON.stringify({ name: 'Staging', values: entries, _postman_variable_scope: 'environment' }));
  return file;
}

describe('client run', () => {
  it('runs a collection file with a data file, exits 1 on a failed check, and writes newman’s JSON and JUnit', async () => {
    const dataDir = createDataDir();
    const data = join(work, 'users.csv');
    writeFileSync(data, 'user\nann\nbob\n');
    const outJson = join(work, 'report.json');
    const outJunit = join(work, 'report.xml');
    const result = await runClientCommand(
      ['run', collection(), '--data', data, '--out-json', outJson, '--out-junit', outJunit],
      { dataDir, timeoutMs: 60_000 },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('is a teapot');
    const report = JSON.parse(readFileSync(outJson, 'utf8'));
    expect(report.run.stats.iterations).toMatchObject({ total: 2, failed: 0 });
    expect(report.run.stats.requests).toMatchObject({ total: 4, failed: 0 });
    expect(report.run.stats.assertions).toMatchObject({ total: 6, failed: 2 });
    expect(report.run.executions.map((execution: { item: { name: string } }) => execution.item.name)).toEqual([
      'Login',
      'Me',
      'Login',
      'Me',
    ]);
    expect(report.run.executions[3].assertions).toEqual([
      { assertion: 'sends the token', skipped: false },
      {
        assertion: 'is a teapot',
        skipped: false,
        error: expect.objectContaining({ message: expect.stringContaining('418') }),
      },
    ]);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(outJunit, 'utf8'));
    expect(junit.testsuites['@_tests']).toBe('6');
    // A collection file is run, not imported.
    expect(JSON.parse((await runClientCommand(['project', 'list'], { dataDir })).stdout)).toEqual([]);
  });

  it('runs a saved project by name with a Postman environment file, and keeps the run with the project’s', async () => {
    const dataDir = createDataDir();
    expect((await runClientCommand(['import', collection()], { dataDir })).code).toBe(0);
    const json = await runClientCommand(
      ['run', 'shop', '--env', environmentFile({ user: 'cy' }), '--folder', 'nope', '--reporter', 'json'],
      { dataDir },
    );
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('no folder nope');
    const run = await runClientCommand(
      ['run', 'shop', '--env', environmentFile({ user: 'cy' }), '--reporter', 'json'],
      {
        dataDir,
        timeoutMs: 60_000,
      },
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.collection.info.name).toBe('Shop');
    expect(report.environment.name).toBe('Staging');
    expect(report.run.executions[0].request.url).toBe(`${origin}/login?user=cy`);
    // No data file: iterationData is empty, as in newman.
    expect(report.run.executions[1].assertions[0].error.message).toBe(
      "expected 'Bearer t-cy' to equal 'Bearer t-undefined'",
    );
    const store = openStore(join(dataDir, 'client.db'));
    try {
      const [project] = store.projects.list();
      expect(store.runs.list(project?.id ?? '')).toEqual([
        expect.objectContaining({ source: 'cli', status: 'failed', name: 'Shop', requests: { total: 2, failed: 0 } }),
      ]);
    } finally {
      await store.close();
    }
  });

  it('exits 2 with one line for bad usage, an unknown project, an unreadable data file', async () => {
    const dataDir = createDataDir();
    const cases = [
      { args: ['run'], says: 'run needs a project' },
      { args: ['run', 'Nowhere'], says: 'no project Nowhere' },
      { args: ['run', collection(), '--data', join(work, 'missing.csv')], says: 'missing.csv' },
      { args: ['run', collection(), '--iterations', 'two'], says: '--iterations takes a whole number' },
      { args: ['run', collection(), '--reporter', 'json', '--reporter', 'junit'], says: 'would both print' },
    ];
    for (const { args, says } of cases) {
      const result = await runClientCommand(args, { dataDir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(says);
    }
  });

  it('load-tests a collection over N connections and prints its throughput and latencies', async () => {
    const dataDir = createDataDir();
    const result = await runClientCommand(
      [
        'run',
        collection(),
        '--env',
        environmentFile({ user: 'ann', token: 't' }),
        '--load',
        '--connections',
        '4',
        '--duration',
        '500ms',
        '--reporter',
        'json',
      ],
      { dataDir, timeoutMs: 60_000 },
    );
    expect(result.code).toBe(0);
    const load = JSON.parse(result.stdout);
    expect(load).toMatchObject({ connections: 4, errors: [] });
    expect(load.requests).toBeGreaterThan(0);
    expect(load.latency.p99).toBeGreaterThan(0);
  });
});
