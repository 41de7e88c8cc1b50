import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ARCHETYPES, archetypeId } from '../archetype-catalog.js';
import { runCli } from '../cli.js';
import { generateProject, renderProject } from '../generate-project.js';
import { scratchDirectory } from '../generate-project.test-support.js';
import { GENERATOR_PACKAGE_FILE } from '../generator-package.js';
import { earlierGenerator } from './earlier-generator.js';

const newScratch = scratchDirectory('archetype-earlier-');
const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0', package: 'com.acme.shop' };
const [archetype] = ARCHETYPES;
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO_NODE_MODULES = join(PACKAGE_DIR, '../../node_modules');

/**
 * Installs in the project's node_modules a generator of version `version` whose README and Dockerfile templates
 * have one line more: this package's built files, its dependencies linked from the checkout.
 */
function installEarlierGenerator(directory: string, version: string): void {
  const root = join(directory, 'node_modules/@client/archetype');
  for (const folder of ['dist', 'template', 'capabilities', 'bin']) {
    cpSync(join(PACKAGE_DIR, folder), join(root, folder), { recursive: true });
  }
  const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
  writeFileSync(join(root, 'package.json'), JSON.stringify({ ...manifest, version }));
  for (const file of ['README.md', 'Dockerfile']) {
    const path = join(root, 'template', file);
    writeFileSync(path, `${readFileSync(path, 'utf8')}${file === 'README.md' ? 'Old.' : '# Old.'}\n`);
  }
  for (const dependency of Object.keys(manifest.dependencies)) {
    const link = join(directory, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(REPO_NODE_MODULES, dependency), link);
  }
}

/** Rewrites the project's `archetype` block as if `version` of the generator had made it. */
function recordVersion(directory: string, version: string): string {
  const path = join(directory, 'package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { archetype: { id: string } };
  const id = `${archetypeId(archetype).replace(/:[^:]+$/, '')}:${version}`;
  manifest.archetype.id = id;
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  return id;
}

async function cli(argv: string[], cwd: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { stdout: '', stderr: '' };
  stdout.on('data', (chunk: Buffer) => (chunks.stdout += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (chunks.stderr += chunk.toString()));
  const code = await runCli(argv, { cwd, env: {}, stdin: new PassThrough(), stdout, stderr });
  return { code, ...chunks };
}

describe('the generator that made a project', { timeout: 60_000 }, () => {
  it('renders the project from node_modules as that version of the generator does', async () => {
    const { directory } = await generateProject({ archetype, parameters, parentDir: newScratch() });
    installEarlierGenerator(directory, '0.0.9');
    const render = await earlierGenerator(directory, recordVersion(directory, '0.0.9'));
    const earlier = await render(parameters, []);
    const today = await renderProject(archetype, parameters);
    expect(earlier.get('README.md')).toBe(`${today.get('README.md')}Old.\n`);
    expect(earlier.get('package.json')).toContain('"id": "client:node-fastify-archetype:0.0.9"');
  });

  it('is refused, saying to run npm install, when node_modules has no generator or another version', async () => {
    const { directory } = await generateProject({ archetype, parameters, parentDir: newScratch() });
    await expect(earlierGenerator(directory, recordVersion(directory, '0.0.9'))).rejects.toThrow(
      'is not installed in node_modules/@client/archetype: run npm install first',
    );
    installEarlierGenerator(directory, '0.0.8');
    await expect(earlierGenerator(directory, 'client:node-fastify-archetype:0.0.9')).rejects.toThrow(
      'node_modules/@client/archetype is version 0.0.8, but the project records client:node-fastify-archetype:0.0.9: run npm install first',
    );
  });

  it('is what archetype upgrade upgrades from, and archetype diff then shows the user their own changes', async () => {
    const cwd = newScratch();
    expect((await cli(['archetype:generate', '-DartifactId=shop', '-B'], cwd)).code).toBe(0);
    const directory = join(cwd, 'shop');
    expect((await cli(['upgrade'], directory)).stdout).toContain('already; archetype diff shows what differs');

    installEarlierGenerator(directory, '0.0.9');
    recordVersion(directory, '0.0.9');
    const earlierRender = await (await earlierGenerator(directory, 'client:node-fastify-archetype:0.0.9'))(
      { ...parameters, groupId: 'com.example', version: '1.0.0-SNAPSHOT', package: 'com.example' },
      [],
    );
    // The project as 0.0.9 made it, one file changed by its user since.
    writeFileSync(join(directory, 'README.md'), earlierRender.get('README.md') ?? '');
    writeFileSync(join(directory, 'package.json'), earlierRender.get('package.json') ?? '');
    writeFileSync(join(directory, 'Dockerfile'), 'FROM node:24\n');

    const upgrade = await cli(['upgrade'], join(directory, 'shop-start'));
    expect(upgrade).toMatchObject({ code: 0, stderr: '' });
    expect(upgrade.stdout).toContain(
      `[INFO] Upgraded ${directory} from client:node-fastify-archetype:0.0.9 to ${archetypeId(archetype)}`,
    );
    expect(upgrade.stdout).toContain('[INFO] Upgraded: README.md\n');
    expect(upgrade.stdout).toContain('[INFO] Upgraded: package.json\n');
    expect(upgrade.stdout).toContain(
      '[WARNING] Changed by you, not upgraded (merge by hand; archetype diff shows how): Dockerfile',
    );
    expect(readFileSync(join(directory, 'README.md'), 'utf8')).not.toContain('Old.');
    expect(readFileSync(join(directory, GENERATOR_PACKAGE_FILE)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const diff = await cli(['diff'], directory);
    expect(diff.stdout).toContain('+++ b/Dockerfile');
    expect(diff.stdout).toContain('[INFO] 1 file(s) differ from what archetype');
  });
});
