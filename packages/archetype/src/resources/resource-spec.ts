import type { ResourceField } from './resource-fields.js';
import type { ResourceName } from './resource-name.js';

/** A resource a `ref(…)` field names, as the project's `database-schema.ts` describes its table. */
export interface ReferenceTarget {
  readonly name: ResourceName;
  /** Its table's columns but `id`, with their Kysely types: `{ column: 'placed_on', type: 'string' }`. */
  readonly columns: readonly { readonly column: string; readonly type: string }[];
}

/** Everything the files of one resource are generated from. */
export interface ResourceSpec {
  readonly name: ResourceName;
  readonly fields: readonly ResourceField[];
  /** The resources its `ref(…)` fields name, by kebab-case name. */
  readonly targets?: ReadonlyMap<string, ReferenceTarget>;
  /** `@com.acme/market`: module `x` of the project is `@com.acme/market-x`. */
  readonly modulePrefix: string;
}

/** The module import of module `module` of the project: `@com.acme/market-domain`. */
export function moduleImport(spec: ResourceSpec, module: string): string {
  return `${spec.modulePrefix}-${module}`;
}

/** A draft of every field's `which` sample value, as object-literal members: `name: 'alpha'`. */
export function sampleMembers(spec: ResourceSpec, samples: (field: ResourceField) => string): string[] {
  return spec.fields.map((field) => `${field.name}: ${samples(field)}`);
}
