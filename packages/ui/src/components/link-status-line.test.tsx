import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileConflictDialog } from './file-conflict-dialog.js';
import { LinkStatusLine } from './link-status-line.js';

afterEach(cleanup);

describe('LinkStatusLine', () => {
  it('draws nothing for a project kept only in the database', () => {
    const { container } = render(<LinkStatusLine link={{ linked: false }} onShowProblems={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('names the folder, the branch and how many files changed, and opens the unreadable files', () => {
    const onShowProblems = vi.fn();
    render(
      <LinkStatusLine
        link={{
          linked: true,
          folder: '/work/shop/api',
          git: {
            repository: true,
            branch: 'feature/orders',
            detached: false,
            changed: [
              { file: 'a.yml', change: 'modified' },
              { file: 'b.yml', change: 'untracked' },
            ],
          },
          changedEndpointIds: ['e1'],
          problems: [{ file: 'broken.yml', line: 2, message: 'bad' }],
        }}
        onShowProblems={onShowProblems}
      />,
    );
    const line = screen.getByRole('region', { name: 'Linked folder' });
    expect(line.textContent).toContain('api');
    expect(line.textContent).toContain('feature/orders');
    expect(line.textContent).toContain('2 changed');
    fireEvent.click(screen.getByRole('button', { name: /1 file unreadable/ }));
    expect(onShowProblems).toHaveBeenCalledTimes(1);
  });

  it('says when the folder is not in a git repository', () => {
    render(
      <LinkStatusLine
        link={{
          linked: true,
          folder: '/tmp/x',
          git: { repository: false, reason: 'fatal: not a git repository' },
          changedEndpointIds: [],
          problems: [],
        }}
        onShowProblems={() => undefined}
      />,
    );
    expect(screen.getByText('not in git').getAttribute('title')).toBe('fatal: not a git repository');
  });
});

describe('FileConflictDialog', () => {
  it('starts on Keep my edits, and Escape keeps them too', () => {
    const onKeepMine = vi.fn();
    const onTakeTheFiles = vi.fn();
    render(<FileConflictDialog name="orders" onKeepMine={onKeepMine} onTakeTheFiles={onTakeTheFiles} />);
    expect(screen.getByRole('dialog', { name: '“orders” changed on disk' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep my edits' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onKeepMine).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Take the file’s' }));
    expect(onTakeTheFiles).toHaveBeenCalledTimes(1);
  });
});
