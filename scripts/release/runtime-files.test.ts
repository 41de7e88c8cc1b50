import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { appBundleOptions } from '../../packages/app/scripts/bundle-app.mjs';
import { shipRuntimeFiles } from './runtime-files.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'sandbox-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A program that runs one Postman script in the sandbox and prints its result. */
const ENTRY = `
import { RunVariables, ScriptSession } from ${JSON.stringify(join(repoRoot, 'packages', 'runner', 'src', 'index.ts'))};
const session = await ScriptSession.create();
const result = await session.run({
  event: 'test',
  source: "pm.test('status', () => pm.response.to.have.status(200)); pm.test('body', () => pm.expect(pm.response.json().ok).to.equal(false));",
  request: { id: 'r', name: 'r', method: 'GET', url: 'http://127.0.0.1/', headers: [], body: { mode: 'none' } },
  response: { code: 200, status: 'OK', headers: [], body: '{"ok":true}', responseTime: 1, size: 11 },
  variables: new RunVariables(),
});
process.stdout.write(JSON.stringify(result.tests));
`;

describe('the script sandbox in a bundle', () => {
  it('runs from a bundle laid out as the release lays it out, away from the checkout', {
    timeout: 120_000,
  }, async () => {
    const app = join(work, 'app');
    const entry = join(work, 'entry.ts');
    writeFileSync(entry, ENTRY);
    const bundledPackages = new Set<string>();
    await build({
      ...appBundleOptions({ sourceRoot: '.', bundledPackages }),
      entryPoints: [entry],
      outfile: join(app, 'sandbox.mjs'),
    });
    // As scripts/package-deb.mjs does: each bundled package's manifest, then the files it reads at run time.
    for (const name of bundledPackages) {
      cpSync(join(repoRoot, 'packages', name, 'package.json'), join(app, 'packages', name, 'package.json'));
    }
    shipRuntimeFiles(repoRoot, app, [...bundledPackages]);
    expect(
      existsSync(join(app, 'node_modules', '@jitl', 'quickjs-wasmfile-release-sync', 'dist', 'emscripten-module.wasm')),
    ).toBe(true);
    expect(existsSync(join(app, 'packages', 'runner', 'node_modules', 'chai', 'chai.js'))).toBe(true);

    const { stdout } = await promisify(execFile)(process.execPath, [join(app, 'sandbox.mjs')], { cwd: work });
    expect(JSON.parse(stdout)).toEqual([
      { name: 'status', passed: true },
      { name: 'body', passed: false, error: { name: 'AssertionError', message: 'expected true to equal false' } },
    ]);
  });
});
