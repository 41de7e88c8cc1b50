import { archetypeId } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import type { ProjectParameters } from '../generator-parameters.js';
import { formatManifest } from '../pin-dependency-versions.js';

/**
 * The `archetype` block of a generated project's root package.json: which archetype made it, with which
 * parameters (to render capability files with the same tokens) and which capabilities it has.
 */
export interface ProjectMarker {
  readonly id: string;
  readonly parameters: ProjectParameters;
  readonly capabilities: readonly string[];
}

export interface RootManifest {
  archetype?: ProjectMarker;
  dependencies?: Record<string, string>;
  overrides?: Record<string, string>;
  [field: string]: unknown;
}

const PARAMETER_KEYS = ['groupId', 'artifactId', 'version', 'package'] as const;

function isMarker(value: unknown): value is ProjectMarker {
  if (typeof value !== 'object' || value === null) return false;
  const marker = value as Partial<ProjectMarker>;
  const parameters = marker.parameters as Partial<Record<string, unknown>> | undefined;
  return (
    typeof marker.id === 'string' &&
    typeof parameters === 'object' &&
    parameters !== null &&
    PARAMETER_KEYS.every((key) => typeof parameters[key] === 'string') &&
    Array.isArray(marker.capabilities) &&
    marker.capabilities.every((name) => typeof name === 'string')
  );
}

/** The root manifest of a generated project; anything else is a `NOT_A_PROJECT` error naming `where`. */
export function readRootManifest(text: string, where: string): RootManifest & { archetype: ProjectMarker } {
  let manifest: RootManifest;
  try {
    manifest = JSON.parse(text) as RootManifest;
  } catch (error) {
    throw new ArchetypeError('NOT_A_PROJECT', `${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isMarker(manifest.archetype)) {
    throw new ArchetypeError(
      'NOT_A_PROJECT',
      `${where} has no valid "archetype" block: run archetype add inside a project made by archetype archetype:generate`,
    );
  }
  return manifest as RootManifest & { archetype: ProjectMarker };
}

/** Records in the rendered root manifest which archetype made the project and with which parameters. */
export function markProject(
  files: Map<string, string>,
  archetype: Parameters<typeof archetypeId>[0],
  parameters: ProjectParameters,
): void {
  const root = JSON.parse(files.get('package.json') ?? '{}') as RootManifest;
  const { groupId, artifactId, version } = parameters;
  root.archetype = {
    id: archetypeId(archetype),
    parameters: { groupId, artifactId, version, package: parameters.package },
    capabilities: [],
  };
  files.set('package.json', formatManifest(root));
}
