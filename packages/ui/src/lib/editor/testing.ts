import { EditorView } from '@codemirror/view';

function viewOf(element: Element): EditorView {
  const view = EditorView.findFromDOM(element as HTMLElement);
  if (view === null) throw new Error('the element is not part of a code editor');
  return view;
}

/** Replaces an editor's text as typing would (the change goes through the editor, so its owner hears of it). */
export function replaceEditorText(element: Element, text: string): void {
  const view = viewOf(element);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
}

/** An editor's whole text, whatever part of it is drawn. */
export function editorText(element: Element): string {
  return viewOf(element).state.doc.toString();
}
