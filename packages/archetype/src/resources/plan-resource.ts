import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { ARCHETYPES } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { readRootManifest } from '../capabilities/project-marker.js';
import { insertExports } from '../index-exports.js';
import type { ReadProjectFile } from '../project-files.js';
import { renderText, tokenValues } from '../template-tokens.js';
import { apiExports, apiFiles } from './api-files.js';
import { applicationExports, applicationFiles } from './application-files.js';
import { domainExports, domainFiles } from './domain-files.js';
import { createFormatter } from './format-source.js';
import {
  DATE_COLUMN_FILE,
  DATE_COLUMN_SOURCE,
  infrastructureExports,
  infrastructureFiles,
  migrationName,
  tableInterface,
  wrapMethod,
} from './infrastructure-files.js';
import { referenceTargets } from './reference-targets.js';
import { parseFields } from './resource-fields.js';
import { parseResourceName } from './resource-name.js';
import { moduleImport, type ResourceSpec } from './resource-spec.js';
import { replaceOnce } from './sample-edits.js';
import { readSampleFiles } from './sample-source.js';
import { startFiles } from './start-files.js';
import {
  CALENDAR_DATE_EXPORT,
  CALENDAR_DATE_FILE,
  CALENDAR_DATE_SOURCE,
  CALENDAR_DATE_TEST_FILE,
  CALENDAR_DATE_TEST_SOURCE,
  FOREIGN_KEY_VIOLATION_FILE,
  foreignKeyViolationSource,
  UNIQUE_VIOLATION_FILE,
  uniqueViolationSource,
} from './support-files.js';
import { addNamedSpecifiers, wireApplication, wireSchema } from './wire-resource.js';

/** The files of one project folder, by name, for numbering migrations. */
export type ListProjectFolder = (path: string) => Promise<string[]>;

export interface ResourceRequest {
  readonly name: string;
  /** `name:string,age:int` */
  readonly fields: string | undefined;
  /** The plural of the name, where the English rule would not give it: `--plural people`. */
  readonly plural?: string | undefined;
}

/** The name and fields of a request, checked before the project is looked at. */
export function parseResourceRequest(request: ResourceRequest): Pick<ResourceSpec, 'name' | 'fields'> {
  const name = parseResourceName(request.name, request.plural);
  if (request.fields === undefined) {
    throw new ArchetypeError(
      'USAGE',
      `name the fields: archetype add-resource ${request.name} --fields name:string,age:int`,
    );
  }
  return { name, fields: parseFields(request.fields) };
}

/**
 * What adding a resource writes into a generated project: project-relative path → new contents of every file
 * added or changed. Nothing is written here; any refusal (a bad name or field, a resource already there, a file
 * in the way) is an `ArchetypeError` and leaves the project as it was.
 */
