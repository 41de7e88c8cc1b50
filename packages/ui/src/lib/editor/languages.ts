import { xml } from '@codemirror/lang-xml';
import type { Extension } from '@codemirror/state';
import { graphqlLanguage } from 'cm6-graphql';
import { jsonLint } from './json-lint.js';
import { templateJson } from './template-json-language.js';

/** What an editor's text is written in: it decides the colours, what folds, and whether it is linted. */
export type EditorLanguage = 'json' | 'xml' | 'graphql' | 'text';

/**
 * The language support of each: JSON that reads `{{variables}}` as values, and linted; GraphQL without a schema,
 * so its grammar only (colours, brackets, folding).
 */
export function languageSupport(language: EditorLanguage): Extension {
  switch (language) {
    case 'json':
      return [templateJson(), jsonLint];
    case 'xml':
      return xml();
    case 'graphql':
      return graphqlLanguage;
    case 'text':
      return [];
  }
}
