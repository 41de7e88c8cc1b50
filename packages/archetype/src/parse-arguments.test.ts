import { describe, expect, it } from 'vitest';
import { ArchetypeError } from './archetype-error.js';
import { parseArguments } from './parse-arguments.js';

function usageError(argv: string[]): string {
  try {
    parseArguments(argv);
  } catch (error) {
    if (error instanceof ArchetypeError && error.code === 'USAGE') return error.message;
    throw error;
  }
  throw new Error('expected a USAGE error');
}

describe('parseArguments', () => {
  it('reads the goal and Maven -D properties', () => {
    expect(
      parseArguments([
        'archetype:generate',
        '-DgroupId=com.acme',
        '-DartifactId=shop',
        '-Dversion=2.0.0',
        '-Dpackage=com.acme.shop',
        '-DinteractiveMode=false',
      ]),
    ).toEqual({
      goal: 'archetype:generate',
      help: false,
      version: false,
      operands: [],
      values: {
        groupId: 'com.acme',
        artifactId: 'shop',
        version: '2.0.0',
        package: 'com.acme.shop',
        interactiveMode: 'false',
      },
    });
  });

  it('reads -D with a separate argument, a bare -D flag as true, and keeps = inside values', () => {
    expect(parseArguments(['-D', 'artifactId=shop', '-DinteractiveMode', '-Dpackage=a=b']).values).toEqual({
      artifactId: 'shop',
      interactiveMode: 'true',
      package: 'a=b',
    });
  });

  it('reads --name value and --name=value the same way', () => {
    expect(parseArguments(['archetype:generate', '--artifactId', 'demo', '--groupId=org.x']).values).toEqual({
      artifactId: 'demo',
      groupId: 'org.x',
    });
  });

  it('takes -B and --batch-mode as interactiveMode=false', () => {
    expect(parseArguments(['-B']).values).toEqual({ interactiveMode: 'false' });
    expect(parseArguments(['--batch-mode']).values).toEqual({ interactiveMode: 'false' });
  });

  it('lets the last occurrence of a parameter win', () => {
    expect(parseArguments(['-DartifactId=a', '--artifactId', 'b']).values.artifactId).toBe('b');
  });

  it('recognises --help and --version', () => {
    expect(parseArguments(['--help']).help).toBe(true);
    expect(parseArguments(['-v']).version).toBe(true);
  });

  it('names the known parameters when one is misspelt', () => {
    expect(usageError(['-DartifactID=shop'])).toBe(
      'unknown parameter -DartifactID; known parameters: archetypeGroupId, archetypeArtifactId, archetypeVersion, groupId, artifactId, version, package, interactiveMode, capabilities',
    );
  });

  it('refuses a flag without a value, an unknown option and a second goal', () => {
    expect(usageError(['--artifactId'])).toBe('--artifactId needs a value: --artifactId <value>');
    expect(usageError(['-x'])).toBe('unknown option -x; see archetype --help');
    expect(usageError(['archetype:generate', 'extra'])).toBe(
      'unexpected argument "extra"; only one goal (archetype:generate, add or add-resource) is accepted',
    );
    expect(usageError(['-D'])).toBe('-D must be followed by name=value');
  });
});
