import { ArchetypeError } from '../archetype-error.js';
import { compareSources } from '../index-exports.js';
import { fieldType } from './field-types.js';
import { moduleImport, type ResourceSpec } from './resource-spec.js';
import { fit, sortedNames } from './source-text.js';

const escaped = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function unwirable(file: string, looked: string): ArchetypeError {
  return new ArchetypeError(
    'NOT_A_PROJECT',
    `${file} has no ${looked} to add the resource next to; it is not shaped as archetype generated it`,
  );
}

/** Adds `names` to the `{ … }` of the import or export statement `keyword … from 'source';` (one line or several). */
export function addNamedSpecifiers(text: string, file: string, keyword: string, source: string, names: string[]) {
  const statement = new RegExp(`^${escaped(keyword)} \\{([^}]*)\\} from '${escaped(source)}';$`, 'm');
  const match = statement.exec(text);
  if (!match) throw unwirable(file, `"${keyword} { … } from '${source}'"`);
  const existing = (match[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const merged = sortedNames([...existing, ...names]);
  return text.replace(statement, fit('', `${keyword} `, 'curly', merged, ` from '${source}';`));
}

/** Inserts `import … from './…'` statements among the relative imports, where Biome orders them. */
function insertRelativeImports(text: string, file: string, lines: readonly string[]): string {
  let result = text;
  for (const line of lines) {
    const source = /from '([^']+)'/.exec(line)?.[1] ?? '';
    const statements = [...result.matchAll(/^import [^;]*? from '(\.[^']*)';$/gms)];
    const last = statements.at(-1);
    if (!last) throw unwirable(file, 'relative import');
    const next = statements.find((statement) => compareSources(source, statement[1] ?? '') < 0);
    const at = next ? next.index : last.index + last[0].length + 1;
    result = `${result.slice(0, at)}${line}\n${result.slice(at)}`;
  }
  return result;
}

/** Inserts `addition` on the line after the last match of `anchor`. */
function afterLast(text: string, file: string, anchor: RegExp, looked: string, addition: string): string {
  const last = [...text.matchAll(anchor)].at(-1);
  if (!last) throw unwirable(file, looked);
  const at = last.index + last[0].length;
  return `${text.slice(0, at)}\n${addition}${text.slice(at)}`;
}

/** `application.ts` with the resource's service, controller and provider wired in beside the sample's. */
export function wireApplication(text: string, file: string, spec: ResourceSpec): string {
  const { pascal, camel, kebab, pluralCamel } = spec.name;
  if (new RegExp(`\\b${pluralCamel}\\b`).test(text)) {
    throw new ArchetypeError(
      'RESOURCE_PRESENT',
      `${file} already uses the name ${pluralCamel}, which the resource's service would take; choose another name`,
    );
  }
  let result = addNamedSpecifiers(text, file, 'import', moduleImport(spec, 'application'), [`${pascal}AppService`]);
  result = addNamedSpecifiers(result, file, 'import', moduleImport(spec, 'infrastructure'), [`${pascal}GatewayImpl`]);
  result = insertRelativeImports(result, file, [
    `import { ${camel}Controller } from './controller/${kebab}-controller.js';`,
    `import { ${pascal}Provider } from './provider/${kebab}-provider.js';`,
  ]);
  result = afterLast(
    result,
    file,
    /^ {2}readonly \w+Provider: \w+Provider;$/gm,
    'provider in RunningApplication',
    `  readonly ${camel}Provider: ${pascal}Provider;`,
  );
  result = afterLast(
    result,
    file,
    /^ {4}const \w+ = new \w+AppService\([^;]*?\);$/gms,
    'app service',
    fit(
      '    ',
      `const ${pluralCamel} = new ${pascal}AppService`,
      'round',
      [`new ${pascal}GatewayImpl(database)`, 'database'],
      ';',
    ),
  );
  result = afterLast(
    result,
    file,
    /^ {6}await api\.register\(\w+Controller\(\w+\)\);$/gm,
    'controller registration',
    `      await api.register(${camel}Controller(${pluralCamel}));`,
  );
  return afterLast(
    result,
    file,
    /^ {6}\w+Provider: new \w+Provider\(\w+\),$/gm,
    'provider',
    `      ${camel}Provider: new ${pascal}Provider(${pluralCamel}),`,
  );
}

/** `database-schema.ts` with the resource's table interface and its entry in `DatabaseSchema`. */
export function wireSchema(text: string, file: string, spec: ResourceSpec, tableInterface: string): string {
  const { pascal, table } = spec.name;
  const schema = /^export interface DatabaseSchema \{\n([\s\S]*?)^\}$/m.exec(text);
  if (!schema) throw unwirable(file, 'interface DatabaseSchema');
  if (new RegExp(`^\\s+${table}:`, 'm').test(schema[1] ?? '')) {
    throw new ArchetypeError('RESOURCE_PRESENT', `table ${table} is already in ${file}; the resource exists`);
  }
  const usesColumnType = spec.fields.some((field) => fieldType(field).table.startsWith('ColumnType'));
  let result = usesColumnType ? addNamedSpecifiers(text, file, 'import type', 'kysely', ['ColumnType']) : text;
  const at = result.indexOf('export interface DatabaseSchema {');
  result = `${result.slice(0, at)}${tableInterface}\n\n${result.slice(at)}`;
  const close = /^export interface DatabaseSchema \{\n[\s\S]*?^\}$/m.exec(result);
  const end = (close?.index ?? 0) + (close?.[0].length ?? 0) - 1;
  return `${result.slice(0, end)}  ${table}: ${pascal}Table;\n${result.slice(end)}`;
}
