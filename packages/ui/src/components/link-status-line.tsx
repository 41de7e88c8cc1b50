import type { LinkView } from '../api/types.js';
import { counted } from '../lib/format.js';
import { Icon } from './icons.js';

interface LinkStatusLineProps {
  link: LinkView | null;
  onShowProblems: () => void;
}

function folderName(folder: string): string {
  return (
    folder
      .split(/[\\/]/)
      .filter((part) => part !== '')
      .at(-1) ?? folder
  );
}

/** A linked project's folder, branch and changed files, and the files that could not be read, in one line. */
export function LinkStatusLine({ link, onShowProblems }: LinkStatusLineProps) {
  if (link === null || !link.linked) return null;
  const { git, problems } = link;
  return (
    <section className="link-status" aria-label="Linked folder">
      <span className="link-status-item link-status-folder" title={link.folder}>
        <Icon name="folder" size={13} />
        <span className="link-status-text">{folderName(link.folder)}</span>
      </span>
      {git === null ? null : git.repository ? (
        <>
          <span className="link-status-item" title={git.detached ? 'Detached HEAD at this commit' : 'Branch'}>
            <Icon name="branch" size={13} />
            <span className="link-status-text link-status-branch">{git.branch}</span>
          </span>
          <span className="link-status-item link-status-changed" title="Files changed since the last commit">
            {git.changed.length === 0 ? 'no changes' : `${git.changed.length} changed`}
          </span>
        </>
      ) : (
        <span className="link-status-item muted" title={git.reason}>
          not in git
        </span>
      )}
      {problems.length > 0 && (
        <button type="button" className="link-status-item link-status-problems" onClick={onShowProblems}>
          <Icon name="warning" size={13} />
          {counted(problems.length, 'file')} unreadable
        </button>
      )}
    </section>
  );
}
