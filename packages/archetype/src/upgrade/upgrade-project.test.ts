import { cpSync, existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ARCHETYPES } from '../archetype-catalog.js';
import { generateProject, renderProject } from '../generate-project.js';
import { scratchDirectory } from '../generate-project.test-support.js';
import { addResource } from '../resources/add-resource.js';
import { diffProject } from './diff-project.js';
import { recordedProject } from './project-render.js';
import { upgradeProject } from './upgrade-project.js';

const newScratch = scratchDirectory('archetype-upgrade-');
const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0', package: 'com.acme.shop' };
const [archetype] = ARCHETYPES;

/**
 * A project made by an earlier template: today's with its README a line longer, its Dockerfile otherwise, a file
 * today's has not and without one today's has.
 */
async function projectOfEarlierTemplate() {
  const templateDir = join(newScratch(), 'template');
  cpSync(archetype.templateDir, templateDir, { recursive: true });
  writeFileSync(
    join(templateDir, 'README.md'),
    `${readFileSync(join(templateDir, 'README.md'), 'utf8')}An old line.\n`,
  );
  writeFileSync(join(templateDir, 'Dockerfile'), 'FROM node:22\n');
  writeFileSync(join(templateDir, 'NOTES.txt'), 'only in the earlier template\n');
  rmSync(join(templateDir, 'deploy/k8s/service.yaml'));
  const earlier = { ...archetype, templateDir };
  const { directory } = await generateProject({ archetype: earlier, parameters, parentDir: newScratch() });
  const renderBefore = (given: typeof parameters, capabilities: readonly string[]) =>
    renderProject(earlier, given, capabilities);
  return { directory, renderBefore };
}

const read = (directory: string, path: string) => readFileSync(join(directory, path), 'utf8');

describe('upgradeProject', { timeout: 30_000 }, () => {
  it("applies the template's changes to the files the user left alone and keeps the ones they changed", async () => {
    const { directory, renderBefore } = await projectOfEarlierTemplate();
    writeFileSync(join(directory, 'Dockerfile'), 'FROM node:22\nRUN echo mine\n');
    const mine = join(directory, 'shop-start/src/mine.ts');
    writeFileSync(mine, 'export const mine = 1;\n');

    const result = await upgradeProject(await recordedProject(directory), renderBefore);

    expect(result).toEqual({
      upgraded: ['README.md'],
      added: ['deploy/k8s/service.yaml'],
      removed: ['NOTES.txt'],
      kept: ['Dockerfile'],
    });
    const today = await renderProject(archetype, parameters);
    expect(read(directory, 'README.md')).toBe(today.get('README.md'));
    expect(read(directory, 'deploy/k8s/service.yaml')).toBe(today.get('deploy/k8s/service.yaml'));
    expect(existsSync(join(directory, 'NOTES.txt'))).toBe(false);
    expect(read(directory, 'Dockerfile')).toBe('FROM node:22\nRUN echo mine\n');
    expect(read(directory, 'shop-start/src/mine.ts')).toBe('export const mine = 1;\n');
    // What is left is the user's change, which diff shows against today's template.
    expect((await diffProject(await recordedProject(directory))).map((difference) => difference.path)).toEqual([
      'Dockerfile',
    ]);
  });

  it('lists a file the template changed and the user removed, and does not bring it back', async () => {
    const { directory, renderBefore } = await projectOfEarlierTemplate();
    unlinkSync(join(directory, 'README.md'));
    const result = await upgradeProject(await recordedProject(directory), renderBefore);
    expect(result.kept).toEqual(['README.md']);
    expect(existsSync(join(directory, 'README.md'))).toBe(false);
  });
});

describe('diffProject', { timeout: 30_000 }, () => {
  it('finds nothing in a project as generated, and every file changed or missing since, as a unified diff', async () => {
    const { directory } = await generateProject({ archetype, parameters, parentDir: newScratch() });
    expect(await diffProject(await recordedProject(directory))).toEqual([]);

    writeFileSync(join(directory, 'Dockerfile'), read(directory, 'Dockerfile').replace('FROM node:24', 'FROM node:22'));
    unlinkSync(join(directory, 'biome.json'));
    await addResource(directory, { name: 'order', fields: 'quantity:int' });
    const differences = await diffProject(await recordedProject(join(directory, 'shop-domain')));
    const byPath = new Map(differences.map((difference) => [difference.path, difference]));
    expect(byPath.get('biome.json')?.kind).toBe('missing');
    expect(byPath.get('Dockerfile')?.kind).toBe('changed');
    expect(byPath.get('Dockerfile')?.patch).toMatch(/^-FROM node:22-bookworm-slim AS build$/m);
    expect(byPath.get('Dockerfile')?.patch).toMatch(/^\+FROM node:24-bookworm-slim AS build$/m);
    // The resource's own files are the project's; the files it wired it into differ from the template's.
    expect([...byPath.keys()].some((path) => path.includes('/order/'))).toBe(false);
    expect(byPath.get('shop-start/src/application.ts')?.kind).toBe('changed');
  });
});
