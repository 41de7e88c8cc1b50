import type { FolderProblem } from '../api/types.js';
import { Dialog } from './dialog.js';

interface FolderProblemsDialogProps {
  folder: string;
  problems: readonly FolderProblem[];
  onClose: () => void;
}

/** The files of a linked folder that could not be read: each left as it is on disk, with where it went wrong. */
export function FolderProblemsDialog({ folder, problems, onClose }: FolderProblemsDialogProps) {
  return (
    <Dialog
      title="Files that could not be read"
      subtitle={
        <>
          In <code>{folder}</code>. They are left as they are; fix a file and it is read again.
        </>
      }
      width="wide"
      onClose={onClose}
    >
      {problems.length === 0 ? (
        <p className="muted">Every file of the folder reads.</p>
      ) : (
        <ul className="folder-problems" aria-label="Unreadable files">
          {problems.map((problem) => (
            <li key={`${problem.file}:${problem.line ?? ''}`} className="folder-problem">
              <span className="folder-problem-place">
                <code>{problem.file}</code>
                {problem.line !== undefined && <span className="muted">line {problem.line}</span>}
              </span>
              <span className="folder-problem-message">{problem.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
