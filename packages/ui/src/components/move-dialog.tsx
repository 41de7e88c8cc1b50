import type { Folder } from '@client/core';
import { useState } from 'react';
import { folderPaths, folderWithDescendants } from '../lib/tree.js';
import { Dialog, DialogActions } from './dialog.js';
import type { TreeItemRef } from './sidebar-tree.js';

interface MoveDialogProps {
  item: TreeItemRef;
  currentFolderId: string | null;
  folders: readonly Folder[];
  onMove: (folderId: string | null) => void;
  onClose: () => void;
}

export function MoveDialog({ item, currentFolderId, folders, onMove, onClose }: MoveDialogProps) {
  const excluded = item.kind === 'folder' ? folderWithDescendants(folders, item.id) : new Set<string>();
  const [target, setTarget] = useState(currentFolderId ?? '');
  return (
    <Dialog
      title={`Move “${item.name}”`}
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel="Move"
          onCancel={onClose}
          disabled={target === (currentFolderId ?? '')}
          onConfirm={() => onMove(target === '' ? null : target)}
        />
      }
    >
      <label className="field">
        <span className="field-label">Destination</span>
        <select className="select" aria-label="Destination" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Project root</option>
          {folderPaths(folders)
            .filter((folder) => !excluded.has(folder.id))
            .map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.label}
              </option>
            ))}
        </select>
      </label>
    </Dialog>
  );
}
