import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from './archetype-catalog.js';
import { runCli } from './cli.js';
import { scratchDirectory } from './generate-project.test-support.js';
import { GENERATOR_PACKAGE_FILE } from './generator-package.js';

const newScratch = scratchDirectory('archetype-cli-');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  // Not a terminal: the CLI must never prompt here.
  const code = await runCli(argv, { cwd, env, stdin: new PassThrough(), stdout, stderr });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

function rootManifest(directory: string): { name: string; version: string } {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string; version: string };
}

// Generating packs the generator with npm, which takes seconds on a busy machine.
describe('archetype archetype:generate', { timeout: 30_000 }, () => {
  it('generates non-interactively from -D properties', async () => {
    const cwd = newScratch();
    const result = await run(
      [
        'archetype:generate',
        '-DgroupId=com.acme',
        '-DartifactId=shop',
        '-Dversion=1.2.3',
        '-Dpackage=com.acme.shop',
        '-DinteractiveMode=false',
      ],
      cwd,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`[INFO] Project created in ${join(cwd, 'shop')}`);
    expect(rootManifest(join(cwd, 'shop'))).toMatchObject({ name: '@com.acme/shop', version: '1.2.3' });
    // The generator itself, packed as npm packs it, where the manifest's devDependency names it.
    const packed = readFileSync(join(cwd, 'shop', GENERATOR_PACKAGE_FILE));
    expect(packed.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const listing = execFileSync('tar', ['-tzf', join(cwd, 'shop', GENERATOR_PACKAGE_FILE)], { encoding: 'utf8' });
    expect(listing.split('\n')).toEqual(
      expect.arrayContaining(['package/package.json', 'package/bin/archetype.js', 'package/template/package.json']),
    );
  });

  it('uses the defaults of the spec for everything but artifactId', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '--artifactId', 'demo'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `[INFO] Generating project from archetype client:node-fastify-archetype:${GENERATOR_VERSION}`,
    );
    expect(result.stdout).toContain('[INFO] Parameter: groupId, Value: com.example');
    expect(result.stdout).toContain('[INFO] Parameter: version, Value: 1.0.0-SNAPSHOT');
    expect(result.stdout).toContain('[INFO] Parameter: package, Value: com.example');
    expect(rootManifest(join(cwd, 'demo'))).toMatchObject({ name: '@com.example/demo', version: '1.0.0-SNAPSHOT' });
  });

  it('refuses an existing target with exit code 1 and writes nothing', async () => {
    const cwd = newScratch();
    mkdirSync(join(cwd, 'shop'));
    const result = await run(['archetype:generate', '-DartifactId=shop', '-DinteractiveMode=false'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `[ERROR] ${join(cwd, 'shop')} already exists; choose another artifactId or remove that directory first\n`,
    );
    expect(readdirSync(join(cwd, 'shop'))).toEqual([]);
  });

  it('names artifactId when it is missing and nobody can be asked', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DinteractiveMode=false'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\[ERROR\] artifactId is required: pass -DartifactId=<name>/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('does not prompt without a terminal even when interactiveMode is not given', async () => {
    const result = await run(['archetype:generate'], newScratch());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/artifactId is required/);
  });

  it('lists the available archetypes for an unknown archetype version', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DartifactId=shop', '-DarchetypeVersion=0.0.1'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `archetype client:node-fastify-archetype:0.0.1 does not exist; available: client:node-fastify-archetype:${GENERATOR_VERSION}`,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('refuses an invalid name up front', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DartifactId=Shop', '-DinteractiveMode=false'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('artifactId "Shop" does not make valid npm package names');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('prints no [INFO] line for parameters it refuses, and blames only the wrong one', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DgroupId=Com.Acme', '-DartifactId=shop', '-B'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^\[ERROR\] groupId "Com.Acme" is not a valid npm scope \([^\n]*\)\n$/);
    expect(result.stderr).not.toContain('artifactId');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('echoes a capability named twice once', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DartifactId=shop', '-Dcapabilities=excel,excel', '-B'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[INFO] Parameter: capabilities, Value: excel\n');
  });

  it('writes into INIT_CWD, where npm was started, rather than the package directory', async () => {
    const packageDir = newScratch();
    const invokedFrom = newScratch();
    const result = await run(['archetype:generate', '-DartifactId=shop', '-B'], packageDir, { INIT_CWD: invokedFrom });
    expect(result.code).toBe(0);
    expect(existsSync(join(invokedFrom, 'shop', 'package.json'))).toBe(true);
    expect(readdirSync(packageDir)).toEqual([]);
  });

  it('explains the usage without a goal and with an unknown one', async () => {
    expect((await run([], newScratch())).stderr).toBe(
      '[ERROR] no goal given; run: archetype archetype:generate -DartifactId=<name> (see --help)\n',
    );
    expect((await run(['archetype:create'], newScratch())).stderr).toBe(
      '[ERROR] unknown goal "archetype:create"; the goals are archetype:generate, add, add-resource, diff and upgrade\n',
    );
    const help = await run(['--help'], newScratch());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('artifactId           project name, prefix of every module (required)');
  });

  it('refuses an interactiveMode that is neither true nor false', async () => {
    const result = await run(['archetype:generate', '-DartifactId=shop', '-DinteractiveMode=no'], newScratch());
    expect(result).toMatchObject({ code: 1, stderr: '[ERROR] interactiveMode must be true or false, not "no"\n' });
  });
});

