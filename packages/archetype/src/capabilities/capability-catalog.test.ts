import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { isManagedDependency } from '../dependency-versions.js';
import { listTemplateFiles } from '../template-files.js';
import { CAPABILITIES, capabilityDirectory, findCapabilities, parseCapabilityList } from './capability-catalog.js';

const templateDir = ARCHETYPES[0].templateDir;

describe('findCapabilities', () => {
  it('answers in start order, each once', () => {
    const names = CAPABILITIES.map((capability) => capability.name);
    expect(findCapabilities([...names].reverse().concat(names)).map((capability) => capability.name)).toEqual(names);
  });

  it('refuses an unknown name and lists every capability', () => {
    let error: unknown;
    try {
      findCapabilities(['excel', 'kafka']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ArchetypeError);
    expect((error as ArchetypeError).code).toBe('UNKNOWN_CAPABILITY');
    for (const { name } of CAPABILITIES) expect((error as Error).message).toContain(name);
  });

  it('reads a comma-separated list with blanks', () => {
    expect(parseCapabilityList(' excel, ,http-client,')).toEqual(['excel', 'http-client']);
    expect(parseCapabilityList('')).toEqual([]);
  });
});

describe.each(CAPABILITIES)('capability $name', (capability) => {
  const directory = capabilityDirectory(capability);

  it('ships files in its module, a start-module registration and its test profile, none of them in the template', async () => {
    const files = await listTemplateFiles(join(directory, 'files'));
    expect(files.some((path) => path.startsWith(`__artifactId__-${capability.module}/src/`))).toBe(true);
    for (const { file, exportName } of [
      capability.registration,
      ...(capability.testProfile ? [capability.testProfile] : []),
    ]) {
      const path = `__artifactId__-start/src/capability/${file}.ts`;
      expect(files).toContain(path);
      expect(readFileSync(join(directory, 'files', path), 'utf8')).toContain(`export const ${exportName}`);
    }
    if (capability.testProfile) expect(capability.testProfile.file).toMatch(/\.test-support$/);
    for (const path of files) expect(existsSync(join(templateDir, path)), path).toBe(false);
  });

  it('has one configuration section of its own and a README section', () => {
    const fragment = readFileSync(join(directory, 'application.yaml'), 'utf8');
    const keys = [...fragment.matchAll(/^([A-Za-z][\w-]*):/gm)].map((match) => match[1]);
    expect(keys).toHaveLength(1);
    const base = readFileSync(join(templateDir, '__artifactId__-start/config/application.yaml'), 'utf8');
    expect(base).not.toMatch(new RegExp(`^${keys[0]}:`, 'm'));
    const readme = readFileSync(join(directory, 'README.md'), 'utf8');
    expect(readme).toMatch(/^### \S/);
    expect(readme).not.toMatch(/^#{1,2} /m);
  });

  it('names only dependencies with a managed version', () => {
    for (const names of Object.values(capability.dependencies)) {
      for (const name of names ?? []) expect(isManagedDependency(name), name).toBe(true);
    }
    expect(readdirSync(directory).sort()).toEqual(['README.md', 'application.yaml', 'files']);
  });
});
