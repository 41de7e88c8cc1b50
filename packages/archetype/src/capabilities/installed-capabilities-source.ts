import type { Capability, CapabilityExport } from './capability.js';

const LINE_WIDTH = 120;

/** A registry file of the start module's `src/capability/`, which `archetype add` rewrites. */
interface Registry {
  readonly header: string;
  /** The file declaring the type of the list's entries, and the type's name. */
  readonly typeFile: string;
  readonly typeName: string;
  readonly constant: string;
}

const MODULES: Registry = {
  header:
    '// The capabilities added with `archetype add <name>` or `-Dcapabilities=…`. `archetype add` rewrites this file.',
  typeFile: './capability-module.js',
  typeName: 'CapabilityModule',
  constant: 'INSTALLED_CAPABILITIES',
};

const TEST_PROFILES: Registry = {
  header:
    '// The test profiles of the capabilities added with `archetype add <name>` or `-Dcapabilities=…`. `archetype add`\n// rewrites this file.',
  typeFile: './capability-test-profile.test-support.js',
  typeName: 'CapabilityTestProfile',
  constant: 'INSTALLED_TEST_PROFILES',
};

/** The registry listing `entries` (in start order), formatted as Biome formats it, so `npm run lint` stays green. */
function registrySource(registry: Registry, entries: readonly CapabilityExport[]): string {
  const imports = [
    { source: registry.typeFile, line: `import type { ${registry.typeName} } from '${registry.typeFile}';` },
    ...entries.map(({ file, exportName }) => ({
      source: `./${file}.js`,
      line: `import { ${exportName} } from './${file}.js';`,
    })),
  ].sort((a, b) => (a.source < b.source ? -1 : 1));
  const names = entries.map(({ exportName }) => exportName);
  const opening = `export const ${registry.constant}: readonly ${registry.typeName}[] = [`;
  const oneLine = `${opening}${names.join(', ')}];`;
  const declaration =
    oneLine.length <= LINE_WIDTH ? oneLine : `${opening}\n${names.map((name) => `  ${name},\n`).join('')}];`;
  return `${registry.header}\n${imports.map(({ line }) => line).join('\n')}\n\n${declaration}\n`;
}

/** `<artifactId>-start/src/capability/installed-capabilities.ts` for these capabilities (in start order). */
export function installedCapabilitiesSource(capabilities: readonly Capability[]): string {
  return registrySource(
    MODULES,
    capabilities.map(({ registration }) => registration),
  );
}

/**
 * `<artifactId>-start/src/capability/installed-test-profiles.test-support.ts`: the test profiles of these
 * capabilities, which `startTestApplication` applies.
 */
export function installedTestProfilesSource(capabilities: readonly Capability[]): string {
  return registrySource(
    TEST_PROFILES,
    capabilities.flatMap(({ testProfile }) => (testProfile ? [testProfile] : [])),
  );
}
