import { createLineLogger } from '../runtime/line-logger.js';
import { type RunningApp, startApp } from '../runtime/start-app.js';
import type { CliOutput } from './cli-output.js';
import type { CliInstall } from './install-location.js';

export interface RunOptions {
  /** Headless: no window. Until the UI ships the app is headless either way. */
  noWindow: boolean;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Resolves with the first stop signal. A second one while the app is stopping cuts the shutdown short,
 * for a person who does not want to wait for in-flight requests.
 */
function waitForStopSignal(output: CliOutput): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      for (const name of STOP_SIGNALS) {
        process.once(name, () => {
          output.err('client: stopped without waiting for in-flight requests\n');
          process.exit(1);
        });
      }
      resolve(signal);
    };
    for (const name of STOP_SIGNALS) process.on(name, onSignal);
  });
}

function printBanner(output: CliOutput, app: RunningApp): void {
  const lines = [`Client ${app.version} (${app.flavor})`];
  if (app.tokenNotice !== null) lines.push(`Notice: ${app.tokenNotice}`);
  lines.push(`Data dir: ${app.paths.dataDir}`, `Token: ${app.paths.tokenPath}`);
  const { controlPlane } = app;
  lines.push(`Control plane: ${controlPlane.running ? controlPlane.address : `down — ${controlPlane.reason}`}`);
  lines.push('UI: not part of this build yet; the app runs headless', 'Press Ctrl-C to stop.');
  output.out(`${lines.join('\n')}\n`);
}

/**
 * `client`: runs the app until Ctrl-C or SIGTERM, then shuts down cleanly. On a data dir where the app
 * already runs it starts nothing, says where the running one is, and exits 0.
 */
export async function runApp(install: CliInstall, _options: RunOptions, output: CliOutput): Promise<number> {
  const result = await startApp({
    dataDir: install.dataDir,
    flavor: install.flavor,
    log: createLineLogger(output.err),
  });
  if (!result.started) {
    const { holder, agentInfo } = result;
    const where =
      agentInfo === null || agentInfo.pid !== holder.pid
        ? 'its control plane is not running (`client status` says why)'
        : `its control plane is at http://127.0.0.1:${agentInfo.port}`;
    output.out(`Client is already running (pid ${holder.pid}) on data dir ${install.dataDir}; ${where}\n`);
    return 0;
  }
  const { app } = result;
  // The control plane's socket keeps the process alive, but it may be down; this keeps it alive regardless.
  const keepAlive = setInterval(() => {}, 1 << 30);
  try {
    printBanner(output, app);
    const signal = await waitForStopSignal(output);
    output.out(`Stopping (${signal})…\n`);
    await app.close();
    output.out('Stopped.\n');
    return 0;
  } finally {
    clearInterval(keepAlive);
  }
}
