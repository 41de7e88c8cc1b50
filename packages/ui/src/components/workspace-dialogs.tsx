import type { ImportResult } from '@client/core';
import { lazy, type ReactNode, Suspense } from 'react';
import type { ProjectData } from '../hooks/use-project-data.js';
import { counted } from '../lib/format.js';
import type { VariableScope } from '../lib/variables.js';
import { AuthDialog } from './auth-dialog.js';
import { CookieJarDialog } from './cookie-jar-dialog.js';
import { ConfirmDialog } from './dialog.js';
import { EnvironmentsDialog } from './environments-dialog.js';
import { ImportCurlDialog } from './import-curl-dialog.js';
import { MoveDialog } from './move-dialog.js';
import { ProjectSettingsDialog } from './project-settings-dialog.js';
import type { TreeItemRef } from './sidebar-tree.js';

/** The script editors bring a JavaScript grammar: loaded when first opened. */
const ScriptsDialog = lazy(() => import('./scripts-dialog.js').then((module) => ({ default: module.ScriptsDialog })));

/** The one dialog of the workspace's own that is open, if any. */
export type OpenDialog =
  | { kind: 'import'; command?: string; folderId?: string | null }
  | { kind: 'settings' }
  | { kind: 'environments' }
  | { kind: 'cookies'; domain: string }
  | { kind: 'clear-history' }
  /** The auth a folder (or, for null, the project) sets for the requests that inherit it. */
  | { kind: 'auth'; folderId: string | null }
  /** The scripts a folder (or, for null, the project) runs around every request under it. */
  | { kind: 'scripts'; folderId: string | null }
  | null;

interface WorkspaceDialogsProps {
  projectId: string;
  data: ProjectData;
  /** The variables in use and their environment, for the auth dialog's fields and sign-in. */
  scope: VariableScope;
  environmentId: string | null;
  dialog: OpenDialog;
  onCloseDialog: () => void;
  onImported: (result: ImportResult) => void;
  onClearHistory: () => void;
  onProjectChanged: () => void;
  /** An item waiting for the Move dialog's answer, and what answering does. */
  moving: TreeItemRef | null;
  onMove: (item: TreeItemRef, folderId: string | null) => void;
  onCancelMove: () => void;
  /** An item waiting for the delete confirmation. */
  deleting: TreeItemRef | null;
  onDelete: (item: TreeItemRef) => void;
  onCancelDelete: () => void;
  /** A tab with unsaved edits waiting for "Discard changes?". */
  closingTab: string | null;
  onDiscardTab: (endpointId: string) => void;
  onKeepTab: () => void;
  /** The upload-consent question, while one is asked. */
  uploadConsent: ReactNode;
  /** Says that something was saved. */
  onSaved: (message: string) => void;
}

/** Every dialog the workspace can show, each rendered while its state says it is open. */
export function WorkspaceDialogs(props: WorkspaceDialogsProps) {
  const { projectId, data, dialog, onCloseDialog, moving, deleting, closingTab } = props;
  const { tree, detail, environments } = data;
  const movingFolderId =
    moving === null
      ? null
      : moving.kind === 'folder'
        ? (tree?.folders.find((folder) => folder.id === moving.id)?.parentId ?? null)
        : (tree?.endpoints.find((endpoint) => endpoint.id === moving.id)?.folderId ?? null);
  const scriptsFolder =
    dialog?.kind === 'scripts' && dialog.folderId !== null
      ? tree?.folders.find((folder) => folder.id === dialog.folderId)
      : undefined;
  return (
    <>
      {dialog?.kind === 'import' && (
        <ImportCurlDialog
          projectId={projectId}
          folders={tree?.folders ?? []}
          initialCommand={dialog.command ?? ''}
          initialFolderId={dialog.folderId ?? null}
          onImported={props.onImported}
          onClose={onCloseDialog}
        />
      )}
      {dialog?.kind === 'settings' && detail !== null && (
        <ProjectSettingsDialog
          detail={detail}
          scope={props.scope}
          onSaved={() => {
            void data.reloadDetail();
            props.onProjectChanged();
          }}
          onClose={onCloseDialog}
        />
      )}
      {dialog?.kind === 'environments' && environments !== null && (
        <EnvironmentsDialog
          projectId={projectId}
          view={environments}
          onChanged={data.reloadEnvironments}
          onClose={onCloseDialog}
        />
      )}
      {dialog?.kind === 'auth' && (
        <AuthDialog
          projectId={projectId}
          environmentId={props.environmentId}
          folder={
            dialog.folderId === null ? null : (tree?.folders.find((folder) => folder.id === dialog.folderId) ?? null)
          }
          scope={props.scope}
          onClose={onCloseDialog}
        />
      )}
      {dialog?.kind === 'scripts' && (dialog.folderId === null || scriptsFolder !== undefined) && (
        <Suspense fallback={null}>
          <ScriptsDialog
            projectId={projectId}
            folder={scriptsFolder ?? null}
            scope={props.scope}
            onClose={onCloseDialog}
            onSaved={props.onSaved}
          />
        </Suspense>
      )}
      {dialog?.kind === 'cookies' && (
        <CookieJarDialog projectId={projectId} defaultDomain={dialog.domain} onClose={onCloseDialog} />
      )}
      {dialog?.kind === 'clear-history' && (
        <ConfirmDialog
          title="Clear history"
          message={`Delete the ${counted(data.history.length, 'sent request')} kept in this project’s history? This cannot be undone.`}
          confirmLabel="Clear history"
          onCancel={onCloseDialog}
          onConfirm={() => {
            onCloseDialog();
            props.onClearHistory();
          }}
        />
      )}
      {moving !== null && (
        <MoveDialog
          item={moving}
          currentFolderId={movingFolderId}
          folders={tree?.folders ?? []}
          onMove={(folderId) => props.onMove(moving, folderId)}
          onClose={props.onCancelMove}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          title={deleting.kind === 'folder' ? 'Delete folder' : 'Delete endpoint'}
          message={
            deleting.kind === 'folder'
              ? `Delete the folder “${deleting.name}” with every folder and endpoint inside it? This cannot be undone.`
              : `Delete “${deleting.name}”? This cannot be undone.`
          }
          confirmLabel="Delete"
          onCancel={props.onCancelDelete}
          onConfirm={() => props.onDelete(deleting)}
        />
      )}
      {props.uploadConsent}
      {closingTab !== null && (
        <ConfirmDialog
          title="Discard changes?"
          message="This tab has unsaved changes. Close it and lose them?"
          confirmLabel="Discard"
          onCancel={props.onKeepTab}
          onConfirm={() => props.onDiscardTab(closingTab)}
        />
      )}
    </>
  );
}
