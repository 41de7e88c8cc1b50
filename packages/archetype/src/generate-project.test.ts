import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { DEPENDENCY_VERSIONS, isManagedDependency } from './dependency-versions.js';
import { generateProject } from './generate-project.js';
import { scratchDirectory } from './generate-project.test-support.js';
import { GENERATOR_PACKAGE_FILE } from './generator-package.js';
import { TEMPLATE_TOKENS } from './template-tokens.js';

const archetype = ARCHETYPES[0];
const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '2.3.4', package: 'com.acme.shop' };
const newScratch = scratchDirectory('archetype-generate-');
const MODULES = ['start', 'application', 'domain', 'infrastructure', 'api', 'common'];

interface Manifest {
  name: string;
  engines?: Record<string, string>;
  version: string;
  private?: boolean;
  workspaces?: string[];
  overrides?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

async function generated(): Promise<{ directory: string; files: readonly string[] }> {
  return generateProject({ archetype, parameters, parentDir: newScratch() });
}

function read(directory: string, path: string): string {
  return readFileSync(join(directory, path), 'utf8');
}

function manifest(directory: string, path: string): Manifest {
  return JSON.parse(read(directory, path)) as Manifest;
}

describe('generateProject', () => {
  it('writes the six modules as workspaces of ./<artifactId>', async () => {
    const { directory } = await generated();
    expect(directory.endsWith('/shop')).toBe(true);
    const root = manifest(directory, 'package.json');
    expect(root.name).toBe('@com.acme/shop');
    expect(root.workspaces?.sort()).toEqual(MODULES.map((module) => `shop-${module}`).sort());
    for (const module of MODULES) {
      const moduleManifest = manifest(directory, `shop-${module}/package.json`);
      expect(moduleManifest.name).toBe(`@com.acme/shop-${module}`);
      expect(moduleManifest.version).toBe('2.3.4');
      expect(existsSync(join(directory, `shop-${module}/tsconfig.json`))).toBe(true);
    }
    expect(manifest(directory, 'shop-common/package.json').private).toBe(true);
    expect(manifest(directory, 'shop-api/package.json').private).toBeUndefined();
  });

  it('writes the deployment, CI and tool files', async () => {
    const { files } = await generated();
    for (const path of [
      'README.md',
      'Dockerfile',
      '.dockerignore',
      '.gitignore',
      '.dependency-cruiser.cjs',
      'biome.json',
      'vitest.config.ts',
      'deploy/k8s/deployment.yaml',
      'deploy/k8s/service.yaml',
      '.github/workflows/ci.yaml',
      'shop-start/config/application.yaml',
      'shop-start/config/application-prod.yaml',
      'shop-infrastructure/src/database/migrations/0001-create-sys-user.ts',
      'shop-start/src/main.ts',
      'shop-start/src/provider/sys-user-provider.ts',
      'shop-api/src/sys-user/sys-user-api.ts',
    ]) {
      expect(files).toContain(path);
    }
    expect(files.some((path) => path.includes('_gitignore'))).toBe(false);
  });

  it('targets Node 24 in the image and CI, runs the service with its V8 flags, and lets the image user write the log folder of the prod profile', async () => {
    const { directory } = await generated();
    const dockerfile = read(directory, 'Dockerfile');
    expect(dockerfile.match(/^FROM node:24-bookworm-slim/gm)).toHaveLength(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toMatch(/RUN mkdir -p \/app\/logs && chown node:node \/app\/logs/);
    expect(runtime.indexOf('chown node:node /app/logs')).toBeLessThan(runtime.indexOf('USER node'));
    expect(runtime).toMatch(
      /^CMD \["node", "--max-semi-space-size=8", "--no-allocation-site-pretenuring", "shop-start\/dist\/main.js"\]$/m,
    );
    expect(read(directory, '.github/workflows/ci.yaml')).toContain('node-version: 24');
    expect(manifest(directory, 'package.json')).toMatchObject({ engines: { node: '>=22.13' } });
    // In-memory SQLite by default: replicas would each hold a database of their own.
    expect(read(directory, 'deploy/k8s/deployment.yaml')).toMatch(/^ {2}replicas: 1$/m);
  });

  it('installs in the image and in CI with npm ci once package-lock.json is there, and with npm install before', async () => {
    const { directory } = await generated();
    const dockerInstall = /^RUN (if \[ -f package-lock\.json \].*)$/m.exec(read(directory, 'Dockerfile'))?.[1];
    const ciInstall = /^ {6}- run: (if \[ -f package-lock\.json \].*)$/m.exec(
      read(directory, '.github/workflows/ci.yaml'),
    )?.[1];
    expect(read(directory, 'Dockerfile')).toContain('COPY package.json package-lock.json* ./');
    // The step runs in a shell whose npm only writes down how it was called.
    const bin = newScratch();
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "$1" >> npm-calls\n', { mode: 0o755 });
    for (const step of [dockerInstall, ciInstall]) {
      expect(step).toBeDefined();
      const calls = (withLock: boolean) => {
        const cwd = newScratch();
        if (withLock) writeFileSync(join(cwd, 'package-lock.json'), '{}');
        execFileSync('sh', ['-c', step ?? ''], { cwd, env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
        return read(cwd, 'npm-calls');
      };
      expect(calls(true)).toBe('ci\n');
      expect(calls(false)).toBe('install\n');
    }
  });

  it('records the generator as a devDependency by file, run by npm run archetype, never fetched by name', async () => {
    const { directory, files } = await generated();
    const root = manifest(directory, 'package.json') as Manifest & { scripts: Record<string, string> };
    expect(root.devDependencies?.['@client/archetype']).toBe(`file:${GENERATOR_PACKAGE_FILE}`);
    expect(root.scripts.archetype).toBe('client-archetype');
    // The package itself is written by the CLI, which packs the generator (cli.test.ts).
    expect(files).not.toContain(GENERATOR_PACKAGE_FILE);
    expect(read(directory, 'README.md')).toContain('npm run archetype -- add-resource order');
    expect(read(directory, 'README.md')).not.toMatch(/npx (client-)?archetype/);
  });

  it('substitutes every token, in paths and contents', async () => {
    const { directory, files } = await generated();
    for (const path of files) {
      const leftovers = TEMPLATE_TOKENS.filter(
        (token) => path.includes(token) || read(directory, path).includes(token),
      );
      expect(leftovers, path).toEqual([]);
    }
    expect(read(directory, 'shop-domain/src/sys-user/sys-user-gateway.ts')).toContain("from '@com.acme/shop-common'");
    expect(read(directory, 'shop-start/config/application.yaml')).toContain('basePackage: com.acme.shop');
    expect(read(directory, 'shop-start/config/application.yaml')).toContain('path: ./logs/shop.log');
  });

  it('writes a README that covers running, testing, databases, upgrades, use cases and deployment', async () => {
    const { directory } = await generated();
    const readme = read(directory, 'README.md');
    expect(readme.split('\n')[0]).toBe('# shop');
    for (const heading of [
      '## Quick start',
      '## Test',
      '## Switch the database',
      '## Upgrade the framework',
      '## Upgrade the generated code',
      '## Add a use case',
      '## Deploy',
    ]) {
      expect(readme).toContain(heading);
    }
    expect(readme).toContain('AsyncLocalStorage');
    expect(readme).toContain('`@com.acme/shop-<layer>`');
  });

  it('gives every dependency a version from DEPENDENCY_VERSIONS, pinned once in the root manifest', async () => {
    const { directory, files } = await generated();
    const root = manifest(directory, 'package.json');
    const versionOf = (name: string) => DEPENDENCY_VERSIONS[name as keyof typeof DEPENDENCY_VERSIONS];
    // Every third-party tool; the generator itself is the project's own file (see below).
    for (const [name, version] of Object.entries(root.devDependencies ?? {})) {
      if (name !== '@client/archetype') expect(version, name).toBe(versionOf(name));
    }
    for (const path of files.filter((file) => file.endsWith('package.json') && file !== 'package.json')) {
      for (const [name, range] of Object.entries(manifest(directory, path).dependencies ?? {})) {
        if (name.startsWith('@com.acme/shop-')) {
          expect(range, `${path}: ${name}`).toBe('2.3.4');
        } else {
          expect(isManagedDependency(name), `${path}: ${name} has no version in DEPENDENCY_VERSIONS`).toBe(true);
          expect(range, `${path}: ${name}`).toBe('*');
          expect(root.dependencies?.[name], `dependencies.${name}`).toBe(versionOf(name));
          expect(root.overrides?.[name], `overrides.${name}`).toBe(`$${name}`);
        }
      }
    }
    expect(Object.keys(root.dependencies ?? {})).toEqual(Object.keys(root.overrides ?? {}));
    expect(root.dependencies?.fastify).toBe(DEPENDENCY_VERSIONS.fastify);
  });

  it('refuses an existing target with "already exists" and writes nothing', async () => {
    const parentDir = newScratch();
    const first = await generateProject({ archetype, parameters, parentDir });
    writeFileSync(join(first.directory, 'README.md'), 'mine');
    const second = generateProject({ archetype, parameters, parentDir });
    await expect(second).rejects.toThrow(`${first.directory} already exists`);
    await expect(second).rejects.toMatchObject({ code: 'TARGET_EXISTS' });
    expect(read(first.directory, 'README.md')).toBe('mine');
    expect(readdirSync(parentDir)).toEqual(['shop']);
  });

  it('fails on a template dependency that has no version, before writing anything', async () => {
    const templateDir = join(newScratch(), 'template');
    cpSync(archetype.templateDir, templateDir, { recursive: true });
    const path = join(templateDir, '__artifactId__-domain/package.json');
    const domain = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    writeFileSync(path, JSON.stringify({ ...domain, dependencies: { ...domain.dependencies, 'left-pad': '*' } }));
    const parentDir = newScratch();
    const failure = generateProject({ archetype: { ...archetype, templateDir }, parameters, parentDir });
    await expect(failure).rejects.toThrow(
      "shop-domain/package.json depends on left-pad, which has no version in the generator's DEPENDENCY_VERSIONS",
    );
    await expect(failure).rejects.toBeInstanceOf(ArchetypeError);
    expect(readdirSync(parentDir)).toEqual([]);
  });

  it('refuses invalid names before writing anything', async () => {
    const parentDir = newScratch();
    await expect(
      generateProject({ archetype, parameters: { ...parameters, artifactId: 'My Shop' }, parentDir }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(readdirSync(parentDir)).toEqual([]);
  });
});
