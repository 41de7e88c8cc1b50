import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { ArchetypeError } from '../archetype-error.js';
import { DEPENDENCY_VERSIONS } from '../dependency-versions.js';
import type { ProjectParameters } from '../generator-parameters.js';
import { insertExports } from '../index-exports.js';
import { formatManifest } from '../pin-dependency-versions.js';
import type { ReadProjectFile } from '../project-files.js';
import { listTemplateFiles } from '../template-files.js';
import { renderPath, renderText, tokenValues } from '../template-tokens.js';
import type { Capability, ModuleName } from './capability.js';
import { capabilityDirectory, findCapabilities } from './capability-catalog.js';
import { installedCapabilitiesSource, installedTestProfilesSource } from './installed-capabilities-source.js';
import { type ProjectMarker, type RootManifest, readRootManifest } from './project-marker.js';

const ROOT_MANIFEST = 'package.json';
const CAPABILITIES_HEADING = '## Capabilities';
const CI_WORKFLOW = '.github/workflows/ci.yaml';

function sortedRecord(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Adds service containers at the end of the `services:` of the CI job (before its `steps:`). */
function withCiServices(workflow: string, services: string): string {
  const steps = workflow.indexOf('\n    steps:');
  if (steps === -1) return workflow;
  return `${workflow.slice(0, steps + 1)}${services}${workflow.slice(steps + 1)}`;
}

/** The first top-level key of a capability's `application.yaml` fragment. */
function sectionKey(fragment: string, capability: Capability): string {
  const key = /^([A-Za-z][\w-]*):/m.exec(fragment)?.[1];
  if (key === undefined) {
    throw new ArchetypeError('TEMPLATE', `capability ${capability.name} has no top-level section in application.yaml`);
  }
  return key;
}

/** Adds one capability's edits to `changes`, reading the project through `current`. */
async function planCapability(
  capability: Capability,
  parameters: ProjectParameters,
  current: ReadProjectFile,
  changes: Map<string, string>,
  root: RootManifest,
): Promise<void> {
  const values = tokenValues(parameters);
  const directory = capabilityDirectory(capability);
  const modulePath = (module: ModuleName, path: string) => `${parameters.artifactId}-${module}/${path}`;
  const existing = async (path: string): Promise<string> => {
    const text = await current(path);
    if (text === undefined) {
      throw new ArchetypeError('NOT_A_PROJECT', `${path} is missing, so capability ${capability.name} cannot be added`);
    }
    return text;
  };

  for (const path of await listTemplateFiles(join(directory, 'files'))) {
    const target = renderPath(path, values);
    if ((await current(target)) !== undefined) {
      throw new ArchetypeError(
        'CAPABILITY_PRESENT',
        `${target} already exists; adding capability ${capability.name} would overwrite it`,
      );
    }
    changes.set(target, renderText(await readFile(join(directory, 'files', path), 'utf8'), values));
  }

  for (const [module, names] of Object.entries(capability.dependencies) as [ModuleName, readonly string[]][]) {
    const path = modulePath(module, 'package.json');
    const manifest = JSON.parse(await existing(path)) as { dependencies?: Record<string, string> };
    const dependencies = { ...manifest.dependencies };
    for (const name of names as (keyof typeof DEPENDENCY_VERSIONS)[]) {
      dependencies[name] ??= '*';
      root.dependencies = { ...root.dependencies, [name]: root.dependencies?.[name] ?? DEPENDENCY_VERSIONS[name] };
      root.overrides = { ...root.overrides, [name]: root.overrides?.[name] ?? `$${name}` };
    }
    manifest.dependencies = sortedRecord(dependencies);
    changes.set(path, formatManifest(manifest));
  }

  const profileType = modulePath('start', 'src/capability/capability-test-profile.test-support.ts');
  if (capability.testProfile && (await current(profileType)) === undefined) {
    throw new ArchetypeError(
      'NOT_A_PROJECT',
      `${profileType} is missing, so capability ${capability.name}, whose tests need it, cannot be added; run archetype upgrade first`,
    );
  }

  for (const [module, lines] of Object.entries(capability.exports ?? {}) as [ModuleName, readonly string[]][]) {
    const path = modulePath(module, 'src/index.ts');
    changes.set(path, insertExports(await existing(path), lines));
  }

  const fragment = renderText(await readFile(join(directory, 'application.yaml'), 'utf8'), values);
  const configPath = modulePath('start', 'config/application.yaml');
  const config = await existing(configPath);
  const key = sectionKey(fragment, capability);
  if (new RegExp(`^${key}:`, 'm').test(config)) {
    throw new ArchetypeError(
      'CAPABILITY_PRESENT',
      `${configPath} already has a "${key}" section; remove it before adding capability ${capability.name}`,
    );
  }
  changes.set(configPath, `${config.trimEnd()}\n\n${fragment.trimEnd()}\n`);
  const ci = capability.ciServices === undefined ? undefined : await current(CI_WORKFLOW);
  if (ci !== undefined && capability.ciServices !== undefined) {
    changes.set(CI_WORKFLOW, withCiServices(ci, capability.ciServices));
  }

  const readme = (await current('README.md')) ?? '';
  const heading = readme.includes(`\n${CAPABILITIES_HEADING}\n`)
    ? ''
    : `\n${CAPABILITIES_HEADING}\n\nOptional modules added with \`archetype add <name>\` (\`archetype --help\` lists them).\n`;
  const section = renderText(await readFile(join(directory, 'README.md'), 'utf8'), values);
  changes.set('README.md', `${readme.trimEnd()}\n${heading}\n${section.trimEnd()}\n`);
}

/**
 * What adding the named capabilities to a generated project writes: project-relative path → new contents of
 * every file added or changed. Nothing is written here, so a refusal (unknown name, a capability already
 * present, a file in the way) leaves the project as it was.
 */
export async function planCapabilities(read: ReadProjectFile, names: readonly string[]): Promise<Map<string, string>> {
  const changes = new Map<string, string>();
  const current: ReadProjectFile = async (path) => changes.get(path) ?? (await read(path));
  const rootText = await read(ROOT_MANIFEST);
  if (rootText === undefined) throw new ArchetypeError('NOT_A_PROJECT', 'there is no package.json');
  const root = readRootManifest(rootText, ROOT_MANIFEST);
  const marker: ProjectMarker = root.archetype;
  const present = names.filter((name) => marker.capabilities.includes(name));
  if (present.length > 0) {
    throw new ArchetypeError(
      'CAPABILITY_PRESENT',
      `capability ${present.join(', ')} is already in this project (see "archetype.capabilities" in package.json)`,
    );
  }
  const adding = findCapabilities(names);
  for (const capability of adding) await planCapability(capability, marker.parameters, current, changes, root);
  const installed = findCapabilities([...marker.capabilities, ...names]);
  const registries = `${marker.parameters.artifactId}-start/src/capability`;
  changes.set(`${registries}/installed-capabilities.ts`, installedCapabilitiesSource(installed));
  const testProfiles = `${registries}/installed-test-profiles.test-support.ts`;
  // A project made before test profiles existed has no such registry, and needs none until a capability has one.
  if (installed.some((capability) => capability.testProfile) || (await current(testProfiles)) !== undefined) {
    changes.set(testProfiles, installedTestProfilesSource(installed));
  }
  root.dependencies = sortedRecord(root.dependencies ?? {});
  root.overrides = sortedRecord(root.overrides ?? {});
  root.archetype = { ...marker, capabilities: installed.map((capability) => capability.name) };
  changes.set(ROOT_MANIFEST, formatManifest(root));
  return changes;
}
