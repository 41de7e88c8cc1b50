import { useState } from 'react';
import { useSubmit } from '../hooks/use-submit.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

interface LinkFolderDialogProps {
  mode: 'link' | 'open';
  onSubmit: (folder: string) => Promise<void>;
  onClose: () => void;
}

const TEXT = {
  link: {
    title: 'Link to folder',
    confirm: 'Link',
    hint: 'An empty folder receives the project as files, one file per request; a folder that already holds a project’s files is read in. From then on the folder is the project: edits here are written to it, and edits there (an editor, git pull, a coding agent) appear here.',
  },
  open: {
    title: 'Open folder as project',
    confirm: 'Open',
    hint: 'A folder of a project’s files, as a repository carries them, becomes a project linked to it.',
  },
} as const;

/** Asks for the folder a project is linked to, or that is opened as a project. */
export function LinkFolderDialog({ mode, onSubmit, onClose }: LinkFolderDialogProps) {
  const [folder, setFolder] = useState('');
  const { busy, error, run } = useSubmit();
  const text = TEXT[mode];
  const submit = () => {
    if (folder.trim() !== '') void run(() => onSubmit(folder.trim()));
  };
  return (
    <Dialog
      title={text.title}
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel={text.confirm}
          onCancel={onClose}
          form="link-folder-form"
          disabled={busy || folder.trim() === ''}
        />
      }
    >
      <form
        id="link-folder-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="field">
          <span className="field-label">Folder</span>
          <input
            className="input input-mono"
            aria-label="Folder path"
            placeholder="/home/you/work/shop/api"
            spellCheck={false}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
          />
          <span className="field-hint">{text.hint}</span>
        </label>
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
