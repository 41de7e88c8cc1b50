import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { DEPENDENCY_VERSIONS } from '../dependency-versions.js';
import { generateProject } from '../generate-project.js';
import { scratchDirectory } from '../generate-project.test-support.js';
import { addCapabilities } from './add-capabilities.js';
import { CAPABILITIES, capabilityDirectory } from './capability-catalog.js';

const newScratch = scratchDirectory('archetype-add-');
const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0', package: 'com.acme.shop' };
const everyCapability = CAPABILITIES.map((capability) => capability.name);

async function generated(capabilities: readonly string[] = []): Promise<string> {
  const project = await generateProject({
    archetype: ARCHETYPES[0],
    parameters,
    parentDir: newScratch(),
    capabilities,
  });
  return project.directory;
}

/** Every file of a project: relative path → contents. */
function snapshot(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    const path = join(directory, entry);
    if (statSync(path).isFile()) files.set(relative(directory, path), readFileSync(path, 'utf8'));
  }
  return files;
}

async function refusal(work: Promise<unknown>): Promise<ArchetypeError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ArchetypeError);
  return error as ArchetypeError;
}

interface Manifest {
  dependencies?: Record<string, string>;
  overrides?: Record<string, string>;
  archetype?: { capabilities: string[]; parameters: Record<string, string> };
}

function manifest(directory: string, path: string): Manifest {
  return JSON.parse(readFileSync(join(directory, path), 'utf8')) as Manifest;
}

