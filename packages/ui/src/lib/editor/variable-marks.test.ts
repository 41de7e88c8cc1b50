import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeVariables } from '../variables.js';
import { variableMarks } from './variable-marks.js';
import { variableScope } from './variable-scope.js';

let view: EditorView | undefined;
afterEach(() => view?.destroy());

const marks = () =>
  Array.from(view?.contentDOM.querySelectorAll('.cm-var') ?? [], (mark) => `${mark.textContent} ${mark.className}`);

describe('variableMarks', () => {
  it('marks each placeholder as defined, secret or missing, and again when the variables change', () => {
    const scope = new Compartment();
    const before = mergeVariables([{ key: 'host', value: 'h' }], [{ key: 'token', value: '', secret: true }]);
    view = new EditorView({
      parent: document.body.appendChild(document.createElement('div')),
      state: EditorState.create({
        doc: '{{host}}/{{ token }}?q={{later}}',
        extensions: [scope.of(variableScope.of(before)), variableMarks],
      }),
    });
    expect(marks()).toEqual(['{{host}} cm-var', '{{ token }} cm-var cm-var-secret', '{{later}} cm-var cm-var-missing']);

    const after = mergeVariables([{ key: 'later', value: '1' }], []);
    view.dispatch({ effects: scope.reconfigure(variableScope.of(after)) });
    expect(marks()).toEqual([
      '{{host}} cm-var cm-var-missing',
      '{{ token }} cm-var cm-var-missing',
      '{{later}} cm-var',
    ]);

    view.dispatch({ changes: { from: 0, insert: '{{later}}' } });
    expect(marks()[0]).toBe('{{later}} cm-var');
  });
});
