import type { Folder } from '@client/core';
import { useState } from 'react';
import { folderPaths, folderWithDescendants } from '../lib/tree.js';
import { Dialog } from './dialog.js';
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
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={target === (currentFolderId ?? '')}
            onClick={() => onMove(target === '' ? null : target)}
          >
            Move
          </button>
        </>
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
