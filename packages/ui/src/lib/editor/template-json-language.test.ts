import { foldable, syntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { maskPlaceholders, templateJson } from './template-json-language.js';

function stateOf(doc: string): EditorState {
  return EditorState.create({ doc, extensions: templateJson() });
}

describe('maskPlaceholders', () => {
  it('turns each placeholder into a JSON number of the same length and leaves the rest alone', () => {
    expect(maskPlaceholders('{"id": {{user_id}}, "n": "{{ x }}"}')).toBe('{"id": 10000000000, "n": "1000000"}');
  });
});

describe('templateJson', () => {
  const doc = '{\n  "user": {\n    "id": {{user_id}},\n    "tags": ["a"]\n  },\n  "k": 1\n}';

  it('parses a body with {{variables}} as values without an error node', () => {
    const tree = syntaxTree(stateOf(doc));
    let errors = 0;
    tree.iterate({ enter: (node) => void (node.type.isError && errors++) });
    expect(errors).toBe(0);
    expect(tree.topNode.firstChild?.name).toBe('Object');
    expect(tree.topNode.firstChild?.to).toBe(doc.length);
  });

  it('folds an object that holds a variable from its brace to its closing brace', () => {
    const state = stateOf(doc);
    const line = state.doc.line(2);
    expect(foldable(state, line.from, line.to)).toEqual({ from: line.to, to: doc.indexOf('  },') + 2 });
  });
});
