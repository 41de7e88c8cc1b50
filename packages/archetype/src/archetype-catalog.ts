import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ArchetypeError } from './archetype-error.js';

/** The generator's own version; it is also the version of the template it ships. */
export const GENERATOR_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface Archetype {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly description: string;
  /** Absolute path of the template folder. */
  readonly templateDir: string;
}

/** Every archetype this generator can produce. The first one is the default. */
export const ARCHETYPES: readonly [Archetype, ...Archetype[]] = [
  {
    groupId: 'client',
    artifactId: 'node-fastify-archetype',
    version: GENERATOR_VERSION,
    description: 'layered multi-module service: Fastify, zod, Kysely, pino, OpenTelemetry',
    templateDir: fileURLToPath(new URL('../template', import.meta.url)),
  },
];

export function archetypeId(archetype: Pick<Archetype, 'groupId' | 'artifactId' | 'version'>): string {
  return `${archetype.groupId}:${archetype.artifactId}:${archetype.version}`;
}

/** The archetype with exactly these coordinates; anything else is an error that lists what exists. */
export function findArchetype(groupId: string, artifactId: string, version: string): Archetype {
  const found = ARCHETYPES.find(
    (archetype) =>
      archetype.groupId === groupId && archetype.artifactId === artifactId && archetype.version === version,
  );
  if (found) return found;
  const known = ARCHETYPES.map((archetype) => `${archetypeId(archetype)} (${archetype.description})`).join(', ');
  throw new ArchetypeError(
    'UNKNOWN_ARCHETYPE',
    `archetype ${groupId}:${artifactId}:${version} does not exist; available: ${known}`,
  );
}
