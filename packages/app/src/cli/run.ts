import { readUiInfo, type UiInfo } from '@client/local';
import { createLineLogger } from '../runtime/line-logger.js';
import { resolveMcpCommand } from '../runtime/mcp-command.js';
import { type EarlyStatus, type RunningApp, startApp } from '../runtime/start-app.js';
import { keepYoungGenerationSmall, setReadyFlags } from '../runtime/v8-flags.js';
import type { WindowLaunch } from '../window/index.js';
import type { CliOutput } from './cli-output.js';
import type { CliInstall } from './install-location.js';
import { waitForStopSignal } from './stop-signal.js';

export interface RunOptions {
  /** Headless: the UI server runs and its address is printed, but no window opens. */
  noWindow: boolean;
}

/** The banner's first part, printed as soon as agents can reach the app, before the UI server has started. */
function printControlPlane(output: CliOutput, app: EarlyStatus): void {
  const lines = [`Client ${app.version} (${app.flavor})`];
  if (app.tokenNotice !== null) lines.push(`Notice: ${app.tokenNotice}`);
  lines.push(`Data dir: ${app.paths.dataDir}`, `Token: ${app.paths.tokenPath}`);
  const { controlPlane } = app;
  lines.push(`Control plane: ${controlPlane.running ? controlPlane.address : `down — ${controlPlane.reason}`}`);
  output.out(`${lines.join('\n')}\n`);
}

function printUi(output: CliOutput, app: RunningApp): void {
  output.out(`${app.ui === null ? '' : `UI: ${app.ui.url}\n`}Press Ctrl-C to stop.\n`);
}

function windowLine(launch: WindowLaunch): string {
  switch (launch.kind) {
    case 'app-window':
      return `Window: opened with ${launch.browser}\n`;
    case 'default-browser':
      return 'Window: opened in the default browser\n';
    case 'no-display':
      return 'Window: no graphical display here; open the UI address above in a browser\n';
    case 'failed':
      return `Window: could not be opened (${launch.reason}); open the UI address above in a browser\n`;
  }
}

/** Loaded only when a window is opened: `--no-window` never needs the code that finds and launches a browser. */
async function openWindow(url: string, dataDir: string): Promise<WindowLaunch> {
  const { openAppWindow } = await import('../window/index.js');
  return openAppWindow({ url, dataDir });
}

/** How long a second start waits for the running app's UI server, which starts after its control plane. */
const UI_WAIT_MS = 5000;

/** The running app's UI address, waiting for it while the app may still be starting its UI server. */
async function uiOf(dataDir: string, pid: number): Promise<UiInfo | null> {
  const deadline = Date.now() + UI_WAIT_MS;
  for (;;) {
    const ui = readUiInfo(dataDir);
    if (ui !== null && ui.pid === pid) return ui;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A second start on the same data dir opens a window on the running app instead of starting again. */
async function showRunningApp(
  install: CliInstall,
  options: RunOptions,
  output: CliOutput,
  where: { pid: number; controlPlane: string },
): Promise<void> {
  output.out(`Client is already running (pid ${where.pid}) on data dir ${install.dataDir}; ${where.controlPlane}\n`);
  const ui = await uiOf(install.dataDir, where.pid);
  if (ui === null) return;
  output.out(`UI: ${ui.url}\n`);
  if (!options.noWindow) output.out(windowLine(await openWindow(ui.url, install.dataDir)));
}

/**
 * `client`: runs the app until Ctrl-C or SIGTERM, then shuts down cleanly, printing the UI address and
 * opening the window unless `--no-window`. On a data dir where the app already runs it starts nothing,
 * says where the running one is, opens a window on it, and exits 0.
 */
export async function runApp(install: CliInstall, options: RunOptions, output: CliOutput): Promise<number> {
  // Listened for once, from the moment the control plane's line is printed.
  let stopSignal: Promise<NodeJS.Signals> | undefined;
  const stopped = () => {
    stopSignal ??= waitForStopSignal(output);
    return stopSignal;
  };
  const result = await startApp({
    dataDir: install.dataDir,
    flavor: install.flavor,
    ports: install.ports,
    log: createLineLogger(output.err),
    ui: { mcpCommand: resolveMcpCommand() },
    onControlPlane(early) {
      // Listen before the banner: whoever reads it may signal at once (even while the UI server starts), and an
      // unheard SIGTERM kills the process without the clean shutdown.
      stopped();
      printControlPlane(output, early);
      keepYoungGenerationSmall();
    },
  });
  if (!result.started) {
    const { holder, agentInfo } = result;
    const controlPlane =
      agentInfo === null || agentInfo.pid !== holder.pid
        ? 'its control plane is not running (`client status` says why)'
        : `its control plane is at http://127.0.0.1:${agentInfo.port}`;
    await showRunningApp(install, options, output, { pid: holder.pid, controlPlane });
    return 0;
  }
  const { app } = result;
  // The control plane's socket keeps the process alive, but it may be down; this keeps it alive regardless.
  const keepAlive = setInterval(() => {}, 1 << 30);
  try {
    printUi(output, app);
    setReadyFlags();
    if (!options.noWindow && app.ui !== null) {
      output.out(windowLine(await openWindow(app.ui.url, install.dataDir)));
    }
    const signal = await stopped();
    output.out(`Stopping (${signal})…\n`);
    await app.close();
    output.out('Stopped.\n');
    return 0;
  } finally {
    clearInterval(keepAlive);
  }
}
