import { type Archetype, findArchetype } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { PARAMETER_DEFAULTS, type ParameterValues, type ProjectParameters } from './generator-parameters.js';

/** `interactiveMode` as given: `true`, `false` (any case) or absent. */
export function interactiveModeOf(values: ParameterValues): boolean | undefined {
  const mode = values.interactiveMode;
  if (mode === undefined) return undefined;
  if (/^true$/i.test(mode)) return true;
  if (/^false$/i.test(mode)) return false;
  throw new ArchetypeError('INVALID_PARAMETER', `interactiveMode must be true or false, not "${mode}"`);
}

/** The archetype chosen by `archetypeGroupId`, `archetypeArtifactId` and `archetypeVersion` (or the defaults). */
export function resolveArchetype(values: ParameterValues): Archetype {
  return findArchetype(
    values.archetypeGroupId ?? PARAMETER_DEFAULTS.archetypeGroupId,
    values.archetypeArtifactId ?? PARAMETER_DEFAULTS.archetypeArtifactId,
    values.archetypeVersion ?? PARAMETER_DEFAULTS.archetypeVersion,
  );
}

/** The project parameters with the defaults filled in; without prompts, `artifactId` must be given. */
export function withDefaults(values: ParameterValues): ProjectParameters {
  if (values.artifactId === undefined) {
    throw new ArchetypeError(
      'MISSING_PARAMETER',
      'artifactId is required: pass -DartifactId=<name> (or --artifactId <name>), or run in a terminal without -DinteractiveMode=false to be asked',
    );
  }
  return {
    groupId: values.groupId ?? PARAMETER_DEFAULTS.groupId,
    artifactId: values.artifactId,
    version: values.version ?? PARAMETER_DEFAULTS.version,
    package: values.package ?? PARAMETER_DEFAULTS.package,
  };
}
