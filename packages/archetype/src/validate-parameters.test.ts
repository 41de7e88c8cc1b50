import { describe, expect, it } from 'vitest';
import { ArchetypeError } from './archetype-error.js';
import { parameterProblem, validateProjectParameters } from './validate-parameters.js';

const valid = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0-SNAPSHOT', package: 'com.acme.shop' };

describe('project parameter checks', () => {
  it('accepts Maven-style coordinates', () => {
    expect(validateProjectParameters(valid)).toEqual(valid);
    expect(parameterProblem('version', '2.1.0-rc.1+build.5')).toBeUndefined();
    expect(parameterProblem('artifactId', 'order-service_2')).toBeUndefined();
  });

  it('refuses artifactIds that do not make valid npm package names', () => {
    expect(parameterProblem('artifactId', 'Shop')).toBe(
      'artifactId "Shop" does not make valid npm package names (name can no longer contain capital letters)',
    );
    expect(parameterProblem('artifactId', '.shop')).toMatch(/name cannot start with a period/);
    expect(parameterProblem('artifactId', 'my shop')).toMatch(/URL-friendly/);
    expect(parameterProblem('artifactId', '../shop')).toMatch(/does not make valid npm package names/);
    expect(parameterProblem('artifactId', '')).toBe('artifactId must not be empty');
  });

  it('refuses a groupId that is not a valid npm scope', () => {
    expect(parameterProblem('groupId', 'Com.Acme')).toMatch(/groupId "Com.Acme" is not a valid npm scope/);
    expect(parameterProblem('groupId', 'com/acme')).toMatch(/is not a valid npm scope/);
    expect(parameterProblem('groupId', '')).toBe('groupId "" is not a valid npm scope (it is empty)');
  });

  it('refuses a version that is not semver and a package that is not a dotted namespace', () => {
    expect(parameterProblem('version', '1.0')).toBe('version "1.0" is not a semantic version such as 1.0.0-SNAPSHOT');
    expect(parameterProblem('package', 'com..acme')).toBe(
      'package "com..acme" is not a dotted namespace such as com.example',
    );
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      validateProjectParameters({ groupId: 'com.acme', artifactId: 'Shop', version: 'x', package: 'com.acme' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ArchetypeError);
    expect((error as ArchetypeError).code).toBe('INVALID_PARAMETER');
    expect((error as ArchetypeError).message.split('\n')).toHaveLength(2);
  });
});