describe('addCapabilities', () => {
  it('gives the same project as -Dcapabilities at generation', async () => {
    const added = await generated();
    await addCapabilities(added, everyCapability);
    expect(snapshot(added)).toEqual(snapshot(await generated(everyCapability)));
  });

  it('records the project and its capabilities, pins each dependency and wires each module', async () => {
    const plain = await generated();
    expect(manifest(plain, 'package.json').archetype).toEqual({
      id: 'client:node-fastify-archetype:0.1.0',
      parameters,
      capabilities: [],
    });
    const [first, ...rest] = CAPABILITIES;
    if (!first) throw new Error('no capability');
    const result = await addCapabilities(plain, [first.name]);
    expect(result.directory).toBe(plain);
    expect(result.changed).toEqual(expect.arrayContaining(['package.json', 'README.md']));
    const root = manifest(plain, 'package.json');
    expect(root.archetype?.capabilities).toEqual([first.name]);
    for (const [module, names] of Object.entries(first.dependencies)) {
      const moduleManifest = manifest(plain, `shop-${module}/package.json`);
      for (const name of names ?? []) {
        expect(moduleManifest.dependencies?.[name]).toBe('*');
        expect(root.dependencies?.[name]).toBe(DEPENDENCY_VERSIONS[name]);
        expect(root.overrides?.[name]).toBe(`$${name}`);
      }
    }
    const registry = readFileSync(join(plain, 'shop-start/src/capability/installed-capabilities.ts'), 'utf8');
    expect(registry).toContain(first.registration.exportName);
    for (const other of rest) expect(registry).not.toContain(other.registration.exportName);
    const config = readFileSync(join(plain, 'shop-start/config/application.yaml'), 'utf8');
    const fragment = readFileSync(join(capabilityDirectory(first), 'application.yaml'), 'utf8');
    expect(config).toContain(fragment.trim());
    expect(readFileSync(join(plain, 'README.md'), 'utf8')).toContain('\n## Capabilities\n');
  });

  it('gives the CI workflow a Redis service with distributed-lock, whose tests need one', async () => {
    const project = await generated();
    expect(readFileSync(join(project, '.github/workflows/ci.yaml'), 'utf8')).not.toContain('redis:');
    await addCapabilities(project, ['distributed-lock']);
    const ci = readFileSync(join(project, '.github/workflows/ci.yaml'), 'utf8');
    expect(ci).toMatch(/\n {6}redis:\n {8}image: redis:7\n {8}ports: \["6379:6379"\]\n/);
    expect(ci.indexOf('redis:')).toBeLessThan(ci.indexOf('    steps:'));
    expect(ci.indexOf('mariadb:')).toBeLessThan(ci.indexOf('redis:'));
  });

  it("registers auth's test profile for startTestApplication, and refuses auth in a project made before them", async () => {
    const registry = 'shop-start/src/capability/installed-test-profiles.test-support.ts';
    const project = await generated();
    expect(readFileSync(join(project, registry), 'utf8')).toContain('CapabilityTestProfile[] = [];');
    await addCapabilities(project, ['auth']);
    expect(readFileSync(join(project, registry), 'utf8')).toContain('CapabilityTestProfile[] = [authTestProfile];');

    const older = await generated();
    rmSync(join(older, 'shop-start/src/capability/capability-test-profile.test-support.ts'));
    rmSync(join(older, registry));
    const before = snapshot(older);
    const error = await refusal(addCapabilities(older, ['auth']));
    expect(error.code).toBe('NOT_A_PROJECT');
    expect(error.message).toContain('capability-test-profile.test-support.ts is missing');
    expect(error.message).toContain('run archetype upgrade first');
    expect(snapshot(older)).toEqual(before);
    // A capability without a test profile needs no registry of them.
    await addCapabilities(older, ['excel']);
    expect(existsSync(join(older, registry))).toBe(false);
  });

  it('works from inside a module folder', async () => {
    const project = await generated();
    const result = await addCapabilities(join(project, 'shop-domain', 'src'), ['excel']);
    expect(result.directory).toBe(project);
    expect(manifest(project, 'package.json').archetype?.capabilities).toEqual(['excel']);
  });

  it('refuses a capability the project already has and changes nothing', async () => {
    const project = await generated(['excel']);
    const before = snapshot(project);
    const error = await refusal(addCapabilities(project, ['http-client', 'excel']));
    expect(error.code).toBe('CAPABILITY_PRESENT');
    expect(error.message).toContain('excel is already in this project');
    expect(snapshot(project)).toEqual(before);
  });

  it('refuses to overwrite a file or configuration section of the same name, and changes nothing', async () => {
    const project = await generated();
    const config = join(project, 'shop-start/config/application.yaml');
    writeFileSync(config, `${readFileSync(config, 'utf8')}\ndistributedLock:\n  url: redis://elsewhere\n`);
    const before = snapshot(project);
    const section = await refusal(addCapabilities(project, ['http-client', 'distributed-lock']));
    expect(section.code).toBe('CAPABILITY_PRESENT');
    expect(section.message).toContain('"distributedLock" section');
    expect(snapshot(project)).toEqual(before);

    mkdirSync(join(project, 'shop-start/src/capability/excel'), { recursive: true });
    writeFileSync(join(project, 'shop-start/src/capability/excel/excel-capability.ts'), 'export {};\n');
    const file = await refusal(addCapabilities(project, ['excel']));
    expect(file.code).toBe('CAPABILITY_PRESENT');
    expect(file.message).toContain('excel-capability.ts already exists');
  });

  it('says so outside a generated project, and for an unknown capability', async () => {
    const empty = newScratch();
    expect((await refusal(addCapabilities(empty, ['excel']))).code).toBe('NOT_A_PROJECT');
    writeFileSync(join(empty, 'package.json'), '{"name": "other", "dependencies": {"archetype": "1.0.0"}}');
    expect((await refusal(addCapabilities(empty, ['excel']))).message).toContain('not inside a project made by');
    const project = await generated();
    const before = snapshot(project);
    const unknown = await refusal(addCapabilities(project, ['kafka']));
    expect(unknown.code).toBe('UNKNOWN_CAPABILITY');
    expect((await refusal(addCapabilities(project, []))).code).toBe('USAGE');
    expect(snapshot(project)).toEqual(before);
  });
});
