/**
 * `USAGE`: the command line is malformed. `INVALID_PARAMETER` / `MISSING_PARAMETER`: a `-D` property is wrong
 * or absent. `TARGET_EXISTS`: the project directory is already there. `UNKNOWN_ARCHETYPE`: no template has
 * that id and version. `CANCELLED`: the user stopped the prompts. `TEMPLATE`: the template itself is broken.
 * `UNKNOWN_CAPABILITY`: no capability has that name. `NOT_A_PROJECT`: `archetype add` ran outside a generated
 * project. `CAPABILITY_PRESENT`: the capability, its configuration section or one of its files is already there.
 * `INVALID_RESOURCE`: `archetype add-resource` was given a name or fields it cannot generate. `RESOURCE_PRESENT`:
 * the resource, its table or one of its files is already there, or the project's wiring is not where it looks.
 */
export type ArchetypeErrorCode =
  | 'USAGE'
  | 'INVALID_PARAMETER'
  | 'MISSING_PARAMETER'
  | 'TARGET_EXISTS'
  | 'UNKNOWN_ARCHETYPE'
  | 'CANCELLED'
  | 'TEMPLATE'
  | 'UNKNOWN_CAPABILITY'
  | 'NOT_A_PROJECT'
  | 'CAPABILITY_PRESENT'
  | 'INVALID_RESOURCE'
  | 'RESOURCE_PRESENT';

/** The one error type of the generator; the CLI prints its message and exits with code 1. */
export class ArchetypeError extends Error {
  override readonly name = 'ArchetypeError';

  constructor(
    readonly code: ArchetypeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
