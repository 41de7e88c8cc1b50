import { Dialog } from './dialog.js';

interface FileConflictDialogProps {
  name: string;
  onKeepMine: () => void;
  onTakeTheFiles: () => void;
}

/**
 * A request's file changed on disk while its tab held unsaved edits: the person says which to keep. Closing the
 * question keeps the edits, so nothing typed is lost by a stray Escape.
 */
export function FileConflictDialog({ name, onKeepMine, onTakeTheFiles }: FileConflictDialogProps) {
  return (
    <Dialog
      title={`“${name}” changed on disk`}
      onClose={onKeepMine}
      footer={
        <>
          <button type="button" className="button" onClick={onTakeTheFiles}>
            Take the file’s
          </button>
          <button type="button" className="button button-primary" onClick={onKeepMine} data-autofocus>
            Keep my edits
          </button>
        </>
      }
    >
      <p className="dialog-message">
        Its file was changed outside the window (an editor, <code>git</code>, an agent) while you have unsaved edits
        here. Keep your edits and Save writes them over the file, or take the file’s version and drop your edits.
      </p>
    </Dialog>
  );
}
