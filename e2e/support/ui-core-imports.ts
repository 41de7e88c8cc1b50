import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * What the UI may take from core as values, written down: constants, URL and template rules, the cURL, Node.js,
 * Python, fetch and Java exports, which rows are sent, how a listing says when and how many and what a project's
 * card says, the first screen's template format (the UI's build draws it, the app fills it), the cookie a theme
 * choice rides on (both read the same), the words and the reader of assertion rows (the Tests tab says, as a row
 * is typed, what saving would refuse), and the limits and free names of examples (the Examples tab says the same).
 * Types are free (they vanish from the bundle); any other value is a decision to make here first.
 */
export const UI_VALUES_FROM_CORE: readonly string[] = [
  'ASSERTION_OPERATORS',
  'ASSERTION_SOURCES',
  'BASE_URL_VARIABLE',
  'CARDS_SLOT',
  'COLLECTION_FORMATS',
  'DEFAULT_REQUEST_SETTINGS',
  'ENDPOINT_STATES',
  'HTTP_METHODS',
  'MASKED_VALUE',
  'MAX_EXAMPLE_BODY_LENGTH',
  'MAX_EXAMPLE_DELAY_MS',
  'MAX_EXAMPLE_NAME_LENGTH',
  'PROJECT_CARD_FIELDS',
  'PROPERTY_SOURCES',
  'THEMES',
  'VALUELESS_OPERATORS',
  'assertionText',
  'counted',
  'effectiveSettings',
  'fillFirstScreen',
  'formatWhen',
  'freeExampleName',
  'isEnabled',
  'isOwnUrl',
  'joinUrl',
  'keptEnabled',
  'parseQuery',
  'pendingThemeCookie',
  'placeholder',
  'placeholderPattern',
  'projectCardText',
  'readAssertion',
  'resolveTemplate',
  'sendsAsWritten',
  'slotMark',
  'splitUrl',
  'startsWithVariable',
  'templateNames',
  'toCmdCurlCommand',
  'toCurlArguments',
  'toCurlCommand',
  'toFetchCode',
  'toJavaCode',
  'toNodeCode',
  'toPythonCode',
  'toSlotted',
  'tokenizeTemplate',
  'withoutDisabledRows',
];

export interface CoreValueImport {
  file: string;
  name: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function valueNames(clause: ts.NamedImportBindings | ts.NamedExportBindings | undefined): string[] | 'namespace' {
  if (clause === undefined) return [];
  if (ts.isNamespaceImport(clause) || ts.isNamespaceExport(clause)) return 'namespace';
  return clause.elements
    .filter((element) => !element.isTypeOnly)
    .map((element) => (element.propertyName ?? element.name).text);
}

function isCore(specifier: ts.Expression | undefined): boolean {
  return specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('@client/core');
}

/** The values one statement takes from core: names, `*` for a namespace or default import, none for types. */
function takenValues(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement) && isCore(statement.moduleSpecifier)) {
    const clause = statement.importClause;
    if (clause === undefined || clause.isTypeOnly) return [];
    const names = valueNames(clause.namedBindings);
    return clause.name !== undefined || names === 'namespace' ? ['*'] : names;
  }
  if (ts.isExportDeclaration(statement) && isCore(statement.moduleSpecifier) && !statement.isTypeOnly) {
    const names = valueNames(statement.exportClause);
    return statement.exportClause === undefined || names === 'namespace' ? ['*'] : names;
  }
  return [];
}

/** Every value the files under `dir` import or re-export from `@client/core`. */
export function coreValueImports(root: string, dir: string): CoreValueImport[] {
  return sourceFiles(join(root, dir)).flatMap((path) => {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
    const file = relative(root, path);
    return source.statements.flatMap(takenValues).map((name) => ({ file, name }));
  });
}
