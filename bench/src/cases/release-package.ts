import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { agentRequest, createDataDir, startAppProcess } from '../../../e2e/support/app-process.js';
import type { BenchCase, Measurement } from '../runner/bench-case.js';
import { REPO_ROOT } from '../runner/paths.js';
import { median } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const run = promisify(execFile);
const STARTS = 10;
const MIB = 1024 * 1024;
/** The release's budgets: what a person downloads, and what the package takes on disk once installed. */
const DOWNLOAD_BUDGET_MIB = 35;
const INSTALLED_BUDGET_MB = 120;

async function firstHealthy(port: number | null, token: string | null): Promise<void> {
  if (port === null) throw new Error('the control plane is down');
  const answer = await agentRequest(port, 'GET', '/agent/health', { token });
  if (answer.status !== 200) throw new Error(`health answered ${answer.status}: ${answer.text}`);
}

interface Built {
  /** Each artifact the script wrote, by its extension (`.deb`, `.tar.xz`, `.zip`, `.msi`). */
  files: Map<string, string>;
  seconds: number;
  how: string;
}

/** Runs one package script (or copies its artifacts from the build cache) and says how long that took and which. */
async function buildRelease(script: string): Promise<Built> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'scripts', script)], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * MIB,
  });
  const seconds = (performance.now() - started) / 1000;
  const files = new Map<string, string>();
  for (const [, file] of stdout.matchAll(/^wrote (\S+) \(/gm)) {
    const extension = /(\.tar\.xz|\.[a-z]+)$/.exec(file ?? '')?.[1];
    if (file !== undefined && extension !== undefined) files.set(extension, join(REPO_ROOT, file));
  }
  if (files.size === 0) throw new Error(`${script} named no artifact:\n${stdout}`);
  const how = stdout.includes('copied from the build cache') ? 'copied from the build cache' : 'built';
  return { files, seconds, how };
}

function artifact(built: Built, extension: string): string {
  const file = built.files.get(extension);
  if (file === undefined) throw new Error(`no ${extension} among ${[...built.files.values()]}`);
  return file;
}

/** One artifact's download size against the .deb's budget. */
function downloadSize(id: string, file: string, built: Built, what: string): Measurement {
  return {
    id,
    value: statSync(file).size / MIB,
    unit: 'MiB',
    baseline: { name: 'download budget', value: DOWNLOAD_BUDGET_MIB },
    goal: { comparison: '<=', ratio: 1 },
    note: `${what}, ${built.how} in ${built.seconds.toFixed(1)} s`,
  };
}

/**
 * The release packages: `package-size` is the .deb's download size and `package-size-installed` its Installed-Size,
 * each against the release's budget, and `package-size-<platform>-<format>` every other artifact's download size
 * against the same budget; `cold-start-packaged` is the packaged app on the packaged runtime, spawned until
 * its first 200 from /agent/health, against that runtime running a bare node:http server (median of 10 starts
 * each, in turns, on a returning user's data dir). The build time (or the cache copy's) is printed and noted.
 */
export const releasePackage: BenchCase = {
  ids: [
    'package-size',
    'package-size-installed',
    'package-size-linux-tar-xz',
    'package-size-macos-zip',
    'package-size-windows-zip',
    'package-size-windows-msi',
    'cold-start-packaged',
  ],
  async run(context) {
    const build = await buildRelease('package-deb.mjs');
    const deb = artifact(build, '.deb');
    const macos = await buildRelease('package-macos.mjs');
    const windows = await buildRelease('package-windows.mjs');
    for (const [platform, built] of Object.entries({ linux: build, macos, windows })) {
      context.log(`  ${platform} packages ${built.how} in ${built.seconds.toFixed(1)} s`);
    }
    const extracted = mkdtempSync(join(tmpdir(), 'bench-release-'));
    try {
      await run('dpkg-deb', ['-x', deb, extracted]);
      const installedKiB = Number((await run('dpkg-deb', ['--field', deb, 'Installed-Size'])).stdout.trim());
      const node = join(extracted, 'usr/lib/client/node');
      const cli = join(extracted, 'usr/lib/client/app/cli.mjs');
      const dataDir = createDataDir();
      const startApp = async (): Promise<number> => {
        const started = performance.now();
        const app = await startAppProcess({ dataDir, node, entry: cli });
        await firstHealthy(app.port, app.token);
        const ms = performance.now() - started;
        await app.stop();
        return ms;
      };
      const startBare = async (): Promise<number> => {
        const started = performance.now();
        const bare = await startBareServer('bare-json-server', [], node);
        await firstHealthy(bare.port, null);
        const ms = performance.now() - started;
        await bare.stop();
        return ms;
      };
      await startBare();
      await startApp();
      const ours: number[] = [];
      const baseline: number[] = [];
      for (let start = 0; start < STARTS; start++) {
        baseline.push(await startBare());
        ours.push(await startApp());
      }
      context.log(`  packaged client: ${ours.map((ms) => Math.round(ms)).join(' ')} ms`);
      context.log(`  packaged bare:   ${baseline.map((ms) => Math.round(ms)).join(' ')} ms`);
      const measurements: Measurement[] = [
        downloadSize('package-size', deb, build, 'the xz-compressed .deb'),
        {
          id: 'package-size-installed',
          value: (installedKiB * 1024) / 1e6,
          unit: 'MB',
          baseline: { name: 'installed budget', value: INSTALLED_BUDGET_MB },
          goal: { comparison: '<=', ratio: 1 },
          note: 'Installed-Size of the .deb',
        },
        downloadSize('package-size-linux-tar-xz', artifact(build, '.tar.xz'), build, 'the portable Linux archive'),
        downloadSize('package-size-macos-zip', artifact(macos, '.zip'), macos, 'Client.app zipped (deflate)'),
        downloadSize('package-size-windows-zip', artifact(windows, '.zip'), windows, 'the install folder zipped'),
        downloadSize('package-size-windows-msi', artifact(windows, '.msi'), windows, 'the installer (MSZIP cabinet)'),
        {
          id: 'cold-start-packaged',
          value: median(ours),
          unit: 'ms',
          baseline: { name: 'packaged runtime, bare node:http server spawn → first 200', value: median(baseline) },
          goal: { comparison: '<=', ratio: 4 },
          note: `median of ${STARTS} starts each, in turns, the .deb's app and runtime`,
        },
      ];
      return measurements;
    } finally {
      rmSync(extracted, { recursive: true, force: true });
    }
  },
};
