import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { ProjectListing } from '@client/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand, startAppProcess } from './support/app-process.js';

afterEach(cleanupAppProcesses);

const statusOf = async (dataDir: string, env?: NodeJS.ProcessEnv) => {
  const result = await runClientCommand(['status'], { dataDir, ...(env === undefined ? {} : { env }) });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

describe('client status', () => {
  it('says the app never started on a fresh data dir', async () => {
    const dataDir = createDataDir();
    expect(await statusOf(dataDir)).toEqual({
      running: false,
      address: null,
      port: null,
      reason: `the app has never started on this install (data dir ${dataDir}, flavor dev): there is no agent token at ${dataDir}/agent-token; start it with \`npm start\` and CLIENT_DATA_DIR=${dataDir}`,
      tokenPath: `${dataDir}/agent-token`,
      dataDir,
      flavor: 'dev',
      version: '0.1.0',
    });
  });

  it('reports the running control plane, then that no app runs once it stopped', async () => {
    const app = await startAppProcess();
    expect(await statusOf(app.dataDir)).toEqual({
      running: true,
      address: app.address,
      port: app.port,
      reason: null,
      tokenPath: app.tokenPath,
      dataDir: app.dataDir,
      flavor: 'dev',
      version: '0.1.0',
    });
    await app.stop();
    expect(await statusOf(app.dataDir)).toMatchObject({
      running: false,
      // A control plane of another install on the shared ports (a developer's own app) may be named after this.
      reason: expect.stringMatching(/^no app is running on this install \(data dir .*, flavor dev\);/),
    });
  });

  it('names a token mismatch when the token file was replaced after the app started', async () => {
    const app = await startAppProcess();
    writeFileSync(app.tokenPath, `${randomUUID()}\n`);
    expect(await statusOf(app.dataDir)).toMatchObject({
      running: false,
      reason: expect.stringContaining(
        `the listener on port ${app.port} answered as a Client control plane but could not prove it holds the token`,
      ),
    });
  });

  it('names the flavor CLIENT_FLAVOR chose', async () => {
    const app = await startAppProcess({ env: { CLIENT_FLAVOR: 'release' } });
    expect((await app.request('GET', '/agent/health')).json).toMatchObject({ flavor: 'release' });
    expect(await statusOf(app.dataDir, { CLIENT_FLAVOR: 'release' })).toMatchObject({
      running: true,
      flavor: 'release',
    });
  });
});

describe('client project', () => {
  it('creates projects beside a running app, which lists them at once', async () => {
    const app = await startAppProcess();
    const created = await runClientCommand(
      ['project', 'create', 'Shop', '--base-url', 'https://shop.example', '--description', 'The shop API'],
      { dataDir: app.dataDir },
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const shop = JSON.parse(created.stdout) as ProjectListing;
    expect(shop).toEqual({
      projectId: expect.any(String),
      name: 'Shop',
      description: 'The shop API',
      baseUrl: 'https://shop.example',
      endpointCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await app.request('GET', '/agent/projects')).json).toEqual([shop]);
    const listed = await runClientCommand(['project', 'list'], { dataDir: app.dataDir });
    expect([listed.code, JSON.parse(listed.stdout)]).toEqual([0, [shop]]);
  });

  it('lists projects on a data dir where the app never ran', async () => {
    const result = await runClientCommand(['project', 'list'], { dataDir: createDataDir() });
    expect([result.code, JSON.parse(result.stdout), result.stderr]).toEqual([0, [], '']);
  });

  it.each([
    [['project', 'create', ' '], 1, 'project name'],
    [['project', 'create', 'Shop', '--base-url', 'not a url'], 1, 'URL'],
    [['project', 'create'], 2, 'needs a name'],
    [['project', 'create', 'Shop', '--colour', 'red'], 2, 'unknown option "--colour"'],
    [['project', 'create', 'Shop', '--base-url'], 2, '--base-url needs a value'],
    [['project', 'create', 'Shop', 'Extra'], 2, 'unexpected argument "Extra"'],
    [['project', 'delete', 'Shop'], 2, 'unknown command "project delete"'],
    [['project'], 2, 'list, create, link, unlink or open'],
    [['project', 'link', 'Shop'], 2, 'client project link <project> <folder>'],
    [['project', 'open'], 2, 'client project open <folder>'],
    [['frobnicate'], 2, 'unknown command "frobnicate"'],
    [['--window'], 2, '--window'],
  ])('refuses %j with one line on stderr and exit code %i', async (args, code, hint) => {
    const result = await runClientCommand(args, { dataDir: createDataDir() });
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^client: [^\n]+\n$/);
    expect(result.stderr).toContain(hint);
  });
});

describe('client --version and --help', () => {
  it('prints the version and the usage', async () => {
    const dataDir = createDataDir();
    expect((await runClientCommand(['--version'], { dataDir })).stdout).toBe('0.1.0\n');
    const help = await runClientCommand(['--help'], { dataDir });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('client project create <name> [--base-url URL]');
  });
});
