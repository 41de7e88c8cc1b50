import { completionStatus } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { EditorView, runScopeHandlers } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeVariables } from '../variables.js';
import { editorSetup } from './setup.js';
import { variableScope } from './variable-scope.js';

let view: EditorView | undefined;
afterEach(() => view?.destroy());

function oneLineEditor(onEnter: () => void = () => undefined): EditorView {
  view = new EditorView({
    parent: document.body.appendChild(document.createElement('div')),
    state: EditorState.create({
      extensions: [editorSetup(false, onEnter), variableScope.of(mergeVariables([{ key: 'id', value: '7' }], []))],
    }),
  });
  return view;
}

const press = (target: EditorView, key: string) =>
  runScopeHandlers(target, new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }), 'editor');

describe('a one-line editor', () => {
  it('joins pasted lines with spaces', () => {
    const editor = oneLineEditor();
    editor.dispatch({ changes: { from: 0, insert: '/users\n?page=1\r\n&size=2' }, userEvent: 'input.paste' });
    expect(editor.state.doc.toString()).toBe('/users ?page=1 &size=2');
  });

  it('calls onEnter instead of breaking the line', () => {
    let entered = 0;
    const editor = oneLineEditor(() => entered++);
    expect(press(editor, 'Enter')).toBe(true);
    expect(entered).toBe(1);
    expect(editor.state.doc.lines).toBe(1);
  });

  it('keeps a just-opened completion list open when Down comes before the list takes keys', async () => {
    const editor = oneLineEditor();
    editor.dispatch({ changes: { from: 0, insert: '{{' }, selection: { anchor: 2 }, userEvent: 'input.type' });
    await expect.poll(() => completionStatus(editor.state)).toBe('active');
    expect(press(editor, 'ArrowDown')).toBe(true);
    expect(completionStatus(editor.state)).toBe('active');
  });
});
