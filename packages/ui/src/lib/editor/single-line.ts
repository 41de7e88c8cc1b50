import { completionStatus } from '@codemirror/autocomplete';
import { EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

/**
 * Up and Down belong to an open completion list. Right after it opens the list ignores them for a moment (so a
 * key meant for the text does not pick an option); on one line they would then only "move" the caret, and that
 * closes the list. So while a list is open they do nothing else.
 */
const keepCompletionOpen = (view: EditorView) => completionStatus(view.state) !== null;

/**
 * Makes an editor a one-line field: what would add a line break (a pasted block, a dropped text) is joined
 * with spaces, Enter ends the edit instead of breaking the line, and Tab leaves the field as in any form.
 */
export function singleLine(onEnter: () => void): Extension {
  return [
    EditorState.transactionFilter.of((transaction) => {
      if (!transaction.docChanged || transaction.newDoc.lines === 1) return transaction;
      const joined = transaction.newDoc.toString().replace(/\r?\n/g, ' ');
      return [
        transaction,
        {
          changes: { from: 0, to: transaction.newDoc.length, insert: joined },
          selection: { anchor: Math.min(transaction.newSelection.main.head, joined.length) },
          sequential: true,
        },
      ];
    }),
    Prec.high(
      keymap.of([
        {
          key: 'Enter',
          run: () => {
            onEnter();
            return true;
          },
        },
        { key: 'ArrowUp', run: keepCompletionOpen },
        { key: 'ArrowDown', run: keepCompletionOpen },
      ]),
    ),
    EditorView.contentAttributes.of({ 'aria-multiline': 'false' }),
  ];
}
