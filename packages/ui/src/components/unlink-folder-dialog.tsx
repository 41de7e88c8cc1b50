import { useSubmit } from '../hooks/use-submit.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

interface UnlinkFolderDialogProps {
  folder: string;
  onUnlink: () => Promise<void>;
  onClose: () => void;
}

/** Asks before a project stops being kept in its folder, saying that nothing is deleted on either side. */
export function UnlinkFolderDialog({ folder, onUnlink, onClose }: UnlinkFolderDialogProps) {
  const { busy, error, run } = useSubmit();
  return (
    <Dialog
      title="Unlink from folder"
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel="Unlink"
          onCancel={onClose}
          onConfirm={() => void run(onUnlink)}
          disabled={busy}
          autoFocus="confirm"
        />
      }
    >
      <p className="dialog-message">
        Stop keeping this project in <code>{folder}</code>? Its files stay in the folder as they are, and the project
        stays here with what it holds now. From then on, edits on either side are no longer carried over.
      </p>
      <FormError message={error} />
    </Dialog>
  );
}
