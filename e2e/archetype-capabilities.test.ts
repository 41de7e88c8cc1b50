import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGenerator,
  freePort,
  INSTALL_TIMEOUT,
  isListening,
  type RunningService,
  runArchetype,
  runCommand,
  startService,
  userEnvironment,
} from './support/archetype-process.js';

/**
 * The optional capabilities as a user adds them: two at generation (-Dcapabilities), two with `archetype add`
 * inside the project, then `npm install`, `npm run verify` (whose tests exercise each capability, Redis and
 * PostgreSQL included where they run) and the service started with all four.
 */
const VERIFY_TIMEOUT = 420_000;

const parentDir = mkdtempSync(join(tmpdir(), 'archetype-capabilities-'));
const projectDir = join(parentDir, 'market');
let service: RunningService | undefined;

afterAll(async () => {
  await service?.stop();
  rmSync(parentDir, { recursive: true, force: true });
});

beforeAll(async () => {
  const build = await buildGenerator();
  expect(build.code, build.output).toBe(0);
  const generate = await runArchetype(
    ['archetype:generate', '-DgroupId=com.acme', '-DartifactId=market', '-Dcapabilities=http-client,excel', '-B'],
    parentDir,
  );
  expect(generate.code, generate.output).toBe(0);
  // From a module folder: add finds the project root above it.
  const lock = await runArchetype(['add', 'distributed-lock'], join(projectDir, 'market-start'));
  expect(lock.code, lock.output).toBe(0);
  const splitting = await runArchetype(['add', 'read-write-splitting'], projectDir);
  expect(splitting.code, splitting.output).toBe(0);
  const install = await runCommand('npm', ['install', '--no-audit', '--no-fund'], projectDir);
  expect(install.code, install.output).toBe(0);
}, INSTALL_TIMEOUT);

describe('a generated project with every capability', () => {
  it('lists them in its manifest and refuses one added twice', async () => {
    const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
      archetype: { capabilities: string[] };
    };
    expect(manifest.archetype.capabilities.sort()).toEqual(
      ['distributed-lock', 'excel', 'http-client', 'read-write-splitting'].sort(),
    );
    const again = await runArchetype(['add', 'excel'], projectDir);
    expect(again.code).toBe(1);
    expect(again.output).toContain('[ERROR] capability excel is already in this project');
  });

  it(
    'passes its own npm run verify, with the Redis, PostgreSQL and MariaDB tests where those servers run',
    async () => {
      const servers = (await isListening(6379)) && (await isListening(5432)) && (await isListening(3306));
      if (!servers) {
        console.warn(
          '*** archetype capabilities e2e: Redis (6379), PostgreSQL (5432) or MariaDB (3306) not reachable on 127.0.0.1; their tests skip ***',
        );
      }
      const verify = await runCommand(
        'npm',
        ['run', 'verify'],
        projectDir,
        userEnvironment(servers ? { DATABASE_TESTS: '1' } : {}),
      );
      expect(verify.code, verify.output).toBe(0);
      expect(verify.output).toContain('no dependency violations found');
      for (const folder of ['http-client', 'excel', 'distributed-lock', 'read-write-splitting']) {
        expect(verify.output, folder).toMatch(new RegExp(`market-start/src/capability/${folder}/\\S+\\.test\\.ts`));
      }
      if (servers) expect(verify.output).not.toMatch(/\d+ skipped/);
    },
    VERIFY_TIMEOUT,
  );

  it('serves the Excel export and import next to the sample API', async () => {
    const port = await freePort();
    service = await startService(
      process.execPath,
      ['market-start/dist/main.js'],
      projectDir,
      userEnvironment({ PORT: String(port) }),
      '"started market',
    );
    const base = `http://127.0.0.1:${port}`;
    const exported = await fetch(`${base}/sys-users/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = Buffer.from(await exported.arrayBuffer());
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');

    const form = new FormData();
    form.append('file', new Blob([workbook]), 'sys-users.xlsx');
    const imported = await fetch(`${base}/sys-users/import`, { method: 'POST', body: form });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ code: 200, msg: 'success' });
    const page = (await (await fetch(`${base}/sys-users/page`)).json()) as { data: { totalCount: number } };
    expect(page.data.totalCount).toBe(4);
    expect(existsSync(join(projectDir, 'market-start/dist/capability/excel'))).toBe(true);
    await service.stop();
  });
});
