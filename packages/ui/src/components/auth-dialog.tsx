import type { EndpointAuth } from '@client/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import type { VariableScope } from '../lib/variables.js';
import { AuthEditor } from './auth-editor.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

interface AuthDialogProps {
  projectId: string;
  environmentId: string | null;
  /** The folder whose auth it is, with the folder it sits in; null: the project's own auth. */
  folder: { id: string; name: string; parentId: string | null } | null;
  scope: VariableScope;
  onClose: () => void;
}

/** The auth a folder or the project sets once for every request under it that inherits it. */
export function AuthDialog({ projectId, environmentId, folder, scope, onClose }: AuthDialogProps) {
  const [auth, setAuth] = useState<EndpointAuth | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const folderId = folder?.id ?? null;
  useEffect(() => {
    (folderId === null ? api.getProjectAuth(projectId) : api.getFolderAuth(folderId))
      .then(setAuth)
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [projectId, folderId, setError]);

  const save = (chosen: EndpointAuth) =>
    run(async () => {
      if (folder === null) await api.setProjectAuth(projectId, chosen);
      else await api.setFolderAuth(folder.id, chosen);
      onClose();
    });

  return (
    <Dialog
      title={folder === null ? 'Project auth' : `Auth of ${folder.name}`}
      subtitle="Sent by every request inside that is set to Inherit from parent, unless a folder nearer to it sets its own."
      width="wide"
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel="Save"
          onCancel={onClose}
          disabled={busy || auth === null}
          onConfirm={() => auth !== null && void save(auth)}
        />
      }
    >
      {auth !== null && (
        <AuthEditor
          auth={auth}
          scope={scope}
          level={folder === null ? 'project' : 'folder'}
          place={{ projectId, environmentId, folderId: folder?.parentId ?? null }}
          onChange={setAuth}
        />
      )}
      <FormError message={error} />
    </Dialog>
  );
}
