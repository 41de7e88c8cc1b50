import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appNodeFlags } from '../packages/app/scripts/node-flags.mjs';

const repoRoot = join(import.meta.dirname, '..');

describe('the Node options the app runs with', () => {
  it('are the options in the shebang of bin/client.js, which V8 accepts', () => {
    const flags = appNodeFlags();
    expect(flags).toEqual(['--max-semi-space-size=1']);
    const v8Options = new Set(process.allowedNodeEnvironmentFlags);
    for (const flag of flags) expect(v8Options.has(flag.split('=')[0] ?? '')).toBe(true);
  });

  it('apply to `npm start`, which runs bin/client.js itself rather than through `node`', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe('packages/app/bin/client.js');
  });
});
