import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BIN, cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';

afterEach(cleanupAppProcesses);

let server: Server;
let origin: string;
const work = mkdtempSync(join(tmpdir(), 'client-linked-cli-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url, ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** What README shows a coding agent writing: a new request is one YAML file in the project's folder. */
const AGENT_FILE = `name: List orders
method: GET
path: /orders
state: Designing
query:
  - key: status
    value: open
headers:
  - key: Accept
    value: application/json
body:
  mode: none
auth:
  type: inherit
tests:
  - source: status
    property: ""
    operator: eq
    value: "200"
  - source: jsonpath
    property: $.ok
    operator: eq
    value: "true"
`;

async function json<T>(args: string[], dataDir: string): Promise<T> {
  const result = await runClientCommand(args, { dataDir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** A project linked to a new folder, with an endpoint an agent added by writing its file. */
async function linkedShop(dataDir: string): Promise<string> {
  const folder = join(mkdtempSync(join(work, 'repo-')), 'api');
  await json(['project', 'create', 'Shop', '--base-url', origin], dataDir);
  const linked = await json<{ folder: string; direction: string }>(['project', 'link', 'Shop', folder], dataDir);
  expect(linked).toMatchObject({ folder, direction: 'written' });
  mkdirSync(join(folder, 'Orders'));
  writeFileSync(join(folder, 'Orders', 'List orders.yml'), AGENT_FILE);
  return folder;
}

describe('a linked folder from the command line', () => {
  it('runs a linked folder in a clean environment: no data dir, HOME empty', async () => {
    const folder = await linkedShop(createDataDir());
    const home = mkdtempSync(join(work, 'home-'));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home };
    const child = spawn(process.execPath, [CLIENT_BIN, 'run', folder, '--reporter', 'json'], { env, cwd: home });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { run: { stats: { assertions: { total: number; failed: number } } } };
    expect(report.run.stats.assertions).toMatchObject({ total: 2, failed: 0 });
    expect(existsSync(join(home, '.local', 'share'))).toBe(false);
  });

  it('exports what the files say after an edit made while nothing ran', async () => {
    const dataDir = createDataDir();
    const folder = await linkedShop(dataDir);
    writeFileSync(join(folder, 'Orders', 'List orders.yml'), AGENT_FILE.replace('/orders', '/orders/open'));
    const exported = await runClientCommand(['export', 'Shop', '--format', 'openapi'], { dataDir });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('/orders/open');
  });

  it('opens a linked folder as a project in another data dir, and imports it as a copy', async () => {
    const folder = await linkedShop(createDataDir());
    const other = createDataDir();
    const opened = await json<{ created: boolean; name: string; problems: unknown[] }>(
      ['project', 'open', folder],
      other,
    );
    expect(opened).toMatchObject({ created: true, name: 'Shop', problems: [] });
    expect(await json<{ created: boolean }>(['project', 'open', folder], other)).toMatchObject({ created: false });
    const imported = await json<{ projectName: string; created: { endpoints: number } }>(['import', folder], other);
    expect(imported).toMatchObject({ projectName: 'Shop', created: { endpoints: 1 } });
    const projects = await json<{ name: string; endpointCount: number }[]>(['project', 'list'], other);
    expect(projects.map(({ name, endpointCount }) => [name, endpointCount])).toEqual([
      ['Shop', 1],
      ['Shop', 1],
    ]);
    expect(readFileSync(join(folder, 'client-project.yml'), 'utf8')).toContain('name: Shop');
  });

  it('refuses a folder that is not a linked project with one readable line', async () => {
    const dataDir = createDataDir();
    const empty = mkdtempSync(join(work, 'empty-'));
    const result = await runClientCommand(['project', 'open', empty], { dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `client: ${empty} holds no client-project.yml; link a project to it first: client project link <project> ${empty}\n`,
    );
    const missing = await runClientCommand(['project', 'link', 'Nope', empty], { dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});
