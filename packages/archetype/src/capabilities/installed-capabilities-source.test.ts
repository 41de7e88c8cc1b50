import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from '../archetype-catalog.js';
import { CAPABILITIES } from './capability-catalog.js';
import { installedCapabilitiesSource, installedTestProfilesSource } from './installed-capabilities-source.js';

describe('installedCapabilitiesSource', () => {
  it('is, for no capability, exactly the file the template ships', () => {
    const shipped = readFileSync(
      `${ARCHETYPES[0].templateDir}/__artifactId__-start/src/capability/installed-capabilities.ts`,
      'utf8',
    );
    expect(installedCapabilitiesSource([])).toBe(shipped);
  });

  it('imports each capability module and lists them in start order', () => {
    const source = installedCapabilitiesSource(CAPABILITIES);
    for (const { registration } of CAPABILITIES) {
      expect(source).toContain(`import { ${registration.exportName} } from './${registration.file}.js';`);
    }
    const listed = source.slice(source.indexOf('INSTALLED_CAPABILITIES'));
    const positions = CAPABILITIES.map(({ registration }) => listed.indexOf(registration.exportName));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('keeps a short list on one line and breaks a long one, as Biome formats them', () => {
    const [first] = CAPABILITIES;
    expect(installedCapabilitiesSource(first ? [first] : [])).toContain(
      `CapabilityModule[] = [${first?.registration.exportName}];`,
    );
    const all = installedCapabilitiesSource(CAPABILITIES);
    expect(all).toContain('CapabilityModule[] = [\n');
    expect(all.split('\n').every((line) => line.length <= 120)).toBe(true);
  });
});

describe('installedTestProfilesSource', () => {
  it('is, for no capability, exactly the file the template ships', () => {
    const shipped = readFileSync(
      `${ARCHETYPES[0].templateDir}/__artifactId__-start/src/capability/installed-test-profiles.test-support.ts`,
      'utf8',
    );
    expect(installedTestProfilesSource([])).toBe(shipped);
  });

  it('imports and lists the test profiles of the capabilities that have one, and only those', () => {
    const source = installedTestProfilesSource(CAPABILITIES);
    const profiled = CAPABILITIES.filter((capability) => capability.testProfile);
    expect(profiled.length).toBeGreaterThan(0);
    for (const { testProfile } of profiled) {
      expect(source).toContain(`import { ${testProfile?.exportName} } from './${testProfile?.file}.js';`);
    }
    const list = profiled.map((capability) => capability.testProfile?.exportName).join(', ');
    expect(source).toContain(`export const INSTALLED_TEST_PROFILES: readonly CapabilityTestProfile[] = [${list}];`);
    for (const { registration } of CAPABILITIES) expect(source).not.toContain(registration.exportName);
  });
});