export async function planResource(
  read: ReadProjectFile,
  list: ListProjectFolder,
  request: ResourceRequest,
): Promise<Map<string, string>> {
  const { name, fields } = parseResourceRequest(request);
  const rootText = await read('package.json');
  if (rootText === undefined) throw new ArchetypeError('NOT_A_PROJECT', 'there is no package.json');
  const { parameters } = readRootManifest(rootText, 'package.json').archetype;
  const module = (which: string) => `${parameters.artifactId}-${which}/src`;
  const schemaPath = `${module('infrastructure')}/database/database-schema.ts`;
  const targets = fields.some((field) => field.target)
    ? referenceTargets(fields, (await read(schemaPath)) ?? '', schemaPath)
    : new Map();
  const spec: ResourceSpec = {
    name,
    fields,
    modulePrefix: `@${parameters.groupId}/${parameters.artifactId}`,
    targets,
  };
  const { templateDir } = ARCHETYPES[0];
  const sample = await readSampleFiles(templateDir, parameters);
  // The project's own Biome settings, or the template's where the project has dropped its biome.json.
  const biomeJson =
    (await read('biome.json')) ??
    renderText(await readFile(join(templateDir, 'biome.json'), 'utf8'), tokenValues(parameters));
  const format = createFormatter(biomeJson, `@${parameters.groupId}`);

  const changes = new Map<string, string>();
  const existing = async (path: string): Promise<string> => {
    const text = changes.get(path) ?? (await read(path));
    if (text === undefined) {
      throw new ArchetypeError('NOT_A_PROJECT', `${path} is missing, so resource ${name.kebab} cannot be added`);
    }
    return text;
  };
  const addFiles = async (which: string, files: Map<string, string>) => {
    for (const [path, text] of files) {
      const target = `${module(which)}/${path}`;
      if ((await read(target)) !== undefined) {
        throw new ArchetypeError(
          'RESOURCE_PRESENT',
          `${target} already exists; resource ${name.kebab} is there already`,
        );
      }
      changes.set(target, format(target, text));
    }
  };
  const addExports = async (which: string, lines: string[]) => {
    const index = `${module(which)}/index.ts`;
    changes.set(index, insertExports(await existing(index), lines));
  };

  const migration = migrationName(spec, await list(`${module('infrastructure')}/database/migrations`));
  changes.set(schemaPath, wireSchema(await existing(schemaPath), schemaPath, spec, tableInterface(spec, migration)));
  await addFiles('domain', domainFiles(spec, sample));
  await addFiles('application', applicationFiles(spec, sample));
  await addFiles('api', apiFiles(spec, sample));
  await addFiles('infrastructure', infrastructureFiles(spec, sample, migration));
  await addFiles('start', startFiles(spec, sample));
  await addExports('domain', domainExports(spec));
  await addExports('application', applicationExports(spec));
  await addExports('api', apiExports(spec));
  await addExports('infrastructure', infrastructureExports(spec));
  const infrastructureIndex = `${module('infrastructure')}/index.ts`;
  changes.set(
    infrastructureIndex,
    addNamedSpecifiers(
      await existing(infrastructureIndex),
      infrastructureIndex,
      'export type',
      './database/database-schema.js',
      [`${name.pascal}Table`],
    ),
  );
  const applicationPath = `${module('start')}/application.ts`;
  changes.set(applicationPath, wireApplication(await existing(applicationPath), applicationPath, spec));

  if (targets.size > 0) {
    const foreignKeys = `${module('infrastructure')}/${FOREIGN_KEY_VIOLATION_FILE}`;
    if ((await read(foreignKeys)) === undefined) {
      changes.set(foreignKeys, format(foreignKeys, foreignKeyViolationSource(moduleImport(spec, 'domain'))));
    }
    // A record another resource names may not be deleted: its gateway says so as the domain's CONFLICT.
    for (const target of targets.values()) {
      const { kebab, words } = target.name;
      const gateway = `${module('infrastructure')}/${kebab}/${kebab}-gateway-impl.ts`;
      const text = await existing(gateway);
      if (text.includes('refusingReferencedDelete(')) continue;
      const message = `\`${words} \${id} is still referred to: delete or change what refers to it first\``;
      const guarded = replaceOnce(
        wrapMethod(text, gateway, 'deleteById', 'refusingReferencedDelete', message),
        gateway,
        /^import \{ ID_MAX \}/m,
        "import { refusingReferencedDelete } from '../database/foreign-key-violation.js';\nimport { ID_MAX }",
      );
      changes.set(gateway, format(gateway, guarded));
    }
  }
  if (fields.some((field) => field.unique)) {
    const uniqueViolation = `${module('infrastructure')}/${UNIQUE_VIOLATION_FILE}`;
    if ((await read(uniqueViolation)) === undefined) {
      changes.set(uniqueViolation, format(uniqueViolation, uniqueViolationSource(moduleImport(spec, 'domain'))));
    }
  }
  if (fields.some((field) => field.type === 'date')) {
    const dateColumn = `${module('infrastructure')}/${DATE_COLUMN_FILE}`;
    if ((await read(dateColumn)) === undefined) changes.set(dateColumn, DATE_COLUMN_SOURCE);
    const calendarDate = `${module('common')}/${CALENDAR_DATE_FILE}`;
    if ((await read(calendarDate)) === undefined) {
      changes.set(calendarDate, CALENDAR_DATE_SOURCE);
      changes.set(`${module('common')}/${CALENDAR_DATE_TEST_FILE}`, CALENDAR_DATE_TEST_SOURCE);
      await addExports('common', [CALENDAR_DATE_EXPORT]);
    }
  }
  return changes;
}
