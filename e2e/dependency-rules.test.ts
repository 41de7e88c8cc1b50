import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED_DEPENDENCIES, findViolations } from './support/dependency-rules.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'client-deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('dependency rules of DESIGN §2', () => {
  it('hold for every package in the repository', async () => {
    const violations = await findViolations(repoRoot, ['packages']);
    expect(violations).toEqual([]);
  });

  it('reject the control plane importing the secrets package', async () => {
    const root = join(scratch, 'leak');
    writeTree(root, {
      'packages/secrets/src/index.ts': 'export const decrypt = (s: string) => s;\n',
      'packages/control-plane/src/leak.ts':
        "import { decrypt } from '../../secrets/src/index.js';\nexport const x = decrypt('a');\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(violations).toEqual([
      {
        rule: 'control-plane-imports-only-core-store-local',
        from: 'packages/control-plane/src/leak.ts',
        to: 'packages/secrets/src/index.ts',
      },
    ]);
  });

  it('reject I/O in core', async () => {
    const root = join(scratch, 'io');
    writeTree(root, {
      'packages/core/src/read.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(violations.map((v) => v.rule)).toEqual(['core-does-no-io']);
  });

  it('match the workspace dependencies each package.json declares', () => {
    for (const dir of readdirSync(join(repoRoot, 'packages'))) {
      const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8'));
      const ours = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
        .filter((name) => name.startsWith('@client/'))
        .map((name) => name.slice('@client/'.length));
      const allowed = ALLOWED_DEPENDENCIES[dir];
      expect(allowed, `packages/${dir} is not in the table of DESIGN §2`).toBeDefined();
      expect(
        ours.filter((name) => !allowed?.includes(name)),
        `packages/${dir}/package.json`,
      ).toEqual([]);
    }
  });
});
