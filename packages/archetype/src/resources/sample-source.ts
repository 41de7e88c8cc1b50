import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { ProjectParameters } from '../generator-parameters.js';
import { renderText, tokenValues } from '../template-tokens.js';
import type { ResourceSpec } from './resource-spec.js';
import { article } from './source-text.js';

/**
 * The template's sample resource (`sys-user`) files a new resource's sources are made from, by role. A change to
 * the sample reaches every resource `add-resource` writes afterwards.
 */
export const SAMPLE_FILES = {
  entity: '__artifactId__-domain/src/sys-user/sys-user.ts',
  gateway: '__artifactId__-domain/src/sys-user/sys-user-gateway.ts',
  commands: '__artifactId__-application/src/sys-user/sys-user-commands.ts',
  appService: '__artifactId__-application/src/sys-user/sys-user-app-service.ts',
  dto: '__artifactId__-api/src/sys-user/sys-user-dto.ts',
  api: '__artifactId__-api/src/sys-user/sys-user-api.ts',
  client: '__artifactId__-api/src/sys-user/sys-user-client.ts',
  dataObject: '__artifactId__-infrastructure/src/sys-user/sys-user-do.ts',
  gatewayImpl: '__artifactId__-infrastructure/src/sys-user/sys-user-gateway-impl.ts',
  migration: '__artifactId__-infrastructure/src/database/migrations/0001-create-sys-user.ts',
  schemas: '__artifactId__-start/src/controller/sys-user-schemas.ts',
  controller: '__artifactId__-start/src/controller/sys-user-controller.ts',
  vo: '__artifactId__-start/src/vo/sys-user-vo.ts',
  provider: '__artifactId__-start/src/provider/sys-user-provider.ts',
} as const;

export type SampleRole = keyof typeof SAMPLE_FILES;

/** The sample's files: role → text. */
export type SampleSources = Readonly<Record<SampleRole, string>>;

/** The sample files of the template in `templateDir`, rendered with a project's parameters as generation does. */
export async function readSampleFiles(templateDir: string, parameters: ProjectParameters): Promise<SampleSources> {
  const values = tokenValues(parameters);
  const entries = await Promise.all(
    Object.entries(SAMPLE_FILES).map(async ([role, path]) => [
      role,
      renderText(await readFile(join(templateDir, path), 'utf8'), values),
    ]),
  );
  return Object.fromEntries(entries) as SampleSources;
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Every name of the sample in one pass, longest first, so a name just written is never renamed again: `SysUser`, `SYS_USER`, `sys-users`, `sys-user`, `sys_user`, `sysUsers`, `sysUser`, and in its prose
 * "a user", "users" and "user".
 */
const SAMPLE_NAMES =
  /SysUser|SYS_USER|sys-users|sys-user|sys_user|sysUsers|sysUser|\b[Aa] user\b|\b[Uu]sers\b|\buser\b/g;

/** A sample file's text with the sample's names made those of the resource `spec`. */
export function renameSample(text: string, spec: ResourceSpec): string {
  const { name } = spec;
  const pluralWords = name.plural.replaceAll('-', ' ');
  const names: Readonly<Record<string, string>> = {
    SysUser: name.pascal,
    SYS_USER: name.constant,
    'sys-users': name.plural,
    'sys-user': name.kebab,
    sys_user: name.table,
    sysUsers: name.pluralCamel,
    sysUser: name.camel,
    'a user': article(name.words),
    'A user': capitalized(article(name.words)),
    users: pluralWords,
    Users: capitalized(pluralWords),
    user: name.words,
  };
  return text.replaceAll(SAMPLE_NAMES, (found) => names[found] ?? found);
}
