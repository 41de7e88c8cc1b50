import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SANDBOX_FILES } from './quickjs-loader.js';

describe('the sandbox’s run-time files', () => {
  it('are the ones the manifest lists for the release to ship', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      clientRuntimeFiles: string[];
    };
    expect(manifest.clientRuntimeFiles).toEqual(Object.values(SANDBOX_FILES));
  });
});
