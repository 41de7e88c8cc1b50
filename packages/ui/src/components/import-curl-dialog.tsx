import type { Folder, ImportResult } from '@client/core';
import { useState } from 'react';
import { api } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import { folderPaths } from '../lib/tree.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

interface ImportCurlDialogProps {
  projectId: string;
  folders: readonly Folder[];
  initialCommand?: string;
  initialFolderId?: string | null;
  onImported: (result: ImportResult) => void;
  onClose: () => void;
}

/** Paste a cURL command; the app imports it exactly as an agent's import would be. */
export function ImportCurlDialog({
  projectId,
  folders,
  initialCommand = '',
  initialFolderId = null,
  onImported,
  onClose,
}: ImportCurlDialogProps) {
  const [command, setCommand] = useState(initialCommand);
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState(initialFolderId ?? '');
  const { busy, error, run } = useSubmit();

  const submit = () =>
    run(async () => {
      const input: { command: string; name?: string; folderId?: string } = { command };
      if (name.trim() !== '') input.name = name.trim();
      if (folderId !== '') input.folderId = folderId;
      onImported(await api.importCurl(projectId, input));
    });

  return (
    <Dialog
      title="Import from cURL"
      subtitle="Paste a command copied from a terminal, the docs, or the browser's network panel."
      width="wide"
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel={busy ? 'Importing…' : 'Import'}
          onCancel={onClose}
          disabled={busy || command.trim() === ''}
          onConfirm={() => void submit()}
        />
      }
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span className="field-label">cURL command</span>
          <textarea
            className="code-input code-input-short"
            aria-label="cURL command"
            spellCheck={false}
            placeholder={
              'curl -X POST https://api.example.com/users \\\n  -H \'Content-Type: application/json\' \\\n  -d \'{"name": "Ada"}\''
            }
            value={command}
            onChange={(event) => setCommand(event.target.value)}
            onKeyDown={(event) => {
              if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
                event.preventDefault();
                void submit();
              }
            }}
            data-autofocus
          />
        </label>
        <div className="form-row">
          <label className="field">
            <span className="field-label">Name (optional)</span>
            <input
              className="input"
              aria-label="Name"
              placeholder="From the last path segment"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Folder</span>
            <select
              className="select"
              aria-label="Folder"
              value={folderId}
              onChange={(event) => setFolderId(event.target.value)}
            >
              <option value="">Project root</option>
              {folderPaths(folders).map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
