import type { ManagedDependency } from '../dependency-versions.js';

/** The workspace modules of a generated project, as in the folder names `<artifactId>-<module>`. */
export type ModuleName = 'start' | 'application' | 'domain' | 'infrastructure' | 'api' | 'common';

/** A module of the start module's `src/capability/` (its path there, without extension) and what it exports. */
export interface CapabilityExport {
  readonly file: string;
  readonly exportName: string;
}

/**
 * An optional capability (spec §2.6.5) that `archetype add <name>` or `-Dcapabilities=<name>` puts into a
 * project. Its files live in `capabilities/<name>/` beside the template: `files/` (a template tree rendered
 * with the same tokens and added to the project, never overwriting a file), `application.yaml` (one top-level
 * section appended to `<artifactId>-start/config/application.yaml`) and `README.md` (a `###` section appended
 * to the project's README under "Capabilities").
 */
export interface Capability {
  readonly name: string;
  /** One line for `archetype --help` and error messages. */
  readonly summary: string;
  /** The module the spec puts the capability in. */
  readonly module: ModuleName;
  /** Third-party packages each module gains; their versions come from `DEPENDENCY_VERSIONS`. */
  readonly dependencies: Readonly<Partial<Record<ModuleName, readonly ManagedDependency[]>>>;
  /** Lines added to a module's `src/index.ts`, for what other modules import from it. */
  readonly exports?: Readonly<Partial<Record<ModuleName, readonly string[]>>>;
  /**
   * The start module's hook into the composition root: a file under `<artifactId>-start/src/capability/`
   * (without extension) exporting a `CapabilityModule` under `exportName`.
   */
  readonly registration: CapabilityExport;
  /**
   * What the project's tests need of it (auth: a key to trust and tokens to send): a `.test-support` file under
   * `<artifactId>-start/src/capability/` exporting a `CapabilityTestProfile`, which `startTestApplication` applies.
   */
  readonly testProfile?: CapabilityExport;
  /**
   * Service containers its tests need in the generated CI workflow: YAML lines indented to sit under `services:`
   * of `.github/workflows/ci.yaml`, added there with the capability.
   */
  readonly ciServices?: string;
}
