import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { type EditorView, hoverTooltip, type Tooltip } from '@codemirror/view';
import { getSchema, lint, offsetToPos, stateExtensions, updateSchema } from 'cm6-graphql';
import type { GraphQLSchema } from 'graphql';
import { getAutocompleteSuggestions, getHoverInformation } from 'graphql-language-service';
import { moreCompletions } from './setup.js';

/**
 * Schema-aware completion: the editors' completion runs the app's own sources (variables first), so GraphQL's
 * suggestions join them through `moreCompletions` rather than as language data, which that setup does not read.
 */
function graphqlCompletions(context: CompletionContext): CompletionResult | null {
  const schema = getSchema(context.state);
  if (schema === undefined) return null;
  const word = context.matchBefore(/\w*/);
  if (
    word === null ||
    (word.from === word.to && !context.explicit && !/[{(\s]$/.test(context.state.sliceDoc(0, context.pos)))
  ) {
    return null;
  }
  const suggestions = getAutocompleteSuggestions(
    schema,
    context.state.doc.toString(),
    offsetToPos(context.state.doc, context.pos),
  );
  if (suggestions.length === 0) return null;
  return {
    from: word.from,
    options: suggestions.map((item) => ({
      label: item.label,
      detail: item.detail ?? '',
      ...(item.documentation ? { info: item.documentation } : {}),
    })),
    validFor: /^\w*$/,
  };
}

/** Hovering a field, argument or type shows its type and description from the schema. */
const graphqlHover = hoverTooltip((view: EditorView, pos: number): Tooltip | null => {
  const schema = getSchema(view.state);
  if (schema === undefined) return null;
  const word = view.state.wordAt(pos);
  if (word === null) return null;
  // Read from inside the word: at its end the service reads the token after it.
  const inside = Math.max(word.from, Math.min(pos, word.to - 1));
  const contents = getHoverInformation(schema, view.state.doc.toString(), offsetToPos(view.state.doc, inside));
  const text = typeof contents === 'string' ? contents : '';
  if (text === '') return null;
  return {
    pos: word.from,
    end: word.to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-graphql-hover';
      dom.setAttribute('role', 'tooltip');
      dom.textContent = text;
      return { dom };
    },
  };
});

/** What a GraphQL query editor adds once it knows its schema: completion, lint and hover. */
export function graphqlSchemaSupport(): Extension {
  return [stateExtensions(undefined), lint, moreCompletions.of(graphqlCompletions), graphqlHover];
}

/** Gives the editor its (newly fetched) schema, which its completion, lint and hover read from then on. */
export function setGraphqlSchema(view: EditorView, schema: GraphQLSchema | undefined): void {
  updateSchema(view, schema);
}
