import type { ResourceField } from './resource-fields.js';
import type { ResourceName } from './resource-name.js';

/** Everything the files of one resource are generated from. */
export interface ResourceSpec {
  readonly name: ResourceName;
  readonly fields: readonly ResourceField[];
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
