import { placeholderPattern } from '@client/core';
import { type EditorState, Facet } from '@codemirror/state';
import type { VariableScope } from '../variables.js';

const NO_VARIABLES: VariableScope = new Map();

/** The variables an editor's `{{placeholders}}` refer to; the editor's owner reconfigures it when they change. */
export const variableScope = Facet.define<VariableScope, VariableScope>({
  combine: (scopes) => scopes.at(-1) ?? NO_VARIABLES,
});

/** A `{{name}}` in the document, by offsets. */
export interface PlaceholderAt {
  from: number;
  to: number;
  name: string;
}

/** The placeholder that covers `pos` (its braces included), looked for on that line only. */
export function placeholderAt(state: EditorState, pos: number): PlaceholderAt | null {
  const line = state.doc.lineAt(pos);
  for (const match of line.text.matchAll(placeholderPattern())) {
    const from = line.from + match.index;
    const to = from + match[0].length;
    if (pos >= from && pos <= to) return { from, to, name: match[1] ?? '' };
  }
  return null;
}
