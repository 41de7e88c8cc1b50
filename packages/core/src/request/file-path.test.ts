import { describe, expect, it } from 'vitest';
import { isRelativeFilePath } from './file-path.js';

describe('isRelativeFilePath', () => {
  it.each(['photo.png', './body.json', '../up/x', '~user/x', 'C:file', ''])('calls %j relative', (path) => {
    expect(isRelativeFilePath(path)).toBe(true);
  });

  it.each(['/home/me/a.png', 'C:\\Users\\me\\a.png', 'd:/a', '\\\\server\\share\\a', '{{dir}}/a.png'])(
    'calls %j absolute',
    (path) => {
      expect(isRelativeFilePath(path)).toBe(false);
    },
  );
});
