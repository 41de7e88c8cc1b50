import type { EndpointScripts } from '@client/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import type { VariableScope } from '../lib/variables.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';
import { ScriptsEditor } from './scripts-editor.js';

interface ScriptsDialogProps {
  projectId: string;
  /** The folder whose scripts they are; null: the project's own. */
  folder: { id: string; name: string } | null;
  scope: VariableScope;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Scripts a folder or the project runs around every request under it, before the requests' own. */
export function ScriptsDialog({ projectId, folder, scope, onClose, onSaved }: ScriptsDialogProps) {
  // undefined: not read yet; null: none.
  const [scripts, setScripts] = useState<EndpointScripts | null | undefined>(undefined);
  const { busy, error, setError, run } = useSubmit();
  const folderId = folder?.id ?? null;
  useEffect(() => {
    (folderId === null ? api.getProjectScripts(projectId) : api.getFolderScripts(folderId))
      .then(setScripts)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [projectId, folderId, setError]);

  const owner = folder === null ? 'project' : `folder ${folder.name}`;
  const save = () =>
    run(async () => {
      const chosen = scripts ?? null;
      if (folder === null) await api.setProjectScripts(projectId, chosen);
      else await api.setFolderScripts(folder.id, chosen);
      onSaved(folder === null ? 'Saved the project’s scripts' : `Saved the scripts of ${folder.name}`);
      onClose();
    });

  return (
    <Dialog
      title={folder === null ? 'Project scripts' : `Scripts of ${folder.name}`}
      subtitle={
        folder === null
          ? 'Run around every request of the project, before the scripts of its folders and its own.'
          : 'Run around every request inside this folder, after the project’s scripts and before the request’s own.'
      }
      width="wide"
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel="Save"
          onCancel={onClose}
          disabled={busy || scripts === undefined}
          onConfirm={() => void save()}
        />
      }
    >
      {scripts !== undefined && (
        <ScriptsEditor
          scripts={scripts ?? undefined}
          owner={owner}
          scope={scope}
          onChange={(next) => setScripts(next ?? null)}
        />
      )}
      <FormError message={error} />
    </Dialog>
  );
}
