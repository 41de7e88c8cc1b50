import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { describeVariable } from '../variables.js';
import { variableScope } from './variable-scope.js';

/** An opened placeholder right before the cursor: `{{`, maybe spaces, and the part of a name typed so far. */
const OPENED = /\{\{\s*[A-Za-z0-9_.$-]*$/;
const NAME_SO_FAR = /^[A-Za-z0-9_.$-]*$/;

/**
 * Offers the variables in scope once `{{` is typed (or on Ctrl+Space inside a placeholder): the active
 * environment's and the project's, each with where it comes from and its value, a secret's masked.
 */
export function variableCompletions(context: CompletionContext): CompletionResult | null {
  const opened = context.matchBefore(OPENED);
  if (opened === null) return null;
  const from = opened.from + (/^\{\{\s*/.exec(opened.text)?.[0].length ?? 2);
  const scope = context.state.facet(variableScope);
  const options: Completion[] = [...scope.keys()].sort().map((name) => {
    const described = describeVariable(name, scope);
    return {
      label: name,
      type: 'variable',
      detail: described.defined ? described.source : undefined,
      info: described.defined ? (described.value === '' ? '(empty)' : described.value) : undefined,
      apply: closePlaceholder(name),
    };
  });
  return { from, options, validFor: NAME_SO_FAR };
}

/** Inserts the name and the closing braces, unless they are already there (a bracket closer may have added them). */
function closePlaceholder(name: string) {
  return (view: EditorView, _completion: Completion, from: number, to: number) => {
    const after = view.state.sliceDoc(to, to + 2);
    const closing = after === '}}' ? '' : '}}';
    const end = from + name.length + 2;
    view.dispatch({
      changes: { from, to, insert: `${name}${closing}` },
      selection: { anchor: end },
      userEvent: 'input.complete',
    });
  };
}
