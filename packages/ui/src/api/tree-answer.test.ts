import { describe, expect, it } from 'vitest';
import { readTreeAnswer } from './tree-answer.js';

describe('readTreeAnswer', () => {
  it('reads each endpoint row into a summary, in the order sent, and keeps the folders', () => {
    const folder = { id: 'f1', projectId: 'p', parentId: null, name: 'Users', createdAt: '', updatedAt: '' };
    expect(
      readTreeAnswer({
        folders: [folder],
        endpoints: [
          ['e2', 'f1', 'List users', 'GET', '/users', 'Released'],
          ['e1', null, 'Health', 'HEAD', '/health', 'Designing'],
        ],
      }),
    ).toEqual({
      folders: [folder],
      endpoints: [
        { id: 'e2', folderId: 'f1', name: 'List users', method: 'GET', path: '/users', state: 'Released' },
        { id: 'e1', folderId: null, name: 'Health', method: 'HEAD', path: '/health', state: 'Designing' },
      ],
    });
  });
});
