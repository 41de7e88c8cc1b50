import { describe, expect, it } from 'vitest';
import { fileReferences } from './file-references.js';

describe('fileReferences', () => {
  it('names the file of a file body and each file part of a multipart body once', () => {
    expect(fileReferences({ mode: 'file', path: '/home/me/.ssh/id_ed25519' })).toEqual(['/home/me/.ssh/id_ed25519']);
    expect(
      fileReferences({
        mode: 'multipart',
        parts: [
          { name: 'a', file: '{{dir}}/a.png' },
          { name: 'note', value: 'hello' },
          { name: 'b', file: 'b.txt', contentType: 'text/plain' },
          { name: 'c', file: '{{dir}}/a.png' },
        ],
      }),
    ).toEqual(['{{dir}}/a.png', 'b.txt']);
  });

  it('names nothing for bodies that upload no file', () => {
    expect(fileReferences({ mode: 'none' })).toEqual([]);
    expect(fileReferences({ mode: 'json', text: '{"file":"@/etc/passwd"}' })).toEqual([]);
    expect(fileReferences({ mode: 'urlencoded', fields: [{ key: 'f', value: '@x' }] })).toEqual([]);
  });
});
