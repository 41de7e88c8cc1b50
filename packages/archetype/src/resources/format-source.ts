import { Biome } from '@biomejs/js-api/nodejs';

import { ArchetypeError } from '../archetype-error.js';

/** Formats a TypeScript file of the project: the project path only tells Biome the language. */
export type FormatSource = (path: string, text: string) => string;

/** Settings of a project's `biome.json` that name files or tools of a folder on disk, which a text has not. */
const FILE_SETTINGS = ['$schema', 'root', 'vcs', 'files'];

/** The import statements at the top of a file, each with the module it names. */
const IMPORT_STATEMENT = /^import [^;]*? from '([^']+)';\n/gm;

/**
 * The project's import groups (its `biome.json`): Node's modules, packages, the project's own modules, relative
 * paths, a blank line between each. Biome's WebAssembly build orders imports by these groups but drops the blank
 * lines, so they are put back here.
 */
function separateImportGroups(text: string, projectScope: string): string {
  const groupOf = (source: string) => {
    if (source.startsWith('node:')) return 0;
    if (source.startsWith('.')) return 3;
    return source.startsWith(`${projectScope}/`) ? 2 : 1;
  };
  let previous: number | undefined;
  return text.replace(IMPORT_STATEMENT, (statement: string, source: string, offset: number) => {
    const group = groupOf(source);
    const blankBefore = text.charAt(offset - 2) === '\n';
    const separated = previous !== undefined && group !== previous && !blankBefore ? `\n${statement}` : statement;
    previous = group;
    return separated;
  });
}

/**
 * A formatter with the project's own Biome settings (`biome.json`): imports organised, then formatted, so a file
 * written from the sample with other names reads as `npm run format` would leave it. `projectScope` is the npm
 * scope of the project's modules, `@com.acme`.
 */
export function createFormatter(biomeJson: string, projectScope: string): FormatSource {
  const configuration = JSON.parse(biomeJson) as Record<string, unknown>;
  for (const setting of FILE_SETTINGS) delete configuration[setting];
  const biome = new Biome();
  const { projectKey } = biome.openProject();
  biome.applyConfiguration(projectKey, configuration);
  return (path, text) => {
    const organised = biome.lintContent(projectKey, text, { filePath: path, fixFileMode: 'safeFixes' });
    const grouped = separateImportGroups(organised.content, projectScope);
    const formatted = biome.formatContent(projectKey, grouped, { filePath: path });
    const error = formatted.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    if (error) {
      throw new ArchetypeError('TEMPLATE', `${path} could not be formatted: ${JSON.stringify(error.description)}`);
    }
    return formatted.content;
  };
}
