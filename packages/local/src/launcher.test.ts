import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBuild } from '../launcher.js';

let root: string;
let launcherUrl: string;
const paths = { bundle: '../dist/bundle/app.mjs', compiled: '../dist/cli.js', bundledPackages: ['core', 'app'] };

function touch(path: string, secondsAgo: number): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '');
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(path, when, when);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'client-launcher-'));
  launcherUrl = pathToFileURL(join(root, 'packages/app/bin/app.js')).href;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('currentBuild', () => {
  it('runs the bundle when it is newer than every compile of the packages it holds', () => {
    touch(join(root, 'packages/core/dist/.tsbuildinfo'), 60);
    touch(join(root, 'packages/app/dist/.tsbuildinfo'), 60);
    touch(join(root, 'packages/app/dist/bundle/app.mjs'), 10);
    expect(currentBuild(launcherUrl, paths)).toEqual({
      kind: 'bundle',
      url: pathToFileURL(join(root, 'packages/app/dist/bundle/app.mjs')).href,
    });
  });

  it('runs the compiled package when one of them was compiled after the bundle, or there is no bundle', () => {
    const compiled = { kind: 'compiled', url: pathToFileURL(join(root, 'packages/app/dist/cli.js')).href };
    expect(currentBuild(launcherUrl, paths)).toEqual(compiled);
    touch(join(root, 'packages/app/dist/bundle/app.mjs'), 60);
    touch(join(root, 'packages/core/dist/.tsbuildinfo'), 10);
    expect(currentBuild(launcherUrl, paths)).toEqual(compiled);
  });
});