describe('archetype add', () => {
  it('adds a capability to the project it runs in and says what to do next', async () => {
    const cwd = newScratch();
    expect((await run(['archetype:generate', '-DartifactId=shop', '-B'], cwd)).code).toBe(0);
    const result = await run(['add', 'excel'], join(cwd, 'shop'));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`[INFO] Added excel to ${join(cwd, 'shop')}`);
    expect(result.stdout).toContain('[INFO] Changed: package.json');
    expect(result.stdout).toContain('[INFO] Next: npm install && npm run verify');
    const again = await run(['add', 'excel'], join(cwd, 'shop'));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^\[ERROR\] capability excel is already in this project.*\n$/);
  });

  it('refuses an unknown capability at generation before writing anything', async () => {
    const cwd = newScratch();
    const result = await run(['archetype:generate', '-DartifactId=shop', '-Dcapabilities=excel,kafka', '-B'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[ERROR] unknown capability "kafka"; available: ');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('needs a capability name and a generated project', async () => {
    expect((await run(['add'], newScratch())).stderr).toBe(
      '[ERROR] name the capability to add: archetype add <capability> (see --help)\n',
    );
    const outside = await run(['add', 'excel'], newScratch());
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('is not inside a project made by archetype archetype:generate');
  });
});

describe('archetype add-resource', { timeout: 30_000 }, () => {
  it('adds a resource inside a generated project and lists what it wrote', async () => {
    const cwd = newScratch();
    expect((await run(['archetype:generate', '-DartifactId=shop', '-B'], cwd)).code).toBe(0);
    const project = join(cwd, 'shop');
    const result = await run(['add-resource', 'order', '--fields', 'customer:string,quantity:int'], project);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`[INFO] Added resource order to ${project}`);
    expect(result.stdout).toContain('[INFO] Added: shop-domain/src/order/order.ts');
    expect(result.stdout).toContain('[INFO] Changed: shop-start/src/application.ts');
    expect(existsSync(join(project, 'shop-infrastructure/src/database/migrations/0003-create-order.ts'))).toBe(true);
    const people = await run(['add-resource', 'member', '--plural', 'crew', '--fields', 'name:string'], project);
    expect(people).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(project, 'shop-start/src/controller/member-controller.ts'), 'utf8')).toContain(
      "'/crew/:id'",
    );
  });

  it.each([
    [['add-resource'], 'name one resource'],
    [['add-resource', 'order', 'item', '--fields', 'a:int'], 'name one resource'],
    [['add-resource', 'order', '--fields', 'a:decimal'], 'field "a:decimal" has an unknown type'],
    [['add-resource', 'order', '--fields=a:int'], 'is not inside a project made by archetype'],
    [['archetype:generate', '--fields', 'a:int'], '--fields belongs to add-resource'],
    [['archetype:generate', '--plural', 'people'], '--plural belongs to add-resource'],
    [['add-resource', 'users', '--fields', 'a:int'], 'resource name "users" reads as a plural'],
  ])('refuses %j in one [ERROR] line, before any [INFO]', async (argv, message) => {
    const result = await run(argv, newScratch());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\[ERROR\] /)]);
    expect(result.stderr).toContain(message);
  });
});
