import { ARCHETYPES } from './archetype-catalog.js';

/** The `-D` properties of `archetype:generate`, as in `mvn archetype:generate`. */
export const PARAMETER_NAMES = [
  'archetypeGroupId',
  'archetypeArtifactId',
  'archetypeVersion',
  'groupId',
  'artifactId',
  'version',
  'package',
  'interactiveMode',
  'capabilities',
] as const;

export type ParameterName = (typeof PARAMETER_NAMES)[number];
export type ParameterValues = Partial<Record<ParameterName, string>>;

/** What the generated project is made from: every value checked. */
export interface ProjectParameters {
  /** npm scope of every module: `com.acme` → `@com.acme/shop-domain`. */
  readonly groupId: string;
  /** Project directory and prefix of every module. */
  readonly artifactId: string;
  /** Version of every module. */
  readonly version: string;
  /** Base namespace of the service: logger names, API info, README. */
  readonly package: string;
}

const DEFAULT_ARCHETYPE = ARCHETYPES[0];

/** The defaults of the Maven archetype the generator mirrors; `artifactId` has none. */
export const PARAMETER_DEFAULTS = {
  archetypeGroupId: DEFAULT_ARCHETYPE.groupId,
  archetypeArtifactId: DEFAULT_ARCHETYPE.artifactId,
  archetypeVersion: DEFAULT_ARCHETYPE.version,
  groupId: 'com.example',
  version: '1.0.0-SNAPSHOT',
  package: 'com.example',
} as const satisfies ParameterValues;

export function isParameterName(name: string): name is ParameterName {
  return (PARAMETER_NAMES as readonly string[]).includes(name);
}
