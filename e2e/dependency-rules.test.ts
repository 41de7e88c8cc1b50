import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED_DEPENDENCIES, findViolations } from './support/dependency-rules.js';
import { coreValueImports, UI_VALUES_FROM_CORE } from './support/ui-core-imports.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'client-deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('the dependency rules (docs/ARCHITECTURE.md#dependency-rules)', () => {
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

  it('reject a cycle between two modules of one package', async () => {
    const root = join(scratch, 'cycle');
    writeTree(root, {
      'packages/store/src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'packages/store/src/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(new Set(violations.map((v) => v.rule))).toEqual(new Set(['no-cycles']));
  });

  it('reject an import that resolves to nothing', async () => {
    const root = join(scratch, 'unresolvable');
    writeTree(root, { 'packages/store/src/a.ts': "import { gone } from './gone.js';\nexport const a = gone;\n" });
    const violations = await findViolations(root, ['packages']);
    expect(violations).toEqual([{ rule: 'no-unresolvable-imports', from: 'packages/store/src/a.ts', to: './gone.js' }]);
  });

  it('reject an npm package in core', async () => {
    const root = join(scratch, 'npm-in-core');
    writeTree(root, {
      'node_modules/left-pad/package.json': '{"name":"left-pad","version":"1.0.0","main":"index.js"}\n',
      'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
      'packages/core/src/pad.ts': "import pad from 'left-pad';\nexport const p = pad;\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(violations.map((v) => v.rule)).toEqual(['core-imports-only-core']);
  });

  it('reject the app importing the MCP server package', async () => {
    const root = join(scratch, 'app-mcp');
    writeTree(root, {
      'packages/mcp/src/index.ts': 'export const serve = () => 1;\n',
      'packages/app/src/uses-mcp.ts': "import { serve } from '../../mcp/src/index.js';\nexport const s = serve;\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(violations.map((v) => v.rule)).toEqual([
      'app-imports-only-core-store-local-secrets-http-runner-control-plane-ui',
    ]);
  });

  it('reject the sending engine importing the store or the secrets, which it is handed values from', async () => {
    const root = join(scratch, 'http-store');
    writeTree(root, {
      'packages/store/src/index.ts': 'export const open = () => 1;\n',
      'packages/secrets/src/index.ts': 'export const decrypt = (s: string) => s;\n',
      'packages/http/src/reads.ts':
        "import { open } from '../../store/src/index.js';\nimport { decrypt } from '../../secrets/src/index.js';\nexport const r = [open, decrypt];\n",
    });
    const violations = await findViolations(root, ['packages']);
    expect(violations.map((v) => v.rule)).toEqual(['http-imports-only-core', 'http-imports-only-core']);
  });

  it('let the UI take from core only the values written down, and any type', () => {
    const taken = coreValueImports(repoRoot, 'packages/ui/src');
    expect(taken.filter(({ name }) => !UI_VALUES_FROM_CORE.includes(name))).toEqual([]);
    // The list stays exact: a value the UI stopped using leaves it.
    expect(new Set(taken.map(({ name }) => name))).toEqual(new Set(UI_VALUES_FROM_CORE));
  });

  it('catch a UI value import from core that is not written down, a namespace import and a re-export', () => {
    const root = join(scratch, 'ui-core');
    writeTree(root, {
      'packages/ui/src/a.tsx':
        "import { type Endpoint, parseCurl } from '@client/core';\nimport type { Folder } from '@client/core';\n",
      'packages/ui/src/b.ts': "import * as core from '@client/core';\nexport { splitUrl } from '@client/core';\n",
    });
    expect(coreValueImports(root, 'packages/ui/src')).toEqual([
      { file: 'packages/ui/src/a.tsx', name: 'parseCurl' },
      { file: 'packages/ui/src/b.ts', name: '*' },
      { file: 'packages/ui/src/b.ts', name: 'splitUrl' },
    ]);
  });

  it('read list and string elements through a check, never by casting an index access (`x[i] as string`)', () => {
    const cast = /\]\s+as\s+string\b/;
    const offenders = readdirSync(join(repoRoot, 'packages'), { recursive: true, encoding: 'utf8' })
      // The generator's template and capability files are a generated project's code, held to its own rules.
      .filter(
        (path) => /(^|\/)src\/.*\.tsx?$/.test(path) && !/(^|\/)(dist|node_modules|template|capabilities)\//.test(path),
      )
      .filter((path) => cast.test(readFileSync(join(repoRoot, 'packages', path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('match the workspace dependencies each package.json declares', () => {
    for (const dir of readdirSync(join(repoRoot, 'packages'))) {
      const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8'));
      const ours = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
        .filter((name) => name.startsWith('@client/'))
        .map((name) => name.slice('@client/'.length));
      const allowed = ALLOWED_DEPENDENCIES[dir];
      expect(
        allowed,
        `packages/${dir} has no row in ALLOWED_DEPENDENCIES (docs/ARCHITECTURE.md#packages-and-layers)`,
      ).toBeDefined();
      expect(
        ours.filter((name) => !allowed?.includes(name)),
        `packages/${dir}/package.json`,
      ).toEqual([]);
    }
  });
});
